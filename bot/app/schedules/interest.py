"""A DM, a few minutes before a scheduled round, to each member who pressed "Interested" on the
schedule's Discord event: in their DM language, never in their quiet hours, not at all for a
member who turned it off (`/settings event_reminders`).

Who is interested is asked of Discord (the event's users: discord.py drops the gateway's
USER_ADD for members it has not cached, and the bot caches none). Each member's notice is
decided once in the database, so of several processes one tells them, once; a crash between
that record and the DM loses the DM (at most once: a notice minutes before a round is worth
less than a second one).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime

import discord
from discord.http import Route

from bot.app.kit.catalogue import tr
from bot.app.kit.command_text import command_as_shown
from bot.app.kit.limits import CONTENT, fit_text
from bot.app.kit.message_parts import pack_title, relative_time
from bot.app.kit.public_locale import public_locale
from bot.app.kit.retry import describe
from bot.app.shelf.shelf import PackShelf
from bot.quiz.schedules.series import Occurrence, Schedule
from bot.storage.database import Database
from bot.storage.results import MemberSettings
from bot.storage.schedules import events
from bot.storage.settings import settings

log = logging.getLogger(__name__)

PAGE = 100  # Discord's most users per page of an event's users
MAX_TOLD = 1000  # interested members told before one round, at most


class InterestNotices:
    def __init__(self, client: discord.Client, db: Database, shelf: PackShelf) -> None:
        self._client = client
        self._db = db
        self._shelf = shelf
        self._tasks: set[asyncio.Task[None]] = set()

    def tell(self, schedule: Schedule, occurrence: Occurrence, now: datetime) -> None:
        """Tells the event's interested members of the round, in the background (DMs to many
        members take a while: the loop goes on)."""
        task = asyncio.create_task(
            self._tell_safely(schedule, occurrence, now), name=f"interest-{schedule.id}"
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def wait(self) -> None:
        """Until every notice in hand is sent (tests, and a clean stop)."""
        await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await self.wait()

    async def _tell_safely(self, schedule: Schedule, occurrence: Occurrence, now: datetime) -> None:
        try:
            told = await self._tell(schedule, occurrence, now)
        except Exception as error:  # noqa: BLE001  # the next pass does not retry: logged
            log.warning("schedule %s: interested not told (%s)", schedule.id, describe(error))
            return
        if told:
            log.info(
                "schedule %s: %d interested told of %s", schedule.id, told, occurrence.local_day
            )

    async def _tell(self, schedule: Schedule, occurrence: Occurrence, now: datetime) -> int:
        told = 0
        for member_id in await self._interested(schedule):
            member = await settings.member_settings(self._db, member_id)
            wanted = member.event_reminders and not member.quiet_at(now)
            day = occurrence.local_day
            if (
                await events.claim_notice(self._db, schedule.id, day, member_id, now, sent=wanted)
                and wanted
            ):
                told += await self._send(schedule, occurrence, member)
        return told

    async def _interested(self, schedule: Schedule) -> list[int]:
        """The ids of the members interested in the schedule's event, page by page."""
        found: list[int] = []
        while len(found) < MAX_TOLD:
            route = Route(
                "GET",
                "/guilds/{guild_id}/scheduled-events/{event_id}/users",
                guild_id=schedule.guild_id,
                event_id=schedule.event_id,
            )
            params: dict[str, str | int] = {"limit": PAGE}
            if found:
                params["after"] = found[-1]
            page = await self._client.http.request(route, params=params)
            found += [int(entry["user"]["id"]) for entry in page]
            if len(page) < PAGE:
                break
        return found[:MAX_TOLD]

    async def _send(
        self, schedule: Schedule, occurrence: Occurrence, member: MemberSettings
    ) -> int:
        library = (await self._shelf.view(schedule.guild_id)).known
        pack = library.get(schedule.pack_id)
        # Their DM language, else the client language they last used the bot in, else (a member
        # never seen) the server's, as a round's end is told.
        own = member.locale or member.client_locale
        locale = own or await public_locale(self._client, self._db, schedule.guild_id, pack)
        text = tr(
            locale,
            "schedule.interest",
            pack=pack_title(pack, schedule.pack_id, locale),
            time=relative_time(occurrence.due_at),
            channel=f"<#{schedule.channel_id}>",
            command=command_as_shown(locale, "settings"),
        )
        try:
            channel = await self._client.create_dm(discord.Object(member.member_id))
            await channel.send(fit_text(text, CONTENT))
        except discord.HTTPException as refused:  # DMs closed: nothing more to do
            log.info("schedule %s: <@%s> not told (%s)", schedule.id, member.member_id, refused)
            return 0
        return 1
