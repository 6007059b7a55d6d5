"""docs/seasons.md says what the code does: its commands are the synced ones with the options it
lists, its limits and waits the code's, and its examples (a season's end, teams typed and
ranked) the domain's."""

from __future__ import annotations

import json
import re
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from bot.app.kit.catalogue import tr
from bot.app.seasons.loop import MAX_NAP_S
from bot.quiz.rewards.reward_roles import MAX_REWARDS
from bot.quiz.rounds.teams import (
    MAX_TEAMS,
    MIN_TEAMS,
    TeamsAsked,
    TeamScore,
    read_teams,
    team_standings,
)
from bot.quiz.seasons.season import MAX_NAME, end_of_day
from bot.storage.seasons.season import CLAIM_LIFETIME

REPO = Path(__file__).resolve().parents[1]
DOC = (REPO / "docs" / "seasons.md").read_text(encoding="utf-8")
TREE = json.loads((REPO / "tests" / "e2e" / "fixtures" / "command_tree.json").read_text())


def _options(*path: str) -> list[str]:
    node = {"options": TREE}
    for name in path:
        node = next(o for o in node["options"] if o["name"] == name)
    return [o["name"] for o in node.get("options", [])]


def test_the_commands_and_options_are_the_synced_ones() -> None:
    assert _options("quiz", "season") == ["start", "end"]
    assert _options("quiz", "season", "start") == ["name", "ends", "channel"]
    assert "season" in _options("leaderboard")
    section = DOC.split("`/quiz season start` takes:", 1)[1].split("\n\n", 2)[1]
    assert re.findall(r"^\| `(\w+)` \|", section, re.MULTILINE) == ["name", "ends", "channel"]
    assert f"up to {MAX_NAME} characters" in DOC


def test_the_example_end_is_the_domains() -> None:
    ends = end_of_day(date(2027, 6, 30), ZoneInfo("Europe/Athens"))
    assert ends.astimezone(UTC) == datetime(2027, 6, 30, 21, 0, tzinfo=UTC)  # 1 July, 00:00 EEST
    assert (
        "`ends: 2027-06-30` in a server on `Europe/Athens` ends at midnight, the start of\n1 July"
        in DOC
    )


def test_the_loop_looks_as_often_as_it_says() -> None:
    assert f"at least every {MAX_NAP_S:.0f} seconds" in DOC
    assert timedelta(minutes=5) == CLAIM_LIFETIME
    assert "it tries again a\nfew minutes later" in DOC


def test_the_reward_roles_section_is_the_codes() -> None:
    section = DOC.split("## Reward roles", 1)[1]
    rows = re.findall(r"^\| `(\w+)` \|", section, re.MULTILINE)
    settings = _options("quiz", "settings")
    assert rows == [name for name in settings if "reward" in name]
    assert f"at most {MAX_REWARDS} reward roles" in section


def test_the_team_rounds_section_is_the_codes() -> None:
    section = DOC.split("## Team rounds", 1)[1].split("\n## ", 1)[0]
    assert "teams" in _options("quiz", "start")
    assert f"{MIN_TEAMS} to {MAX_TEAMS} roles" in section
    typed = re.findall(r"^\| `([^`]+)` \|", section, re.MULTILINE)
    assert typed == ["teams:", "@Red @Blue", "auto", "auto 3"]  # the heading, then the forms
    assert read_teams("<@&11> <@&22>") == TeamsAsked(role_ids=(11, 22))
    assert read_teams("auto") == TeamsAsked(auto_count=2)
    assert read_teams("auto 3") == TeamsAsked(auto_count=3)
    # The example: 4 points by 2 members above 5 by 3, shown as the standings show them.
    ranked = team_standings([TeamScore(0, 5, 3), TeamScore(1, 4, 2)])
    assert [s.team for s in ranked] == [1, 0]
    shown = [
        tr(
            "en",
            "teams.standings_line",
            rank=1,
            team="T",
            per_member=float(s.per_player),
            points=s.points,
            members=s.players,
        )
        for s in ranked
    ]
    assert "2 per member" in shown[0]
    assert "1.67 per member" in shown[1]
    assert (
        "a team of\n2 with 4 points (2 per member) ranks above a team of 3 with 5 points (1.67"
        in section
    )
    assert " ".join(tr("en", "teams.rule").split()) in " ".join(section.split())
    assert tr("en", "teams.share", team="@Red", right=2, answered=3) in section
