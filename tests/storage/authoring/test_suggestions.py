"""Suggested questions in the database (SQLite and PostgreSQL): each reached only with its own
server, a member held to their rate and a server's queue to its size even when submissions
race, a decision taken once, and an approval's claim given back or lapsing after a crash."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import timedelta

from bot.quiz.authoring.suggestions import CLAIM_LIFETIME, MAX_PENDING, PER_MEMBER, WINDOW, Status
from bot.storage.authoring.suggestions import (
    Suggestion,
    add_suggestion,
    approved,
    claim,
    reject,
    release,
    suggest_refusal,
    suggestion,
    suggestion_picture,
    waiting,
)
from bot.storage.database import Database
from tests.storage.factories import NOW

GUILD, OTHER, AUTHOR, MODERATOR, HELPER = 1, 2, 5, 6, 7
ROME = {"prompt.en": "The capital of Italy?", "options.en": "Rome\nMilan", "correct": "0"}
IDEA = Suggestion(GUILD, "capitals", AUTHOR, "en-US", ("en",), ROME)


async def sent(db: Database, idea: Suggestion = IDEA, at: timedelta = timedelta()) -> Suggestion:
    result = await add_suggestion(db, idea, None, NOW + at, taking=True)
    assert result.suggestion is not None, result.refusal
    return result.suggestion


async def test_a_suggestion_is_kept_with_its_picture_and_reached_only_in_its_server(
    db: Database,
) -> None:
    result = await add_suggestion(db, IDEA, b"picture bytes", NOW, taking=True)
    stored = result.suggestion
    assert stored is not None
    assert result.sent_in_window == 1
    assert await suggestion(db, GUILD, stored.id) == stored
    assert await suggestion(db, OTHER, stored.id) is None  # an id alone reaches nothing
    assert await suggestion_picture(db, stored) == b"picture bytes"
    assert await suggestion_picture(db, replace(stored, guild_id=OTHER)) is None
    assert await waiting(db, OTHER, NOW) == (None, 0)


async def test_a_member_is_held_to_a_rate_even_when_their_submissions_race(db: Database) -> None:
    results = await asyncio.gather(
        *(add_suggestion(db, IDEA, None, NOW, taking=True) for _ in range(PER_MEMBER + 3))
    )
    stored = [r for r in results if r.suggestion is not None]
    assert len(stored) == PER_MEMBER
    assert {r.refusal for r in results if r.suggestion is None} == {"suggest.too_many"}
    assert await suggest_refusal(db, GUILD, AUTHOR, NOW, taking=True) == "suggest.too_many"
    tomorrow = NOW + WINDOW + timedelta(seconds=1)
    assert await suggest_refusal(db, GUILD, AUTHOR, tomorrow, taking=True) is None
    assert await suggest_refusal(db, OTHER, AUTHOR, NOW, taking=True) is None  # per server
    assert await suggest_refusal(db, GUILD, AUTHOR, tomorrow, taking=False) == "suggest.closed"


async def test_a_full_queue_takes_no_more(db: Database) -> None:
    for number in range(MAX_PENDING):
        await sent(db, replace(IDEA, author_id=1000 + number))
    refused = await add_suggestion(db, replace(IDEA, author_id=99), None, NOW, taking=True)
    assert (refused.suggestion, refused.refusal) == (None, "suggest.queue_full")
    first, count = await waiting(db, GUILD, NOW)
    assert count == MAX_PENDING
    assert first is not None
    assert first.author_id == 1000  # oldest first
    await reject(db, first, MODERATOR, None, NOW)
    assert (
        await add_suggestion(db, replace(IDEA, author_id=99), None, NOW, taking=True)
    ).suggestion


async def test_the_queue_goes_on_after_the_one_shown_and_round_again(db: Database) -> None:
    ids = [(await sent(db, replace(IDEA, author_id=AUTHOR + n))).id for n in range(3)]
    after_first, _ = await waiting(db, GUILD, NOW, after=ids[0])
    after_last, count = await waiting(db, GUILD, NOW, after=ids[2])
    assert (after_first and after_first.id, after_last and after_last.id) == (ids[1], ids[0])
    assert count == 3


async def test_a_suggestion_is_decided_once(db: Database) -> None:
    idea = await sent(db)
    assert await claim(db, idea, MODERATOR, NOW) is True
    assert await claim(db, idea, HELPER, NOW) is False  # another moderator's approval
    assert await reject(db, idea, HELPER, "no", NOW) is False
    await approved(db, idea, MODERATOR, "rome", NOW, edited=True)
    decided = await suggestion(db, GUILD, idea.id)
    assert decided is not None
    assert (decided.status, decided.decided_by, decided.question_id, decided.edited) == (
        Status.APPROVED,
        MODERATOR,
        "rome",
        True,
    )
    assert decided.author_id == AUTHOR  # the history keeps who suggested it
    assert await waiting(db, GUILD, NOW) == (None, 0)
    assert await claim(db, idea, HELPER, NOW + CLAIM_LIFETIME * 2) is False


async def test_a_claim_given_back_or_left_by_a_crash_waits_again(db: Database) -> None:
    idea = await sent(db)
    assert await claim(db, idea, MODERATOR, NOW)
    await release(db, idea, HELPER)  # not theirs to give back
    assert await waiting(db, GUILD, NOW) == (None, 0)
    await release(db, idea, MODERATOR)
    again, count = await waiting(db, GUILD, NOW)
    assert (again and again.status, count) == (Status.PENDING, 1)

    assert await claim(db, idea, MODERATOR, NOW)
    lapsed = NOW + CLAIM_LIFETIME
    assert (await waiting(db, GUILD, lapsed))[1] == 1  # a crashed approval's claim lapses
    assert await reject(db, idea, HELPER, "Off topic.", lapsed)
    await approved(db, idea, MODERATOR, "rome", lapsed, edited=False)  # too late: no change
    decided = await suggestion(db, GUILD, idea.id)
    assert decided is not None
    assert (decided.status, decided.reason) == (Status.REJECTED, "Off topic.")
