"""An open question's "N answered" counter, kept current on its message while clicks come in,
at most one edit per interval however many clicks there are (Discord's edit rate limits)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bot.app.kit.button_origin import question_purpose
from bot.app.kit.retry import describe
from bot.app.rounds.round_messages import RoundMessages
from bot.storage.database import Database
from bot.storage.results import RoundView
from bot.storage.rounds import tallies

log = logging.getLogger(__name__)

COUNTER_EDIT_INTERVAL_S = 3.0  # at most one counter edit per question message this often


async def keep_counter_current(
    messages: RoundMessages,
    db: Database,
    view: RoundView,
    answered: asyncio.Event,
    closed: asyncio.Event,
) -> None:
    """Edits the counter after clicks (``answered``) until the question is ``closed``."""
    shown = -1
    while True:
        await answered.wait()
        answered.clear()
        if closed.is_set():
            return
        try:
            shown = await _edit_counter(messages, db, view, shown)
        except Exception as error:  # noqa: BLE001  # the counter is a courtesy, never a stop
            log.warning("round %s: counter not updated (%s)", view.id, describe(error))
        with contextlib.suppress(TimeoutError):  # rate pacing; ends early on close
            await asyncio.wait_for(closed.wait(), COUNTER_EDIT_INTERVAL_S)


async def _edit_counter(messages: RoundMessages, db: Database, view: RoundView, shown: int) -> int:
    index = view.question_index
    count = (await tallies.tally(db, view.id, index)).answered
    message_id = view.message_ids.get(question_purpose(index))
    if count == shown or message_id is None or view.closes_at is None:
        return shown
    await messages.edit_question(view, index, message_id, count, view.closes_at)
    return count
