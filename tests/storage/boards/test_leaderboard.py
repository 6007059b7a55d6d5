"""Leaderboards: order, shared ranks, pages, a member's own rank, periods and packs."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from bot.quiz.boards.scoring import month_key, week_key
from bot.quiz.rounds.rules import RoundState
from bot.storage.boards.leaderboard import leaderboard, member_rank
from bot.storage.database import Database
from bot.storage.packs.library import sync_packs
from bot.storage.rounds.lifecycle import close_question, end_round, open_question
from bot.storage.rounds.recorder import record_answer
from tests.storage.factories import NOW, make_pack, start_test_round

GUILD = 1


async def play(
    db: Database,
    at: datetime,
    scores: dict[int, list[bool]],
    *,
    pack_id: str = "basics",
    channel_id: int = 10,
    delay_ms: dict[int, int] | None = None,
) -> None:
    """A round at ``at`` where member ``m`` answers question ``i`` right iff ``scores[m][i]``,
    ``delay_ms[m]`` (default: m) milliseconds after it opens."""
    length = max(len(answers) for answers in scores.values())
    view = await start_test_round(
        db, guild_id=GUILD, channel_id=channel_id, pack_id=pack_id, question_count=length, now=at
    )
    for index, question_id in enumerate(view.question_order):
        opened_at = at + timedelta(minutes=index)
        assert await open_question(db, view.id, index, opened_at) is not None
        right = int(question_id.removeprefix("q")) % 4
        for member_id, answers in scores.items():
            if index < len(answers):
                await record_answer(
                    db,
                    round_id=view.id,
                    question_id=question_id,
                    member_id=member_id,
                    option_index=right if answers[index] else (right + 1) % 4,
                    now=opened_at
                    + timedelta(milliseconds=(delay_ms or {}).get(member_id, member_id)),
                )
        await close_question(db, view.id, index, at)
    await end_round(db, view.id, RoundState.FINISHED, at + timedelta(minutes=length))


async def test_pages_rank_true_ties_together_and_leave_out_zero_rows(db: Database) -> None:
    right, wrong = True, False
    await play(
        db,
        NOW,
        {1: [right, right], 2: [right, right], 3: [right, wrong], 4: [wrong, wrong]}
        | {5: [right, wrong], 6: [right, right], 7: [wrong, right]},
        delay_ms={1: 500, 2: 520, 6: 900, 3: 700, 5: 690, 7: 730},
    )
    first = await leaderboard(db, guild_id=GUILD, period_key="all", limit=2)
    second = await leaderboard(db, guild_id=GUILD, period_key="all", offset=2, limit=2)
    third = await leaderboard(db, guild_id=GUILD, period_key="all", offset=4, limit=2)
    ranked = [(e.rank, e.member_id, e.points) for e in first.entries + second.entries]
    # Equal points and time (as shown, to 0.1 s) share a rank; equal points in more time come
    # after, ranked apart.
    assert ranked == [(1, 1, 2), (1, 2, 2), (3, 6, 2), (4, 5, 1)]
    # A page that starts inside a tie keeps the tie's rank; member 4 (no points) is not listed.
    assert [(e.rank, e.member_id) for e in third.entries] == [(4, 3), (4, 7)]
    assert (first.listed, first.played, first.more, third.more) == (6, 7, 4, 0)
    own = await member_rank(db, guild_id=GUILD, member_id=7, period_key="all")
    assert own is not None
    standing, place = own
    assert (standing.rank, standing.points, standing.answered, place) == (4, 1, 2, 6)
    for absent in (4, 77):  # no points, and no answers
        assert await member_rank(db, guild_id=GUILD, member_id=absent, period_key="all") is None


async def test_weeks_and_months_start_afresh(db: Database) -> None:
    last_month = datetime(2026, 10, 28, 12, tzinfo=NOW.tzinfo)  # 2026-W44, October
    await play(db, last_month, {1: [True, True]})
    await play(db, NOW, {2: [True]})
    weekly = await leaderboard(db, guild_id=GUILD, period_key=week_key(NOW))
    monthly = await leaderboard(db, guild_id=GUILD, period_key=month_key(NOW))
    all_time = await leaderboard(db, guild_id=GUILD, period_key="all")
    assert (weekly.period, monthly.period) == ("2026-W48", "2026-11")
    assert [(e.member_id, e.points) for e in weekly.entries] == [(2, 1)]
    assert [(e.member_id, e.points) for e in monthly.entries] == [(2, 1)]
    assert [(e.member_id, e.points) for e in all_time.entries] == [(1, 2), (2, 1)]


async def test_a_pack_filter_counts_that_pack_only(db: Database) -> None:
    await sync_packs(db, [make_pack(), make_pack("extra")], NOW)
    await play(db, NOW, {1: [True]})
    await play(db, NOW + timedelta(hours=1), {2: [True, True]}, pack_id="extra", channel_id=11)
    extra = await leaderboard(db, guild_id=GUILD, period_key="all", pack_id="extra")
    both = await leaderboard(db, guild_id=GUILD, period_key="all")
    assert [(e.member_id, e.points) for e in extra.entries] == [(2, 2)]
    assert [(e.member_id, e.points) for e in both.entries] == [(2, 2), (1, 1)]
    other_guild = await leaderboard(db, guild_id=GUILD + 1, period_key="all")
    assert other_guild.entries == ()


async def test_a_past_period_is_read_by_its_key_and_a_key_of_no_period_is_refused(
    db: Database,
) -> None:
    """A board message of week 44 browsed in week 48 reads week 44 (its key), not this week."""
    last_month = datetime(2026, 10, 28, 12, tzinfo=NOW.tzinfo)  # 2026-W44, October
    await play(db, last_month, {1: [True, True]})
    await play(db, NOW, {2: [True]})
    for key in (week_key(last_month), month_key(last_month)):
        board = await leaderboard(db, guild_id=GUILD, period_key=key)
        assert (board.period, [(e.member_id, e.points) for e in board.entries]) == (key, [(1, 2)])
        own = await member_rank(db, guild_id=GUILD, member_id=1, period_key=key)
        assert own is not None
        assert own[1] == 1
        assert await member_rank(db, guild_id=GUILD, member_id=2, period_key=key) is None
    for not_a_key in ("week", "2026-W54", "2026-13", ""):
        with pytest.raises(ValueError, match="period key"):
            await leaderboard(db, guild_id=GUILD, period_key=not_a_key)
