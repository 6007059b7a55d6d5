"""Which desired retention schedules a card: the member's for its pack, else the member's own,
else the server's default for the pack, else the bot's (``retention.DEFAULT_RETENTION``).

A member's choices come first because the schedule is theirs: a server's default is for those
who said nothing. The server whose default counts is the pack's own server for a server's pack
(its id carries it), and for a shipped pack the server the answer is given in (a round's, or
the one /review runs in); a shipped pack answered in a DM has no server default. A change
applies from the card's next review on: its current due date stays (docs/learning.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.quiz.review.retention import DEFAULT_RETENTION, RETENTION_CHOICES

# The choice that clears a target: the next one down the order applies again.
CLEAR_TARGET = 0

__all__ = ["CLEAR_TARGET", "Targets", "deciding_server", "is_target"]


def is_target(percent: int | None) -> bool:
    """Whether ``percent`` is a target one may hold (a stored value no longer offered is not)."""
    return percent in RETENTION_CHOICES


def deciding_server(pack_server: int | None, answered_in: int | None) -> int | None:
    """The server whose default applies: the pack's own (``pack_server``; None for a shipped
    pack), else the one the answer is given in (None: a DM, or not known)."""
    return pack_server if pack_server is not None else answered_in


@dataclass(frozen=True, slots=True)
class Targets:
    """The targets that may decide one member's cards: their own, theirs per pack, and the
    servers' defaults per (server, pack)."""

    own: int | None = None
    packs: Mapping[str, int] = field(default_factory=dict)
    server_packs: Mapping[tuple[int, str], int] = field(default_factory=dict)

    def member_target(self, pack_id: str) -> int | None:
        """The member's own choice for the pack, else for themselves; None if they made none."""
        for chosen in (self.packs.get(pack_id), self.own):
            if is_target(chosen):
                return chosen
        return None

    def percent_for(self, pack_id: str, server: int | None) -> int:
        """The target of a card of ``pack_id`` whose server default is ``server``'s
        (``deciding_server``), in percent."""
        chosen = self.member_target(pack_id)
        if chosen is not None:
            return chosen
        default = None if server is None else self.server_packs.get((server, pack_id))
        return default if default is not None and is_target(default) else DEFAULT_RETENTION
