"""Item analytics read back what was answered: this server's rounds of the pack only, oldest
answer first (a member's first answer is the one the discrimination index uses)."""

from __future__ import annotations

from dataclasses import astuple, replace
from datetime import datetime, timedelta

import pytest

from bot.quiz.analytics.items import AnswerRecord, analyse, analyse_answers
from bot.quiz.rounds.rules import RoundState
from bot.storage.analytics.item_answers import pack_answers
from bot.storage.database import Database
from bot.storage.packs.library import sync_packs
from bot.storage.rounds.lifecycle import close_question, end_round, open_question
from bot.storage.rounds.recorder import record_answer
from tests.storage.factories import NOW, make_pack, start_test_round

GUILD, OTHER_GUILD = 1, 2
MEMBERS = range(100, 112)  # twelve: enough for the index (at least 10 members)


def option_for(member: int, question_id: str, *, later: bool) -> int:
    """Who is right where: member m is right on q<i> when (m + i) % 3 != 0, and everyone is
    right in the later round, so that a first answer and a later one differ."""
    index = int(question_id.removeprefix("q"))
    correct = index % 4
    right = later or (member + index) % 3 != 0
    return correct if right else (correct + 1 + member % 2) % 4


async def play(
    db: Database, *, guild_id: int, pack_id: str, start: datetime, later: bool, seed: int
) -> list[AnswerRecord]:
    """A finished round in which every member answers every question; what they answered."""
    view = await start_test_round(
        db, guild_id=guild_id, channel_id=seed, pack_id=pack_id, seed=seed, now=start
    )
    answered: list[AnswerRecord] = []
    for index, question_id in enumerate(view.question_order):
        opened = start + timedelta(minutes=index)
        await open_question(db, view.id, index, opened)
        for member in MEMBERS:
            option = option_for(member, question_id, later=later)
            response_ms = 300 * (member - 99) + 7 * index
            result = await record_answer(
                db,
                round_id=view.id,
                question_id=question_id,
                member_id=member,
                option_index=option,
                now=opened + timedelta(milliseconds=response_ms),
            )
            assert result.correct is not None
            answered.append(AnswerRecord(member, question_id, option, result.correct, response_ms))
        await close_question(db, view.id, index, opened + timedelta(seconds=20))
    await end_round(db, view.id, RoundState.FINISHED, start + timedelta(hours=1))
    return answered


@pytest.fixture
async def answered(db: Database) -> list[AnswerRecord]:
    """This server's answers to ``basics`` oldest first, beside answers that must not count."""
    await sync_packs(db, [make_pack(), make_pack("other")], NOW)
    # The later round is stored first: only the answers' times say which came first.
    later = await play(
        db, guild_id=GUILD, pack_id="basics", start=NOW + timedelta(days=1), later=True, seed=11
    )
    first = await play(db, guild_id=GUILD, pack_id="basics", start=NOW, later=False, seed=12)
    await play(db, guild_id=OTHER_GUILD, pack_id="basics", start=NOW, later=True, seed=13)
    await play(db, guild_id=GUILD, pack_id="other", start=NOW, later=True, seed=14)
    return first + later


async def test_analytics_match_the_answers_inserted(
    db: Database, answered: list[AnswerRecord]
) -> None:
    pack = make_pack()
    report = analyse_answers(await pack_answers(db, guild_id=GUILD, pack=pack))
    assert report == analyse([q.id for q in pack.questions], answered)
    assert (report.members, report.answers) == (12, 2 * 12 * 5)
    by_id = {item.question_id: item for item in report.items}
    q0 = by_id["q0"]  # right first time: members 100-111 but 102, 105, 108, 111; then all
    assert (q0.answers, q0.right) == (24, 24 - 4)
    assert (q0.top_wrong_option, q0.top_wrong_answers) == (1, 2)  # B and C twice: B, the first
    times = sorted(r.response_ms for r in answered if r.question_id == "q0")
    assert q0.median_ms == (times[11] + times[12]) / 2
    assert all(item.discrimination is not None for item in report.items)
    assert all(item.indexed_members == 12 for item in report.items)


async def test_a_first_answer_counts_even_when_its_round_was_stored_later(
    db: Database, answered: list[AnswerRecord]
) -> None:
    pack = make_pack()
    report = analyse_answers(await pack_answers(db, guild_id=GUILD, pack=pack))
    # Had the later round (everyone right) come first, every index would be undefined.
    newest_first = analyse([q.id for q in pack.questions], answered[60:] + answered[:60])
    assert all(item.discrimination is None for item in newest_first.items)
    assert all(item.discrimination is not None for item in report.items)


async def test_a_server_without_answers_gets_empty_analytics(db: Database) -> None:
    report = analyse_answers(await pack_answers(db, guild_id=GUILD, pack=make_pack()))
    assert (report.members, report.answers) == (0, 0)
    assert [item.answers for item in report.items] == [0] * 5


async def test_past_the_limit_the_newest_answers_are_read_oldest_first(
    db: Database, answered: list[AnswerRecord]
) -> None:
    pack = make_pack()
    read = await pack_answers(db, guild_id=GUILD, pack=pack, limit=50)
    assert read.newest_only
    newest = answered[-50:]  # the later round's, all right, and the end of the first round's
    assert read.answers == [astuple(r) for r in newest]
    report = analyse_answers(read)
    assert report.newest_only
    assert report == replace(analyse([q.id for q in pack.questions], newest), newest_only=True)
    every = await pack_answers(db, guild_id=GUILD, pack=pack, limit=len(answered))
    assert not every.newest_only
    assert len(every.answers) == len(answered)
