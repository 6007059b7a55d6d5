"""An open question's "N answered" counter, kept current on its message while clicks come in.

Each edit counts against Discord's global limit of requests, which every round of the bot
shares, so a question's counter is edited at most ``EDITS_PER_QUESTION`` times, spread over its
time (never closer than ``COUNTER_EDIT_INTERVAL_S``), however many clicks there are. With the
question's post and its reveal that keeps a question to five requests. The counter is a
courtesy: when the budget is short its edit is skipped (bot.app.kit.rest_budget.py) and the
next waits twice as long."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bot.app.kit.button_origin import question_purpose
from bot.app.kit.rest_budget import BudgetShortError, Priority, requests_at
from bot.app.kit.retry import describe
from bot.app.rounds.round_messages import RoundMessages
from bot.storage.database import Database
from bot.storage.results import RoundView
from bot.storage.rounds import tallies

log = logging.getLogger(__name__)

COUNTER_EDIT_INTERVAL_S = 3.0  # at most one counter edit per question message this often
EDITS_PER_QUESTION = 3


async def keep_counter_current(
    messages: RoundMessages,
    db: Database,
    view: RoundView,
    answered: asyncio.Event,
    closed: asyncio.Event,
) -> None:
    """Edits the counter after clicks (``answered``) until the question is ``closed``."""
    shown, edits = -1, 0
    pause = max(COUNTER_EDIT_INTERVAL_S, view.question_seconds / EDITS_PER_QUESTION)
    while edits < EDITS_PER_QUESTION:
        await answered.wait()
        answered.clear()
        if closed.is_set():
            return
        wait = pause
        try:
            with requests_at(Priority.COURTESY):
                shown, edited = await _edit_counter(messages, db, view, shown)
            edits += edited
        except BudgetShortError:
            wait = 2 * pause  # the bot's rounds are busy: leave them the room
        except Exception as error:  # noqa: BLE001  # the counter is a courtesy, never a stop
            log.warning("round %s: counter not updated (%s)", view.id, describe(error))
        with contextlib.suppress(TimeoutError):  # rate pacing; ends early on close
            await asyncio.wait_for(closed.wait(), wait)


async def _edit_counter(
    messages: RoundMessages, db: Database, view: RoundView, shown: int
) -> tuple[int, bool]:
    """The count shown now, and whether an edit was sent for it."""
    index = view.question_index
    count = (await tallies.tally(db, view.id, index)).answered
    message_id = view.message_ids.get(question_purpose(index))
    if count == shown or message_id is None or view.closes_at is None:
        return shown, False
    await messages.edit_question(view, index, message_id, count, view.closes_at)
    return count, True
