"""The stand-in as one object: world, gateway, interactions, limits, faults and the request log."""

from __future__ import annotations

import asyncio
import mimetypes
from collections import deque
from pathlib import Path

from standin import installs
from standin.attachments import MessageFiles
from standin.clock import Clock
from standin.command_files import CommandFile
from standin.commands import OptionValue, command_data
from standin.config import StandInConfig
from standin.errors import RefusedError
from standin.events import Event, EventBus
from standin.faults import Faults
from standin.gateway import Gateway
from standin.installs import GUILD_INSTALL, command_owners
from standin.interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Interaction,
    InteractionDesk,
)
from standin.invalid_requests import InvalidRequests
from standin.modals import OpenModal, Value, submission
from standin.model import Guild, Json, Message, Upload
from standin.openapi import OpenApiSpec, shared_spec, spec_path
from standin.payloads import interaction_payload
from standin.permissions import guild_permissions
from standin.ratelimit import RateLimiter
from standin.scheduler import Scheduler
from standin.session_starts import SessionStarts
from standin.world import World

LOG_DEPTH = 10_000


class StandIn:
    def __init__(
        self,
        config: StandInConfig | None = None,
        spec: OpenApiSpec | None = None,
        *,
        check_spec: bool = True,
    ) -> None:
        self.config = config or StandInConfig()
        self.spec = spec if spec is not None or not check_spec else shared_spec(spec_path())
        self.clock = Clock(self.config.clock_file, self.config.wall_clock)
        self.world = World(self.clock.now)
        self.events = EventBus()
        self.world.watchers.append(self.events.world_changed)
        self.url = ""  # set once the server listens
        self.session_starts = SessionStarts(self.config)
        self.gateway = Gateway(
            self.world, self.config, lambda: self.gateway_url, self.session_starts
        )
        self.files = MessageFiles(self.world.ids, lambda: self.url)  # and the CDN serving them
        self.desk = InteractionDesk(self.world, self.config, self.files)
        self.scheduler = Scheduler(self.world, self.gateway, self.clock)
        self.scheduler.watchers.append(self.events.scheduled_event_changed)
        self.clock.watchers.append(lambda: self.events.clock_moved(self.clock.state()))
        self.limiter = RateLimiter(self.config)
        self.invalid_requests = InvalidRequests(
            self.config.clock, self.config.limits.invalid_request_window
        )
        self.faults = Faults()
        self.request_log: deque[Json] = deque(maxlen=LOG_DEPTH)
        self.openapi_failures: list[Json] = []
        self._next_change = asyncio.Event()

    @property
    def next_change(self) -> asyncio.Event:
        """Set at the next request that may change what a watcher sees (the bot's, or a
        control call other than a read), so an in-process watcher need not poll."""
        return self._next_change

    def changed(self) -> None:
        self._next_change.set()
        self._next_change = asyncio.Event()

    @property
    def gateway_url(self) -> str:
        return self.url.replace("http://", "ws://", 1) + "/gateway"

    @property
    def spec_file(self) -> Path | None:
        return spec_path() if self.spec is not None else None

    async def command(
        self,
        user_id: int,
        channel_id: int,
        name: str,
        options: dict[str, OptionValue],
        focused: str | None = None,
        *,
        forged: bool = False,
    ) -> Interaction:
        """A member runs a command; ``forged``: from a modified client, whose channel and role
        options may name those of other servers (standin/resolved.py)."""
        channel = self.world.channel(channel_id)
        self._check_in_channel(user_id, channel.id)
        data = command_data(
            self.world, channel, user_id, name, options=options, focused=focused, forged=forged
        )
        command = self.world.commands.find(channel.guild_id, data["name"])
        assert command is not None  # noqa: S101  # command_data found it
        owners = command_owners(self.world, channel, self.world.user(user_id), command)
        kind = APPLICATION_COMMAND if focused is None else AUTOCOMPLETE
        return await self._dispatch(kind, user_id, channel_id, data, owners)

    async def click(self, user_id: int, message_id: int, custom_id: str) -> Interaction:
        message = self.desk.clickable(user_id, message_id, custom_id)
        data = {"custom_id": custom_id, "component_type": 2}
        owners = self._owners(message)
        return await self._dispatch(
            MESSAGE_COMPONENT, user_id, message.channel_id, data, owners, message_id=message_id
        )

    async def forged_click(self, user_id: int, message_id: int, custom_id: str) -> Interaction:
        """A click as a modified client sends it: any custom_id, on any message the user sees."""
        message = self.desk.forgeable(user_id, message_id)
        data = {"custom_id": custom_id, "component_type": 2}
        owners = self._owners(message)
        return await self._dispatch(
            MESSAGE_COMPONENT, user_id, message.channel_id, data, owners, message_id=message_id
        )

    def _owners(self, message: Message) -> Json:
        """Who authorizes a click on ``message``: the installations that authorized the
        interaction it answers, else (the bot posted it) the server's installation there."""
        if message.interaction is not None:
            return dict(message.interaction["authorizing_integration_owners"])
        channel = self.world.channel(message.channel_id)
        return installs.owners(self.world, channel, self.world.bot, [GUILD_INSTALL])

    async def submit_modal(
        self, user_id: int, values: dict[str, Value], files: dict[str, list[Upload]]
    ) -> Interaction:
        """The member submits the modal they have open, with ``values`` by custom_id (the rest
        as it was filled in) and ``files`` uploaded per file upload: a MODAL_SUBMIT."""
        modal = self.open_modal(user_id)
        self._check_in_channel(user_id, modal.channel_id)
        uploaded = {
            name: [self._modal_file(modal.channel_id, upload) for upload in given]
            for name, given in files.items()
        }
        answered = submission(modal.data, values, uploaded)
        data: Json = {"custom_id": modal.data["custom_id"], "components": answered.components}
        if answered.attachments:
            data["resolved"] = {"attachments": answered.attachments}
        self.close_modal(user_id)
        message_id = modal.message_id if modal.message_id in self.world.messages else None
        opened_by = self.desk.by_id[modal.interaction_id].payload
        authorized = opened_by["authorizing_integration_owners"]  # as the modal's opener
        return await self._dispatch(
            MODAL_SUBMIT, user_id, modal.channel_id, data, authorized, message_id=message_id
        )

    def open_modal(self, user_id: int) -> OpenModal:
        modal = self.desk.modals.get(user_id)
        if modal is None:
            raise RefusedError(f"user {user_id} has no modal open", 409)
        return modal

    def close_modal(self, user_id: int) -> OpenModal:
        """The member closes their modal (Discord tells the bot nothing)."""
        modal = self.desk.modals.pop(user_id, None)
        if modal is None:
            raise RefusedError(f"user {user_id} has no modal open", 409)
        data = {"interaction_id": str(modal.interaction_id)}
        self.events.publish(Event("modal_close", data=data, for_user=user_id))
        return modal

    def _modal_file(self, channel_id: int, upload: Upload) -> Json:
        if len(upload.data) > self.config.limits.attachment_size_limit:
            raise RefusedError(f"{upload.filename} is over the member's upload limit", 413)
        kind = mimetypes.guess_type(upload.filename)[0] or upload.content_type
        added = self.world.command_files.add(
            CommandFile(
                self.world.ids.next(), channel_id, upload.filename, kind, upload.data, self.url
            )
        )
        return added.payload()

    async def _dispatch(
        self,
        kind: int,
        user_id: int,
        channel_id: int,
        data: Json,
        owners: Json,
        *,
        message_id: int | None = None,
    ) -> Interaction:
        user, channel = self.world.user(user_id), self.world.channel(channel_id)
        payload = interaction_payload(
            self.world, self.config.limits, kind, user, channel, data=data, owners=owners
        )
        if message_id is not None:
            payload["message"] = self.world.messages[message_id].payload()
        interaction = self.desk.open(kind, user, channel, payload, message_id)
        if not await self.gateway.dispatch("INTERACTION_CREATE", payload, channel.guild_id):
            raise RefusedError("no bot is connected to the gateway for this guild")
        if kind != AUTOCOMPLETE:  # a member sees "This interaction failed" for the others
            self.events.watch_deadline(
                lambda: interaction.acknowledged_at is None and self.desk.failed(interaction),
                self.config.limits.interaction_deadline,
                lambda: self.desk.report(interaction),
                user_id,
            )
        return interaction

    def _check_in_channel(self, user_id: int, channel_id: int) -> None:
        channel = self.world.channel(channel_id)
        if channel.guild_id is None:
            if user_id not in {user.id for user in channel.recipients}:
                raise RefusedError(f"user {user_id} is not in DM channel {channel_id}", 403)
            return
        self.world.member(channel.guild_id, user_id)
        if not self.world.permissions(channel, user_id):
            raise RefusedError(f"user {user_id} cannot see channel {channel_id}", 403)

    async def remove_bot(self, guild_id: int) -> None:
        """The server removes the bot: it hears GUILD_DELETE, as on Discord, and the server's
        installation no longer authorizes anything there (standin/installs.py)."""
        self.world.remove_bot(self.world.guild(guild_id))
        await self.gateway.dispatch("GUILD_DELETE", {"id": str(guild_id)}, guild_id)

    def messages_seen_by(self, channel_id: int, user_id: int) -> list[Json]:
        self._check_in_channel(user_id, channel_id)
        seen = [
            m
            for m in self.world.messages.values()
            if m.channel_id == channel_id and self.world.can_see(user_id, m)
        ]
        return [m.payload() for m in seen]

    def state(self) -> Json:
        return {
            "application_id": str(self.world.application_id),
            "bot_user_id": str(self.world.bot.id),
            "url": self.url,
            "openapi_spec": None if self.spec_file is None else str(self.spec_file),
            "guilds": [self.guild_state(g) for g in self.world.guilds.values()],
            "sessions": self.gateway.sessions(),
            "rate_limited_count": self.limiter.sent_429,
            "commands": {
                "global": self.world.commands.global_commands,
                "guild": {str(k): v for k, v in self.world.commands.guild_commands.items()},
            },
        }

    def guild_state(self, guild: Guild) -> Json:
        members = [
            {
                "id": str(member.user.id),
                "name": member.user.username,
                "locale": member.locale,
                "roles": [str(r) for r in member.roles],
                "permissions": str(guild_permissions(guild, member)),
                "bot": member.user.bot,
            }
            for member in guild.members.values()
        ]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "owner_id": str(guild.owner_id),
            "locale": guild.preferred_locale,
            "channels": [{"id": str(c.id), "name": c.name} for c in guild.channels.values()],
            "roles": [
                {
                    "id": str(r.id),
                    "name": r.name,
                    "permissions": str(r.permissions),
                    "mentionable": r.mentionable,
                }
                for r in guild.roles.values()
            ],
            "members": members,
        }
