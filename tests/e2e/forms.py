"""Driving a question form through the stand-in, as a moderator does in Discord: a command or a
button opens a modal, the moderator fills it in and submits it, the bot's private reply says
what next; helpers shared by the forms' end-to-end tests."""

from __future__ import annotations

from typing import Any

from standin.interactions import DEFERRED_MESSAGE, DEFERRED_UPDATE
from standin.modal_driver import FileGiven
from tests.e2e.conftest import TIMEOUT, Json, QuizWorld, buttons_of, content_of

RADIO_GROUP, TEXT_INPUT, LABEL = 21, 4, 18
DEFERRED = (DEFERRED_UPDATE, DEFERRED_MESSAGE)


async def opened(world: QuizWorld, user: int, command: str, **options: Any) -> Json:
    """Runs a command that answers with a modal; the modal, once the member sees it."""
    asked = await world.standin.command(user, world.channel_id, command, **options)
    return await world.standin.wait_for_modal(user, asked, timeout=TIMEOUT)


async def submitted(
    world: QuizWorld,
    user: int,
    values: dict[str, Any],
    files: dict[str, list[FileGiven]] | None = None,
) -> Json:
    """Submits the member's open modal with ``values`` (and ``files`` per file upload); the
    report once the bot answered (a deferred answer, once its edit is in too)."""
    interaction = await world.standin.submit_modal(user, values, files)
    report = await world.standin.wait_for_response(interaction, timeout=TIMEOUT)
    if report["responses"][0]["type"] not in DEFERRED:
        return report

    async def edited() -> Json:
        again = await world.standin.interaction(interaction)
        return again if len(again["responses"]) > 1 else {}

    return await world.standin.wait_for(edited, timeout=TIMEOUT)


async def reply_message(world: QuizWorld, user: int) -> Json:
    """The form's private reply as the member sees it now (the newest message with its
    buttons)."""
    return await world.wait_for_message(
        lambda m: any(b.get("custom_id", "")[:3] in {"fo:", "fs:", "fc:"} for b in buttons_of(m)),
        as_user=user,
    )


def button(message: Json, label: str) -> str:
    """The custom_id of the message's button labelled ``label``."""
    found = [b["custom_id"] for b in buttons_of(message) if b.get("label") == label]
    assert found, f"no button {label!r} in {[b.get('label') for b in buttons_of(message)]}"
    return str(found[0])


async def press(world: QuizWorld, user: int, message: Json, label: str) -> Json:
    """Clicks a button of the form's reply; the report once the bot answered it (a deferred
    update, as Save is, once its edit is in too)."""
    report = await world.click(user, message["id"], button(message, label))
    if report["responses"][0]["type"] != DEFERRED_UPDATE:
        return report

    async def edited() -> Json:
        again = await world.standin.interaction(int(report["id"]))
        return again if len(again["responses"]) > 1 else {}

    return await world.standin.wait_for(edited, timeout=TIMEOUT)


async def pressed_open(world: QuizWorld, user: int, message: Json, label: str) -> Json:
    """Clicks a button that opens a modal; the modal."""
    interaction = await world.standin.click(user, message["id"], button(message, label))
    return await world.standin.wait_for_modal(user, interaction, timeout=TIMEOUT)


def fields(modal: Json) -> dict[str, Json]:
    """The modal's inputs by custom_id, each with the label it sits in (``label``)."""
    found = {}
    for component in modal["components"]:
        if component["type"] == LABEL:
            inner = component["component"]
            found[inner["custom_id"]] = {**inner, "label": component["label"]}
    return found


def said(report: Json) -> str:
    return "\n".join(content_of(response) for response in report["responses"])
