"""The "Review now" button of a due-questions reminder DM (the review it starts is the one of
bot/app/review/buttons.py, as from any other "Review now").

Its custom_id names the member and the member-local day of the reminder, so it is also the marker
a reminder is looked for by in the DM channel before it is sent again (bot/app/reminders/loop.py).
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import discord

from bot.app.kit.button_origin import refuse
from bot.app.kit.buttons import PersistentButton
from bot.app.kit.custom_ids import DUE_REMINDER
from bot.app.review.buttons import start_review


def reminder_marker(member_id: int, day: date) -> str:
    return f"{DUE_REMINDER}:{member_id}:{day:%Y%m%d}"


class ReminderButton(
    PersistentButton, pattern=re.compile(rf"{DUE_REMINDER}:(?P<member>[0-9]+):(?P<day>[0-9]{{8}})")
):
    def __init__(self, member_id: int, day: str, label: str = "→") -> None:
        self.member_id, self.day = member_id, day
        super().__init__(f"{DUE_REMINDER}:{member_id}:{day}", label, discord.ButtonStyle.primary)

    @classmethod
    def for_reminder(cls, member_id: int, day: date, label: str) -> ReminderButton:
        return cls(member_id, f"{day:%Y%m%d}", label)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ReminderButton:
        return cls(int(match["member"]), match["day"])

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        # Everything due, for the member it reminded, in the DM it came in (not a group DM).
        mine = interaction.user.id == self.member_id and interaction.context.dm_channel
        if mine and _is_day(self.day):
            await start_review(interaction)
        else:
            await refuse(interaction)


def _is_day(code: str) -> bool:
    try:
        date.fromisoformat(code)  # YYYYMMDD
    except ValueError:
        return False
    return True
