"""The playground page around the chat, in headless Chromium: whom it opens as, Direct Messages
and a reminder there, the panels in the viewer's language, the crowd once it is off; and the
busy moments of buttons and the command box, with the page's clock in the test's hands."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from bot.app.kit.catalogue import tr
from bot.app.reminders.buttons import reminder_marker
from tests.playground.browsing import (
    become,
    bot_request,
    channel_id,
    member_id,
    opened_page,
    plain,
    run_command,
    start_round,
    stop_round,
    wait_until,
)
from tests.playground.conftest import Playground

pytestmark = [pytest.mark.browser, pytest.mark.e2e, pytest.mark.xdist_group("page-panels")]
PACK_TITLE = "Sequence Parallelism and Ring Attention"
BUSY = re.compile(r"\bpending\b")  # a button waiting for the bot's answer: "B …"


def test_the_page_opens_as_the_moderator_the_readme_starts_with(
    browser: Browser, playground: Playground
) -> None:
    """A first visit (nothing remembered) shows Maria in #quiz, where the README starts; an
    empty channel says what it is, as Discord does."""
    with opened_page(browser, playground) as (fresh, errors):
        expect(fresh.locator("#viewer-info")).to_have_text("maria · en-GB")
        expect(fresh.locator("#channel-name")).to_have_text("quiz")
        fresh.locator("#channels .channel", has_text="moderators").click()
        expect(fresh.locator(".channel-welcome")).to_contain_text("Welcome to #moderators!")
        assert errors == []


def test_a_reminder_reaches_the_dms_and_its_review_now_works(
    page: Page, playground: Playground
) -> None:
    """A reminder, as the bot writes one, reaches Eleni in Direct Messages while she reads #quiz;
    its "Review now" is answered there by the real bot (she has answered nothing yet)."""
    become(page, playground, "eleni")
    eleni = member_id(playground, "eleni")
    dm = bot_request(playground, "POST", "/users/@me/channels", {"recipient_id": eleni})
    text = tr("el", "reminder.due", count=1, packs=PACK_TITLE)
    review_now = {
        "type": 2,
        "style": 1,
        "label": tr("el", "reminder.review_button"),
        "custom_id": reminder_marker(int(eleni), dt.datetime.now(dt.UTC).date()),
    }
    reminder = {"content": text, "components": [{"type": 1, "components": [review_now]}]}
    bot_request(playground, "POST", f"/channels/{dm['id']}/messages", reminder)
    home = page.locator(".server.home")
    expect(home).to_have_class(re.compile(r"\bunread\b"))  # seen from #quiz
    home.click()
    expect(page.locator("#server-name")).to_have_text("Προσωπικά μηνύματα")
    expect(page.locator("#channel-name")).to_have_text("quizbot")
    shown = page.locator("li.message", has_text=plain(text))
    expect(shown).to_contain_text("1 ερώτηση")  # markdown, rendered
    shown.locator("button", has_text="Επανάληψη τώρα").click()
    nothing = plain(tr("el", "review.nothing_at_all").split("/")[0])
    answered = page.locator("li.message", has_text=nothing)
    expect(answered.locator(".reply-context")).to_contain_text("@Eleni πάτησε ένα κουμπί")
    expect(answered).to_contain_text("/επανάληψη πακέτο")  # the command, as her client names it
    page.fill(".command-input", "/")  # what Discord offers in a DM with the bot: her own
    expect(page.locator(".command-picker li")).to_have_count(3)
    for offered in ("/επανάληψη", "/στατιστικά", "/ρυθμίσεις"):
        expect(page.locator(".command-picker")).to_contain_text(offered)
    page.keyboard.press("Escape")
    page.locator(".server[data-guild]").click()  # back to the server
    expect(page.locator("#channel-name")).to_have_text("quiz")


def test_a_clicked_button_is_busy_until_the_bot_answers_not_a_timer_longer(
    browser: Browser, playground: Playground
) -> None:
    """Ben clicks a second answer; the bot's reply reaches the page before the click's own
    answer does. The button stops showing "…" all the same, with the page's clock stopped: no
    timer has to run out for it."""
    general = channel_id(playground, "general")
    with opened_page(browser, playground, "?as=ben", clock=True) as (ben, errors):
        ben.locator(f'#channels [data-channel="{general}"]').click()
        asked = start_round(playground, "#general")
        answers = ben.locator(f'li[data-id="{asked}"] button[data-custom-id^="qa:"]')
        answers.first.click()
        expect(ben.locator("li.ephemeral", has_text="Locked in")).to_be_visible()
        ben.route("**/_standin/interactions/component", reply_first(playground))
        ben.clock.pause_at(ben.evaluate("() => Date.now()") + 1000)
        second = answers.nth(1)
        second.click()
        expect(ben.locator("li.ephemeral", has_text="You already answered")).to_be_visible()
        expect(second).not_to_have_class(BUSY)
        assert errors == []
    stop_round(playground, "#general")


def reply_first(playground: Playground) -> Callable[[Route], None]:
    """Holds a click's answer back until the bot has replied to the click."""

    def hold(route: Route) -> None:
        answer = route.fetch()
        click = answer.json()["id"]
        wait_until(lambda: playground.call("GET", f"/_standin/interactions/{click}")["responses"])
        route.fulfill(response=answer)

    return hold


def test_sending_while_suggestions_are_due_throws_nothing(
    browser: Browser, playground: Playground
) -> None:
    """Send pressed within the 120 ms after typing in an autocomplete field: the command goes,
    and the suggestions it was about to ask for are not asked for any more."""
    with opened_page(browser, playground, "?as=ben", clock=True) as (ben, errors):
        expect(ben.locator("#viewer-info")).to_contain_text("ben")
        ben.clock.pause_at(ben.evaluate("() => Date.now()") + 1000)
        run_command(ben, "/leader", {"pack": "ring-attention"})  # no pause after typing
        board = ben.locator("li.message", has=ben.locator(".embed-title", has_text="Leaderboard"))
        expect(board.last).to_contain_text(PACK_TITLE)
        expect(ben.locator(".command-input")).to_be_visible()  # the box is empty again
        ben.clock.run_for(1000)  # the 120 ms pass: nothing is left to ask for, nothing throws
        assert errors == []


def test_the_panels_speak_the_viewers_language_and_the_crowd_says_it_stays(
    page: Page, playground: Playground
) -> None:
    become(page, playground, "eleni")
    expect(page.locator('label[for="viewer"]')).to_have_text("Είσαι")
    expect(page.locator(".chat-header .topic")).to_contain_text("Ένα τοπικό Discord")
    expect(page.locator("#member-list h3")).to_have_text(
        ["Εφαρμογές — 1", "Συντονιστές — 2", re.compile(r"^Μέλη — \d+$")]
    )
    groups = "(groups) => groups.map((group) => group.label)"
    assert page.locator("#viewer optgroup").evaluate_all(groups) == [
        "Ιδιοκτήτης",
        "Συντονιστές",
        "Μέλη",
    ]
    expect(page.locator("#crowd h2")).to_have_text("Πλήθος")
    page.check("#crowd-on")
    expect(page.locator(".crowd-status")).to_have_text("20 μέλη απαντούν, 60 % σωστά")
    page.uncheck("#crowd-on")
    expect(page.locator(".crowd-status")).to_contain_text("Τα μέλη του μένουν στον server")
    expect(page.locator('#viewer optgroup[label="Πλήθος"] option')).to_have_count(20)  # so
    become(page, playground, "ben")
    expect(page.locator(".crowd-status")).to_contain_text("Off. Its members stay in the server")
    expect(page.locator("#member-list h3").first).to_have_text("Apps — 1")
