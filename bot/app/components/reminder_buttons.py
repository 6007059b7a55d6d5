"""The "Review now" button of a due-questions reminder DM.

Its custom_id names the member and the member-local day of the reminder, so it is also the marker
a reminder is looked for by in the DM channel before it is sent again (bot/app/reminders.py).
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import discord

from bot.app.components.base import PersistentButton
from bot.app.components.review_buttons import Session, start_review


def reminder_marker(member_id: int, day: date) -> str:
    return f"dr:{member_id}:{day:%Y%m%d}"


class ReviewNowButton(
    PersistentButton, template=re.compile(r"dr:(?P<member>[0-9]+):(?P<day>[0-9]{8})")
):
    def __init__(self, member_id: int, day: str, label: str = "→") -> None:
        self.member_id, self.day = member_id, day
        super().__init__(f"dr:{member_id}:{day}", label, discord.ButtonStyle.primary)

    @classmethod
    def for_reminder(cls, member_id: int, day: date, label: str) -> ReviewNowButton:
        return cls(member_id, f"{day:%Y%m%d}", label)

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ReviewNowButton:
        return cls(int(match["member"]), match["day"])

    async def handle(self, interaction: discord.Interaction[Any]) -> None:
        await start_review_from_dm(interaction)


async def start_review_from_dm(interaction: discord.Interaction[Any]) -> None:
    """The one place a reminder starts a review: everything due, for whoever clicked (only the
    member sees their DM). The review service's own DM entry replaces this call when it lands."""
    await start_review(interaction, Session(interaction.user.id, scope=""))
