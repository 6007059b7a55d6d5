"""Due-questions reminders by DM, for members who turned them on in /settings.

Each pass reads the members with reminders on whose ids fall on this process's shards (every
member, unsharded; the processes of a sharded bot share them, as they share the servers) and asks
the domain whether a reminder is owed now (bot.quiz.reminders.reminder_settings: their hour, quiet
hours, once per member-local day). One that is, with at least one question due, is claimed in the
database (bot/storage/reminders/due_reminders.py), so that of several bot processes exactly one
sends it, and is marked sent once Discord confirms the DM. A pass sends ``SENDS_AT_ONCE`` at a
time.

A crash between the send and the mark leaves a claim with a send noted and no confirmation; once
its lease runs out a later pass (of any process) picks it up, looks for the DM in the member's DM
channel by its button's custom_id, and sends it only if it is not there. So a reminder is never
lost, and is repeated only if Discord took the DM but the channel's history did not show it: at
least once, with the look-up making a repeat unlikely. (At most once would lose the day's
reminder to every crash in that window, silently; a rare repeat is the smaller harm.)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import Callable
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import discord

from bot.app.kit.catalogue import tr
from bot.app.kit.grace import finish_within
from bot.app.kit.limits import CONTENT, fit_text
from bot.app.kit.posted_messages import find_posted
from bot.app.kit.rest_budget import Priority, requests_at
from bot.app.kit.retry import describe
from bot.app.reminders.buttons import ReminderButton, reminder_marker
from bot.quiz.packs.library import Library
from bot.quiz.reminders.reminder_settings import reminder_day, reminder_window
from bot.quiz.review.backlog import Offer
from bot.quiz.review.session import backlog_of
from bot.quiz.shards.served import EVERY_SHARD, ServedShards
from bot.storage.database import Database
from bot.storage.reminders import due_reminders
from bot.storage.reminders.due_reminders import Candidate, Claim
from bot.storage.results import MemberSettings
from bot.storage.review.review_step import next_review

log = logging.getLogger(__name__)

PASS_INTERVAL_S = 60.0
LEASE = timedelta(minutes=2)  # longer than any one send takes, retries included
# Reminders in flight at once, per process: each is a DM channel opened and a message sent, and
# Discord takes 50 requests a second of a bot across its processes.
SENDS_AT_ONCE = 8
SHUTDOWN_GRACE_S = 5.0
CANNOT_MESSAGE_USER = 50007


def worker_name() -> str:
    """This process, as claims name it (host, pid and a random part: pids repeat)."""
    return f"{socket.gethostname()[:32]}:{os.getpid()}:{secrets.token_hex(4)}"


class ReminderLoop:
    def __init__(
        self,
        client: discord.Client,
        db: Database,
        library: Library,
        clock: Callable[[], datetime],
        *,
        interval_s: float = PASS_INTERVAL_S,
        shards: Callable[[], ServedShards] = lambda: EVERY_SHARD,
        sends_at_once: int = SENDS_AT_ONCE,
    ) -> None:
        self._client = client
        self._shards = shards  # this process sends the reminders of the members on its shards
        self._sends_at_once = sends_at_once
        self._db = db
        self._library = library
        self._clock = clock
        self._interval_s = interval_s
        self.worker = worker_name()
        self.passes = 0  # completed passes, for the log and for tests that wait on one
        self.refused: set[int] = set()  # members to tell that their reminders went off
        self._task: asyncio.Task[None] | None = None
        self._closing = asyncio.Event()

    def start(self) -> None:
        if self._task is None and not self._closing.is_set():
            with requests_at(Priority.ROUTINE):  # DMs wait behind rounds
                self._task = asyncio.create_task(self._run(), name="reminders")

    async def shutdown(self) -> None:
        """Stops after the member in hand (a DM is not cut off between send and mark)."""
        self._closing.set()
        if self._task is not None:
            await finish_within([self._task], SHUTDOWN_GRACE_S)

    async def _run(self) -> None:
        while not self._closing.is_set():
            try:
                sent = await self.run_pass()
            except Exception as error:  # noqa: BLE001  # e.g. the database is away: next pass
                log.warning("reminders: pass failed (%s)", describe(error))
            else:
                if self.passes == 0 or sent:
                    log.info("reminders: pass %d done, %d sent", self.passes + 1, sent)
            self.passes += 1
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._closing.wait(), self._interval_s)

    async def run_pass(self) -> int:
        """Sends every reminder owed now to the members on this process's shards (claims left
        unconfirmed first); how many were sent."""
        shards = self._shards()
        if shards.none:
            return 0
        now = self._clock()
        self.refused = await due_reminders.refused_members(self._db)
        owed: list[tuple[MemberSettings, date]] = []
        for candidate in await due_reminders.unfinished(self._db, now, shards):
            day = _window(candidate.settings, now)
            if day is not None and day == candidate.last_reminded:
                owed.append((candidate.settings, day))
        candidates = await due_reminders.candidates(self._db, shards)
        days = ((candidate.settings, _owed(candidate, now)) for candidate in candidates)
        owed.extend((settings, day) for settings, day in days if day is not None)
        return await self._send_all(owed, now)

    async def _send_all(self, owed: list[tuple[MemberSettings, date]], now: datetime) -> int:
        """Claims and sends ``owed``, ``sends_at_once`` at a time (discord.py paces each route,
        and waits out Discord's global limit); how many were sent. A failure (the database
        away) stops its sender; the pass fails with it once the others are done."""
        waiting = iter(owed)  # each sender takes the next: every reminder is tried once

        async def sender() -> int:
            sent = 0
            for settings, day in waiting:
                sent += await self._claim_and_send(settings, day, now)
            return sent

        senders = min(self._sends_at_once, len(owed))
        done = await asyncio.gather(*(sender() for _ in range(senders)), return_exceptions=True)
        for outcome in done:
            if isinstance(outcome, BaseException):
                raise outcome
        return sum(outcome for outcome in done if isinstance(outcome, int))

    async def _claim_and_send(self, settings: MemberSettings, day: date, now: datetime) -> int:
        if self._closing.is_set():
            return 0
        member_id = settings.member_id
        counts = await due_reminders.due_counts(self._db, member_id, now)
        backlog = None
        if settings.daily_reviews is not None:  # what today's limit still offers, and what waits
            backlog = backlog_of(await next_review(self._db, member_id, now))
        if not counts or (backlog is not None and not backlog.left):
            return 0  # nothing due (or offered) yet: asked again next pass, the same day
        claim = await due_reminders.claim(
            self._db, member_id, day, worker=self.worker, now=now, lease=LEASE
        )
        if claim is None:  # sent already, or another process holds it
            return 0
        try:
            return await self._send(claim, settings, counts, backlog)
        except Exception as error:  # noqa: BLE001  # the claim's lease runs out: retried then
            log.warning("reminders: member %s, %s not sent (%s)", member_id, day, describe(error))
            return 0

    async def _send(
        self,
        claim: Claim,
        settings: MemberSettings,
        counts: dict[str, int],
        backlog: Offer | None,
    ) -> int:
        channel = await self._client.create_dm(discord.Object(claim.member_id))
        marker = reminder_marker(claim.member_id, claim.local_day)
        if claim.attempts > 0 and (found := await find_posted(self._client, channel, marker)):
            log.info(
                "reminders: member %s, %s found already sent", claim.member_id, claim.local_day
            )
            await due_reminders.sent(self._db, claim, found.id, self._clock())
            return 0
        text, view = self._reminder(claim, settings.dm_locale, counts, backlog)
        await due_reminders.note_attempt(self._db, claim)
        try:
            message = await channel.send(text, view=view)
        except discord.Forbidden as refused:
            if refused.code != CANNOT_MESSAGE_USER:
                raise
            log.info("reminders: member %s takes no DMs; reminders off", claim.member_id)
            await due_reminders.refused(self._db, claim)
            self.refused.add(claim.member_id)
            return 0
        await due_reminders.sent(self._db, claim, message.id, self._clock())
        return 1

    def _reminder(
        self, claim: Claim, locale: str, counts: dict[str, int], backlog: Offer | None
    ) -> tuple[str, discord.ui.View]:
        titles = []
        for pack_id in counts:
            pack = self._library.get(pack_id)
            titles.append(pack.title.get(locale) if pack is not None else pack_id)
        count = sum(counts.values())
        text = tr(locale, "reminder.due", count=count, packs=", ".join(titles))
        if backlog is not None and backlog.waiting:
            text = f"{text}\n{tr(locale, 'reminder.limited', left=backlog.left)}"
        view = discord.ui.View(timeout=None)
        label = tr(locale, "reminder.review_button")
        view.add_item(ReminderButton.for_reminder(claim.member_id, claim.local_day, label))
        return fit_text(text, CONTENT), view


def _zone(settings: MemberSettings) -> ZoneInfo | None:
    try:
        return ZoneInfo(settings.time_zone)
    except (ZoneInfoNotFoundError, ValueError):
        log.warning("reminders: member %s has an unknown time zone", settings.member_id)
        return None


def _window(settings: MemberSettings, now: datetime) -> date | None:
    zone = _zone(settings)
    return None if zone is None else reminder_window(now, zone, settings.reminder_rules)


def _owed(candidate: Candidate, now: datetime) -> date | None:
    zone = _zone(candidate.settings)
    if zone is None:
        return None
    return reminder_day(now, zone, candidate.settings.reminder_rules, candidate.last_reminded)
