"""Team rounds: which teams a round has, which team a member plays for, and how teams rank.

A round's teams are 2-6 roles of its server, in the order the moderator listed them, or
``auto``: 2-6 teams made of the members who answer. A member's team is decided at their first
answer of the round and stored with it (bot/storage/rounds/teams.py), so that neither a later change
of their roles nor a restart moves them to another team:

- role teams: the first listed role the member holds (as the click's member data carries it).
  A member who holds none answers and is ranked among the individuals, for no team.
- auto teams: the team with the fewest members so far; of teams equally few, the one a hash of
  the round's seed, the member's id and the team picks. So the teams never differ in size by
  more than one member, and who plays for which team depends on nothing but the round's seed,
  the member ids and the order in which members first answered.

Teams rank by points per member who played: the correct answers of the team's members divided
by how many of them answered at least once, so a team of three is not outscored by a team of
ten for being smaller. Teams equal in that share a rank; nobody played for a team: not ranked.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

MIN_TEAMS = 2
MAX_TEAMS = 6
MAX_TYPED = 200  # characters of the typed teams (six role mentions fit), bounded before reading
AUTO = "auto"

_SEPARATORS = re.compile(r"[\s,]+")
_ROLE = re.compile(r"<@&([0-9]{1,20})>|([0-9]{1,20})")


@dataclass(frozen=True, slots=True)
class TeamPlan:
    """A round's teams: ``role_ids`` in the order listed, or (none) ``count`` auto teams whose
    ties are drawn by ``seed``."""

    count: int
    role_ids: tuple[int, ...] = ()
    seed: int = 0

    def __post_init__(self) -> None:
        if not MIN_TEAMS <= self.count <= MAX_TEAMS:
            raise ValueError(f"a team round has {MIN_TEAMS}-{MAX_TEAMS} teams")
        if self.role_ids and len(self.role_ids) != self.count:
            raise ValueError("role teams are one team per role")

    @property
    def auto(self) -> bool:
        return not self.role_ids


@dataclass(frozen=True, slots=True)
class TeamsAsked:
    """What a moderator typed, read: the roles listed, or (none) how many auto teams."""

    role_ids: tuple[int, ...] = ()
    auto_count: int = 0


@dataclass(frozen=True, slots=True)
class Refused:
    """Why the typed teams cannot be played, as a message key, and the part it is about."""

    key: str
    part: str = ""


def read_teams(typed: str) -> TeamsAsked | Refused:
    """``auto``, ``auto N`` or 2-6 distinct role mentions or ids (separated by spaces or
    commas), read; which roles they are is checked against the server by ``roles_problem``."""
    if len(typed) > MAX_TYPED:
        return Refused("teams.too_long")
    parts = [part for part in _SEPARATORS.split(typed.strip()) if part]
    if parts and parts[0].casefold() == AUTO:
        return _auto(parts[1:])
    role_ids: list[int] = []
    for part in parts:
        role = _ROLE.fullmatch(part)
        if role is None:
            return Refused("teams.not_a_role", part)
        role_ids.append(int(role[1] or role[2]))
    if len(set(role_ids)) != len(role_ids):
        return Refused("teams.repeated")
    if not MIN_TEAMS <= len(role_ids) <= MAX_TEAMS:
        return Refused("teams.count")
    return TeamsAsked(role_ids=tuple(role_ids))


def _auto(rest: Sequence[str]) -> TeamsAsked | Refused:
    if not rest:
        return TeamsAsked(auto_count=MIN_TEAMS)
    if len(rest) == 1 and rest[0].isascii() and rest[0].isdigit():
        count = int(rest[0])
        if MIN_TEAMS <= count <= MAX_TEAMS:
            return TeamsAsked(auto_count=count)
    return Refused("teams.auto_count")


def roles_problem(
    role_ids: Iterable[int], guild_id: int, managed: Mapping[int, bool]
) -> Refused | None:
    """Why these roles cannot be a round's teams in the server whose roles are ``managed``
    (each role id to whether Discord manages it: a bot's, a booster's, an integration's), or
    None: every role must be the server's own, not @everyone, and not managed."""
    for role_id in role_ids:
        mention = f"<@&{role_id}>"
        if role_id == guild_id:
            return Refused("teams.everyone")
        if role_id not in managed:
            return Refused("teams.unknown_role", str(role_id))
        if managed[role_id]:
            return Refused("teams.managed_role", mention)
    return None


def role_team(plan: TeamPlan, held: Collection[int]) -> int | None:
    """The team of a member who holds the roles ``held``: the first listed one; None if none."""
    return next((team for team, role in enumerate(plan.role_ids) if role in held), None)


def auto_team(plan: TeamPlan, member_id: int, sizes: Sequence[int]) -> int:
    """The auto team a newcomer joins, the teams having ``sizes`` members so far: the fewest,
    and of those equally few, the one the round's seed and the member's id draw."""
    if len(sizes) != plan.count:
        raise ValueError("one size per team")
    fewest = min(sizes)
    candidates = [team for team, size in enumerate(sizes) if size == fewest]
    return min(candidates, key=lambda team: _draw(plan.seed, member_id, team))


def _draw(seed: int, member_id: int, team: int) -> bytes:
    """A stable pseudo-random draw: the same in every process and Python (no ``hash()``)."""
    return hashlib.blake2b(f"{seed}:{member_id}:{team}".encode(), digest_size=8).digest()


@dataclass(frozen=True, slots=True)
class TeamScore:
    """A team's totals in a round: its members' correct answers, how many of them answered."""

    team: int
    points: int
    players: int


@dataclass(frozen=True, slots=True)
class TeamStanding:
    rank: int
    team: int
    points: int
    players: int

    @property
    def per_player(self) -> Fraction:
        return Fraction(self.points, self.players)


def team_standings(scores: Iterable[TeamScore]) -> tuple[TeamStanding, ...]:
    """The teams somebody played for, ranked: most points per member who played first (exact
    fractions, so 2/3 beats 3/5), teams equal in it sharing a rank ("1, 1, 3"), listed in the
    order of the round's teams."""
    played = sorted(
        (score for score in scores if score.players > 0),
        key=lambda score: (-Fraction(score.points, score.players), score.team),
    )
    ranked: list[TeamStanding] = []
    for place, score in enumerate(played, start=1):
        tied = ranked and ranked[-1].per_player == Fraction(score.points, score.players)
        rank = ranked[-1].rank if tied else place
        ranked.append(TeamStanding(rank, score.team, score.points, score.players))
    return tuple(ranked)


@dataclass(frozen=True, slots=True)
class TeamShare:
    """How one team answered one question: how many of its members answered, how many right."""

    team: int
    answered: int
    right: int
