"""A team round in the playground page, as a person tries one: the server's people hold the
team roles Red and Blue, the moderator types `teams: @Red @Blue` (the page sends the roles'
mentions, as Discord's client does), members answer, and the standings rank the teams."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from bot.app.kit.catalogue import tr
from tests.playground.browsing import become, run_command
from tests.playground.conftest import Playground, no_failures

pytestmark = [pytest.mark.browser, pytest.mark.e2e, pytest.mark.xdist_group("page")]


def team_of(playground: Playground, name: str) -> str:
    guild = playground.call("GET", "/_sandbox/state")["guilds"][0]
    names = {role["id"]: role["name"] for role in guild["roles"]}
    member = next(m for m in guild["members"] if m["name"] == name)
    [team] = [names[r] for r in member["roles"] if names[r] in {"Red", "Blue"}]
    return str(team)


def test_a_team_round_ranks_the_teams_in_the_standings(page: Page, playground: Playground) -> None:
    ben, chloe = team_of(playground, "ben"), team_of(playground, "chloe")
    assert {ben, chloe} == {"Red", "Blue"}  # the seeded people take turns
    become(page, playground, "maria")
    options = {"pack": "ring-attention", "questions": "1", "seconds": "120"}
    run_command(page, "/quiz st", {**options, "teams": "@Red @Blue"})
    expect(page.locator(".container").last).to_contain_text("Team round: @Red · @Blue")
    asked = page.locator("li.message", has=page.locator(".md-header", has_text="Question 1 of 1"))
    expect(asked.last.locator("button[data-custom-id^='qa:']").first).to_be_enabled()

    for name, team in (("ben", ben), ("chloe", chloe)):
        become(page, playground, name)
        asked.last.locator("button[data-custom-id^='qa:']").first.click()
        expect(page.locator("li.ephemeral").last).to_contain_text(f"You play for @{team}.")

    become(page, playground, "maria")
    run_command(page, "/quiz sk")
    standings = page.locator("li.message", has=page.locator(".md-header", has_text="Standings"))
    expect(standings).to_contain_text("Teams")
    expect(standings).to_contain_text(tr("en", "teams.rule"))
    text = standings.inner_text()
    assert text.index("Teams") < text.index("played")  # the teams, then the members
    for team in ("@Red", "@Blue"):  # the same button, so the same share: a shared rank
        expect(standings).to_contain_text(f"1. {team}: ")
    no_failures(playground)
