"""Team rules: reading the typed teams, the server's checks, who plays for which team, ranks."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.quiz.rounds.teams import (
    MAX_TYPED,
    Refused,
    TeamPlan,
    TeamsAsked,
    TeamScore,
    auto_team,
    read_teams,
    role_team,
    roles_problem,
    team_standings,
)

GUILD = 1000
RED, BLUE, GREEN = 11, 22, 33


def test_role_mentions_and_ids_are_read_in_their_order() -> None:
    assert read_teams(f"<@&{BLUE}> {RED},<@&{GREEN}>") == TeamsAsked(role_ids=(BLUE, RED, GREEN))


@pytest.mark.parametrize(
    ("typed", "count"), [("auto", 2), ("AUTO", 2), ("auto 3", 3), (" auto  6 ", 6)]
)
def test_auto_teams_default_to_two(typed: str, count: int) -> None:
    assert read_teams(typed) == TeamsAsked(auto_count=count)


@pytest.mark.parametrize(
    ("typed", "refused"),
    [
        ("auto 7", Refused("teams.auto_count")),
        ("auto 1", Refused("teams.auto_count")),
        ("auto two", Refused("teams.auto_count")),
        ("auto ٣", Refused("teams.auto_count")),  # a digit, but not an ASCII one
        (f"<@&{RED}>", Refused("teams.count")),
        (" ".join(str(n) for n in range(1, 8)), Refused("teams.count")),
        ("", Refused("teams.count")),
        (f"<@&{RED}> <@&{RED}>", Refused("teams.repeated")),
        (f"{RED} <@&{RED}>", Refused("teams.repeated")),
        (f"<@&{RED}> @Blue", Refused("teams.not_a_role", "@Blue")),
        (f"<@{RED}> <@&{BLUE}>", Refused("teams.not_a_role", f"<@{RED}>")),  # a member
        ("1" * 21 + " 2", Refused("teams.not_a_role", "1" * 21)),  # no snowflake is so long
        ("1 " * (MAX_TYPED // 2 + 1), Refused("teams.too_long")),
    ],
)
def test_what_is_not_two_to_six_distinct_roles_is_refused(typed: str, refused: Refused) -> None:
    assert read_teams(typed) == refused


def test_the_roles_must_be_the_servers_own_unmanaged_roles() -> None:
    managed = {GUILD: False, RED: False, BLUE: False, GREEN: True}
    assert roles_problem([RED, BLUE], GUILD, managed) is None
    assert roles_problem([RED, GUILD], GUILD, managed) == Refused("teams.everyone")
    assert roles_problem([RED, 44], GUILD, managed) == Refused("teams.unknown_role", "44")
    assert roles_problem([GREEN, RED], GUILD, managed) == Refused(
        "teams.managed_role", f"<@&{GREEN}>"
    )


def test_a_member_plays_for_the_first_listed_team_role_they_hold() -> None:
    plan = TeamPlan(3, (RED, BLUE, GREEN))
    assert role_team(plan, {GREEN, BLUE}) == 1  # listed before green, whatever Discord's order
    assert role_team(plan, {GREEN, 99}) == 2
    assert role_team(plan, {99}) is None
    assert role_team(plan, set()) is None


def test_a_newcomer_joins_the_fewest_team() -> None:
    plan = TeamPlan(3, seed=5)
    assert auto_team(plan, 12345, [2, 1, 2]) == 1
    assert auto_team(plan, 12345, [0, 3, 3]) == 0


def test_ties_between_equally_few_teams_are_drawn_by_the_seed_and_the_member() -> None:
    members = range(1, 201)
    first = [auto_team(TeamPlan(2, seed=1), member, [0, 0]) for member in members]
    assert first == [auto_team(TeamPlan(2, seed=1), member, [0, 0]) for member in members]
    assert set(first) == {0, 1}  # not always the same team
    other_seed = [auto_team(TeamPlan(2, seed=2), member, [0, 0]) for member in members]
    assert other_seed != first


@given(
    count=st.integers(2, 6),
    seed=st.integers(0, 2**31),
    members=st.lists(st.integers(1, 2**63), unique=True, max_size=60),
)
def test_auto_teams_never_differ_by_more_than_one(
    count: int, seed: int, members: list[int]
) -> None:
    plan = TeamPlan(count, seed=seed)
    sizes = [0] * count
    for member in members:
        sizes[auto_team(plan, member, sizes)] += 1
    assert max(sizes) - min(sizes) <= 1
    assert sum(sizes) == len(members)


def test_a_plan_has_two_to_six_teams_one_per_role() -> None:
    with pytest.raises(ValueError, match="2-6 teams"):
        TeamPlan(7)
    with pytest.raises(ValueError, match="one team per role"):
        TeamPlan(3, (RED, BLUE))
    assert TeamPlan(2).auto
    assert not TeamPlan(2, (RED, BLUE)).auto


def test_teams_rank_by_points_per_member_who_played() -> None:
    # Team 0: 9 points by 6 members (1.5 each); team 1: 4 by 2 (2.0); team 2: 6 by 4 (1.5).
    ranked = team_standings([TeamScore(0, 9, 6), TeamScore(1, 4, 2), TeamScore(2, 6, 4)])
    assert [(s.rank, s.team) for s in ranked] == [(1, 1), (2, 0), (2, 2)]
    assert ranked[0].per_player == Fraction(2)


def test_exact_shares_decide_and_a_team_nobody_played_for_is_not_ranked() -> None:
    ranked = team_standings([TeamScore(0, 3, 5), TeamScore(1, 2, 3), TeamScore(2, 0, 0)])
    assert [(s.rank, s.team) for s in ranked] == [(1, 1), (2, 0)]  # 2/3 beats 3/5
    assert team_standings([TeamScore(0, 0, 2), TeamScore(1, 0, 1)])[1].rank == 1
