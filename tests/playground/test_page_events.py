"""The playground page's Events panel and clock, in headless Chromium: an event created through
the control API appears by itself, in the viewer's time zone and language; "Interested" adds the
member the page is being and takes it back; the clock moves forward (never back) and the page
shows the new time; "to the next event's start" starts it; and the bot, a child process, follows
the clock: a question's countdown is on the moved time, and moving it closes the question."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.playground.browsing import (
    CLOCK_STEPS,
    TO_NEXT_EVENT,
    become,
    opened_page,
    start_round,
    wait_until,
)
from tests.playground.conftest import Playground, no_failures

pytestmark = [pytest.mark.browser, pytest.mark.e2e, pytest.mark.xdist_group("page-events")]
ATHENS = "Europe/Athens"
MINUTE, HOUR, DAY = 60, 3600, 86400


def stand_in_now(playground: Playground) -> dt.datetime:
    return dt.datetime.fromisoformat(playground.call("GET", "/_standin/clock")["now"])


def lead(playground: Playground) -> float:
    return float(playground.call("GET", "/_standin/clock")["offset_s"])


def create_event(playground: Playground, name: str, hours_ahead: float) -> dict[str, Any]:
    """Ada (the owner, who may create events) creates a half-hour event in the client."""
    start = (stand_in_now(playground) + dt.timedelta(hours=hours_ahead)).replace(microsecond=0)
    body = {
        "name": name,
        "entity_type": 3,  # EXTERNAL
        "privacy_level": 2,  # GUILD_ONLY
        "entity_metadata": {"location": "#quiz"},
        "scheduled_start_time": start.isoformat(),
        "scheduled_end_time": (start + dt.timedelta(minutes=30)).isoformat(),
    }
    event: dict[str, Any] = playground.call(
        "POST", "/_standin/scheduled-events", {"user": "ada", "event": body}
    )
    return event


def interested_names(playground: Playground, event_id: str) -> list[str]:
    listed = playground.call("GET", "/_standin/scheduled-events")
    return [u["name"] for u in next(e for e in listed if e["id"] == event_id)["users"]]


def shown_event(page: Page, event: dict[str, Any]) -> Locator:
    return page.locator(f'#events li.event[data-event="{event["id"]}"]')


def test_an_event_appears_and_interested_adds_the_member_and_takes_it_back(
    browser: Browser, playground: Playground
) -> None:
    with opened_page(browser, playground, timezone=ATHENS) as (page, errors):
        expect(page.locator("#viewer-info")).to_have_text("maria · en-GB")
        expect(page.locator("#events .events-empty")).to_have_text("No events in this server yet.")
        event = create_event(playground, "Quiz night <b>&</b>", hours_ahead=3)
        shown = shown_event(page, event)  # the feed brings it: nobody reloads the page
        expect(shown.locator(".event-name")).to_have_text("Quiz night <b>&</b>")  # as written
        expect(page.locator("#events h2")).to_have_text("Events — 1")
        start = dt.datetime.fromisoformat(event["scheduled_start_time"])
        local = start.astimezone(ZoneInfo(ATHENS))
        when = shown.locator(".event-when time")
        expect(when).to_have_attribute("datetime", start.strftime("%Y-%m-%dT%H:%M:%S.000Z"))
        expect(when).to_contain_text(f"{local:%H:%M}")  # Athens' time, not UTC's
        expect(shown.locator(".event-status")).to_have_text("Scheduled")
        expect(shown.locator(".event-location")).to_have_text("📍 #quiz")
        expect(shown.locator(".event-count")).to_have_text("0 interested")
        button = shown.locator("button.interested")
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
        expect(shown.locator(".event-count")).to_have_text("1 interested")
        assert interested_names(playground, event["id"]) == ["maria"]
        playground.call(
            "POST", f"/_standin/scheduled-events/{event['id']}/interested", {"user": "ben"}
        )
        expect(shown.locator(".event-count")).to_have_text("2 interested")  # Ben's, live
        button.click()
        expect(button).to_have_attribute("aria-pressed", "false")
        expect(shown.locator(".event-count")).to_have_text("1 interested")
        assert interested_names(playground, event["id"]) == ["ben"]
        assert errors == []


def test_the_panels_speak_greek_to_eleni(page: Page, playground: Playground) -> None:
    become(page, playground, "eleni")
    expect(page.locator("#clock h2")).to_have_text("Ρολόι")
    expect(page.locator(".clock-steps button")).to_have_text(
        ["+1 λεπτό", "+15 λεπτά", "+1 ώρα", "+1 μέρα"]
    )
    expect(page.locator(".clock-next")).to_have_text("Στην έναρξη της επόμενης εκδήλωσης")
    expect(page.locator("#events h2")).to_have_text("Εκδηλώσεις — 1")
    shown = page.locator("#events li.event", has_text="Quiz night")
    expect(shown.locator(".event-status")).to_have_text("Προγραμματισμένη")
    expect(shown.locator(".event-count")).to_have_text("1 ενδιαφέρεται")
    expect(shown.locator("button.interested")).to_have_text("Ενδιαφέρομαι")
    become(page, playground, "ben")  # back in English, his own press shown as pressed
    expect(shown.locator("button.interested")).to_have_attribute("aria-pressed", "true")


def in_english(seconds: float) -> str:
    """A lead as the page writes it in English: "1 day, 1 hour, 16 minutes"."""
    left, parts = round(seconds), []
    for unit, size in (("day", DAY), ("hour", HOUR), ("minute", MINUTE), ("second", 1)):
        count, left = divmod(left, size)
        if count:
            parts.append(f"{count} {unit}{'' if count == 1 else 's'}")
    return ", ".join(parts)


def test_the_clock_moves_forward_and_the_page_shows_the_new_time(
    browser: Browser, playground: Playground
) -> None:
    """With the page's own clock stopped, what it shows is the stand-in's lead exactly."""
    with opened_page(browser, playground, clock=True, timezone=ATHENS) as (page, errors):
        expect(page.locator("#viewer-info")).to_have_text("maria · en-GB")
        page.clock.pause_at(page.evaluate("() => Date.now()") / 1000 + 1)  # seconds, in Python
        browser_now_ms = int(page.evaluate("() => Date.now()"))
        before = lead(playground)
        for label, seconds in CLOCK_STEPS.items():
            ahead = lead(playground)
            page.locator(
                ".clock-steps button", has_text=re.compile(f"^{re.escape(label)}$")
            ).click()
            wait_until(lambda ahead=ahead, seconds=seconds: lead(playground) == ahead + seconds)
        moved = before + sum(CLOCK_STEPS.values())
        assert lead(playground) == moved
        expect(page.locator(".clock-lead")).to_have_text(
            f"{in_english(moved)} ahead of the real time"
        )
        shown_at = dt.datetime.fromtimestamp((browser_now_ms + moved * 1000) // 1000, dt.UTC)
        clock = page.locator(".clock-now")
        expect(clock).to_have_attribute("datetime", shown_at.strftime("%Y-%m-%dT%H:%M:%S.000Z"))
        expect(clock).to_contain_text(f"{shown_at.astimezone(ZoneInfo(ATHENS)):%H:%M:%S}")
        # The day went by: the first test's event is over, its button gone.
        ended = page.locator("#events li.event", has_text="Quiz night")
        expect(ended.locator(".event-status")).to_have_text("Ended")
        expect(ended.locator("button.interested")).to_have_count(0)
        assert errors == []


def test_to_the_next_events_start_starts_it(browser: Browser, playground: Playground) -> None:
    with opened_page(browser, playground) as (page, errors):
        expect(page.locator("#events h2")).to_have_text("Events")  # none still to come
        expect(page.locator(".clock-next")).to_be_disabled()
        sooner = create_event(playground, "Sooner", hours_ahead=2)
        later = create_event(playground, "Later", hours_ahead=5)
        to_next = page.locator(".clock-next")
        expect(to_next).to_have_text(TO_NEXT_EVENT)
        expect(shown_event(page, later)).to_be_visible()
        for event in (sooner, later):
            to_next.click()
            expect(shown_event(page, event).locator(".event-status")).to_have_text("Happening now")
            start = dt.datetime.fromisoformat(event["scheduled_start_time"])
            assert stand_in_now(playground) >= start
            shown = page.locator(".clock-now").get_attribute("datetime")
            assert shown is not None
            assert dt.datetime.fromisoformat(shown) >= start
        expect(to_next).to_be_disabled()  # nothing left to start
        expect(shown_event(page, sooner).locator(".event-status")).to_have_text("Ended")
        assert errors == []


def test_the_bot_runs_on_the_playgrounds_clock(page: Page, playground: Playground) -> None:
    """The clock is days ahead by now. The bot's "Closes <t:…:R>" is two minutes ahead of the
    moved time, not of the real one; and a quarter of an hour later, by the clock, the question
    has closed, though in real time it had two minutes to go."""
    become(page, playground, "maria")
    assert lead(playground) > DAY
    asked = start_round(playground, "#quiz")  # one question, 120 s
    question = page.locator(f'li[data-id="{asked}"]')
    countdown = question.locator("time.timestamp").first
    expect(countdown).to_have_text(re.compile(r"^in [12] minutes?$"))
    page.locator(".clock-steps button", has_text="+15 min").click()
    expect(question.locator(".md-header").first).to_contain_text("· Closed")
    standings = page.locator("li.message", has=page.locator(".md-header", has_text="Standings"))
    expect(standings.last).to_be_visible()
    no_failures(playground)
