"""Interactions: what members trigger, and the bot's responses under Discord's rules.

The initial response must come within 3 s (10062 after, and the member sees "This interaction
failed"), only once (40060); the token then serves followups and edits for 15 minutes.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import secrets
from dataclasses import dataclass, field

from standin import errors
from standin.attachments import MessageFiles, Uploads
from standin.config import StandInConfig
from standin.errors import DiscordError, RefusedError
from standin.layouts import IS_COMPONENTS_V2, check_edit
from standin.mentions import USERS_ONLY
from standin.modals import OpenModal, check_modal, with_ids
from standin.model import EPHEMERAL, LOADING, Channel, Json, Message, User
from standin.permissions import VIEW_CHANNEL
from standin.rules import buttons, check_message
from standin.world import World

APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT = 4, 5, 6, 7, 8
MODAL = 9
_FAILED_MARGIN_S = 0.01  # past the deadline, so a late answer's report already says "failed"
_ON_MESSAGE = {DEFERRED_UPDATE, UPDATE_MESSAGE}  # only where a message's component began it
# A modal answers a command or a click, never a modal's submission (Discord refuses that).
_ALLOWED = {
    APPLICATION_COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}


@dataclass(slots=True)
class Interaction:
    id: int
    token: str
    type: int
    user: User
    channel: Channel
    created: float
    payload: Json
    message_id: int | None = None  # the message whose component was clicked
    acknowledged_at: float | None = None
    original_id: int | None = None
    loading: bool = False  # deferred with "thinking": the first followup replaces it
    responses: list[Json] = field(default_factory=list)
    acknowledged: asyncio.Event = field(default_factory=asyncio.Event)


class InteractionDesk:
    def __init__(self, world: World, config: StandInConfig, files: MessageFiles) -> None:
        self._world = world
        self._config = config
        self._files = files
        self.by_id: dict[int, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self.modals: dict[int, OpenModal] = {}  # by member: a client shows one at a time
        # Each message's buttons by custom_id, with the components list they were read from:
        # walking a layout's nesting on every click cost the stand-in a fifth of its time.
        self._buttons: dict[int, tuple[object, dict[str, Json]]] = {}

    def open(
        self, kind: int, user: User, channel: Channel, payload: Json, message_id: int | None = None
    ) -> Interaction:
        """Record a new interaction; `payload` gets its id and token filled in."""
        interaction = Interaction(
            self._world.ids.next(),
            secrets.token_urlsafe(48),
            kind,
            user,
            channel,
            self._config.clock(),
            payload,
            message_id,
        )
        payload["id"], payload["token"] = str(interaction.id), interaction.token
        self.by_id[interaction.id] = interaction
        self._by_token[interaction.token] = interaction
        return interaction

    def clickable(self, user_id: int, message_id: int, custom_id: str) -> Message:
        """The message, if `user_id` sees it and it has an enabled button `custom_id`."""
        message = self._world.messages.get(message_id)
        if message is None or not self._world.can_see(user_id, message):
            raise RefusedError(f"user {user_id} cannot see message {message_id}", 404)
        button = self._buttons_of(message).get(custom_id)
        if button is None:
            raise RefusedError(f"message {message_id} has no button {custom_id!r}")
        if button.get("disabled"):
            raise RefusedError(f"button {custom_id!r} is disabled")
        return message

    def forgeable(self, user_id: int, message_id: int) -> Message:
        """The message, if `user_id` sees it: a modified client can send any custom_id with it,
        and Discord attaches its own copy of the message to the click all the same."""
        message = self._world.messages.get(message_id)
        if message is None or not self._world.can_see(user_id, message):
            raise RefusedError(f"user {user_id} cannot see message {message_id}", 404)
        return message

    def _buttons_of(self, message: Message) -> dict[str, Json]:
        components = message.body.get("components")
        known = self._buttons.get(message.id)
        if known is None or known[0] is not components:  # an edit replaces the list
            by_id = {str(b.get("custom_id")): b for b in reversed(list(buttons(message.body)))}
            known = (components, by_id)
            self._buttons[message.id] = known
        return known[1]

    def failed(self, interaction: Interaction) -> bool:
        """No initial response within the deadline: the member saw "This interaction failed"."""
        if interaction.acknowledged_at is not None:
            return interaction.acknowledged_at - interaction.created > self._deadline
        return self._config.clock() - interaction.created > self._deadline

    @property
    def _deadline(self) -> float:
        return self._config.limits.interaction_deadline

    # The interaction callback route.

    def callback(
        self, interaction_id: int, token: str, body: Json, uploads: Uploads | None = None
    ) -> tuple[Interaction, Message | None]:
        interaction = self.by_id.get(interaction_id)
        if interaction is None or interaction.token != token or self.failed(interaction):
            raise errors.unknown("interaction", errors.UNKNOWN_INTERACTION)
        if interaction.acknowledged_at is not None:
            raise DiscordError(
                400, errors.ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged."
            )
        kind = int(body["type"])
        from_message = interaction.message_id is not None
        if kind not in _ALLOWED[interaction.type] or (kind in _ON_MESSAGE and not from_message):
            raise errors.field_error(
                ["type"],
                "INTERACTION_RESPONSE_TYPE_INVALID",
                "Interaction response type is invalid for this interaction",
            )
        data = body.get("data") or {}
        message = self._respond(interaction, kind, data, uploads or {})
        interaction.acknowledged_at = self._config.clock()
        self._record(interaction, "callback", kind, body, message)
        interaction.acknowledged.set()
        return interaction, message

    async def first_response(self, interaction: Interaction) -> Json:
        """The interaction's report once the bot has answered it, or once it has failed (no
        answer within the deadline), whichever comes first: a load driver's wait, not polling."""
        left = interaction.created + self._deadline - self._config.clock()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(max(left, 0.0) + _FAILED_MARGIN_S):
                await interaction.acknowledged.wait()
        return self.report(interaction)

    def _respond(
        self, interaction: Interaction, kind: int, data: Json, uploads: Uploads
    ) -> Message | None:
        if kind == MESSAGE:
            check_message(data, ["data"])
            self._files.new_message(data, uploads)
            message = self._post(interaction, data)
            interaction.original_id = message.id
            return message
        if kind == DEFERRED_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message = self._post(interaction, {"content": "", "flags": flags})
            interaction.original_id, interaction.loading = message.id, True
            return message
        if kind == UPDATE_MESSAGE:
            check_message(data, ["data"])
            clicked = self._clicked(interaction)
            check_edit(clicked.body, data, ["data"])
            self._files.edit(clicked.body, data, uploads)
            interaction.original_id = clicked.id  # @original is now the message it updated
            return self._world.edit(clicked, data, USERS_ONLY)
        if kind == DEFERRED_UPDATE:
            interaction.original_id = self._clicked(interaction).id
        if kind == MODAL:
            check_modal(data, ["data"])
            self.modals[interaction.user.id] = OpenModal(
                interaction.id,
                interaction.user.id,
                interaction.channel.id,
                interaction.message_id,
                with_ids(copy.deepcopy(data)),
            )
        return None

    def _clicked(self, interaction: Interaction) -> Message:
        message = self._world.messages.get(interaction.message_id or 0)
        if message is None:
            raise errors.unknown("Message", errors.UNKNOWN_MESSAGE)
        return message

    def _post(self, interaction: Interaction, data: Json) -> Message:
        ephemeral = int(data.get("flags") or 0) & EPHEMERAL
        metadata = {
            "id": str(interaction.id),
            "type": interaction.type,
            "user": interaction.user.payload(),
            "authorizing_integration_owners": interaction.payload["authorizing_integration_owners"],
        }
        if interaction.original_id is not None:
            metadata["original_response_message_id"] = str(interaction.original_id)
        visible_to = interaction.user.id if ephemeral else None
        message = self._world.post(
            interaction.channel,
            data,
            visible_to=visible_to,
            interaction=metadata,
            default_mentions=USERS_ONLY,  # Discord's default for interactions and webhooks
        )
        message.invoked = invoked_command(interaction.payload.get("data") or {})
        return message

    def _record(
        self,
        interaction: Interaction,
        kind: str,
        response_type: int | None,
        body: Json,
        message: Message | None,
    ) -> None:
        elapsed = (self._config.clock() - interaction.created) * 1000
        interaction.responses.append(
            {
                "kind": kind,
                "type": response_type,
                "ms": round(elapsed, 1),
                "message_id": None if message is None else str(message.id),
                "body": body,
            }
        )

    # Webhook routes with the interaction token: followups and edits.

    def by_token(self, application_id: int, token: str) -> Interaction:
        interaction = self._by_token.get(token)
        if application_id != self._world.application_id or interaction is None:
            raise errors.unknown("Webhook", errors.UNKNOWN_WEBHOOK)
        if self._config.clock() - interaction.created > self._config.limits.token_lifetime:
            raise DiscordError(401, errors.INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        if interaction.acknowledged_at is None:
            raise errors.unknown("Webhook", errors.UNKNOWN_WEBHOOK)
        return interaction

    def followup(
        self, interaction: Interaction, body: Json, uploads: Uploads | None = None
    ) -> Message:
        check_message(body)
        self._files.new_message(body, uploads or {})
        if interaction.loading and interaction.original_id is not None:
            message = self._replace_loading(interaction, body)
        else:
            message = self._post(interaction, body)
        self._record(interaction, "followup", None, body, message)
        return message

    def _replace_loading(self, interaction: Interaction, body: Json) -> Message:
        message = self._world.messages[interaction.original_id or 0]
        # The deferral decided who sees it; the body may make it a layout. Discord counts this
        # as the reply arriving, not as an edit: the member sees no "(edited)" on it.
        flags = message.flags & EPHEMERAL | int(body.get("flags") or 0) & IS_COMPONENTS_V2
        self._world.edit(message, {**body, "flags": flags}, USERS_ONLY, edited=False)
        interaction.loading = False
        return message

    def webhook_message(self, interaction: Interaction, message_id: int | None) -> Message:
        """@original when `message_id` is None, else one of this interaction's messages."""
        target = interaction.original_id if message_id is None else message_id
        message = self._world.messages.get(target or 0)
        mine = message is not None and (
            message.id == interaction.original_id
            or (message.interaction or {}).get("id") == str(interaction.id)
        )
        if message is None or not mine:
            raise errors.unknown("Message", errors.UNKNOWN_MESSAGE)
        return message

    def edit(
        self, interaction: Interaction, message: Message, body: Json, uploads: Uploads | None = None
    ) -> Message:
        check_message(body)
        if not (message.id == interaction.original_id and interaction.loading):
            check_edit(message.body, body)
        self._files.edit(message.body, body, uploads or {})
        if message.id == interaction.original_id and interaction.loading:
            self._replace_loading(interaction, body)
        else:
            self._world.edit(message, body, USERS_ONLY)
        self._record(interaction, "edit", None, body, message)
        return message

    def delete(self, interaction: Interaction, message: Message) -> None:
        self._world.delete(message)
        self._record(interaction, "delete", None, {}, message)

    def report(self, interaction: Interaction) -> Json:
        first = interaction.responses[0]["ms"] if interaction.responses else None
        return {
            "id": str(interaction.id),
            "type": interaction.type,
            "user_id": str(interaction.user.id),
            "channel_id": str(interaction.channel.id),
            "acknowledged": interaction.acknowledged_at is not None,
            "failed": self.failed(interaction),
            "ms_to_first_response": first,
            "original_message_id": _str(interaction.original_id),
            "responses": interaction.responses,
        }


def invoked_command(data: Json) -> str | None:
    """ "quiz start" for a command's `data`; None for a click (it has no command name)."""
    if "name" not in data:
        return None
    words = [data["name"]]
    options = data.get("options") or []
    while options and "options" in options[0] and options[0].get("type") in (1, 2):
        words.append(options[0]["name"])
        options = options[0]["options"]
    return " ".join(words)


def _str(value: int | None) -> str | None:
    return None if value is None else str(value)


def can_view(world: World, channel: Channel, user_id: int) -> bool:
    return bool(world.permissions(channel, user_id) & VIEW_CHANNEL)
