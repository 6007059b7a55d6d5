"""Competition in the playground page, as a person tries it: a team round (the server's people
hold the team roles Red and Blue, the moderator types `teams: @Red @Blue`, which the page sends
as the roles' mentions, as Discord's client does; the standings rank the teams), and a reward
role (the moderator makes @Regular the reward of 1 point; whoever answers right gets it, sees
it beside their name in "You are" and is told in Direct Messages)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from bot.app.kit.catalogue import tr
from tests.playground.browsing import become, member_id, run_command, wait_until
from tests.playground.conftest import Playground, no_failures

pytestmark = [pytest.mark.browser, pytest.mark.e2e, pytest.mark.xdist_group("page")]


def team_of(playground: Playground, name: str) -> str:
    guild = playground.call("GET", "/_standin/state")["guilds"][0]
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
    # The start card, whether or not the first question is posted below it already.
    card = page.locator(".container").filter(has_text="Team round: @Red · @Blue")
    expect(card.last).to_be_visible()
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


def test_a_reward_role_is_given_and_seen(page: Page, playground: Playground) -> None:
    become(page, playground, "maria")  # Manage Server, not Manage Roles: refused
    run_command(page, "/quiz setti", {"reward_role": "@Regular", "reward_at": "1"})
    expect(page.locator("li.ephemeral").last).to_contain_text("needs the “Manage Roles” permission")
    become(page, playground, "ada")  # the owner
    run_command(page, "/quiz setti", {"reward_role": "@Regular", "reward_at": "1"})
    expect(page.locator("li.ephemeral").last).to_contain_text("@Regular at 1 point")
    run_command(page, "/quiz st", {"pack": "ring-attention", "questions": "1", "seconds": "120"})
    asked = page.locator("li.message", has=page.locator(".md-header", has_text="Question 1 of 1"))
    options = asked.last.locator("button[data-custom-id^='qa:']")
    expect(options.first).to_be_enabled()
    # One on each option; not ben nor chloe, whom the team round may have given a point already
    # (a reward set later goes to those past its points too).
    players = ["dev", "femi", "grace", "hugo", "ivy"][: options.count()]
    for option, name in enumerate(players):
        become(page, playground, name)
        options.nth(option).click()
        expect(page.locator("li.ephemeral").last).to_contain_text("Locked in")
    become(page, playground, "maria")
    run_command(page, "/quiz sk")

    def rewarded() -> list[str]:  # beside the one who was right, within seconds
        return [name for name in players if "@Regular" in viewer_label(page, playground, name)]

    [winner] = wait_until(rewarded)
    become(page, playground, winner)
    page.locator(".server.home").click()
    expect(page.locator("li.message").last).to_contain_text("You earned the role Regular")
    page.locator(".server[data-guild]").click()
    no_failures(playground)


def viewer_label(page: Page, playground: Playground, name: str) -> str:
    label: str = page.locator(f"#viewer option[value='{member_id(playground, name)}']").inner_text()
    return label
