"""Standings and leaderboards through Discord: ties, zero rows, cuts, an empty round, and the
private, pageable copies of the static public leaderboard."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import text

from bot.app.kit.catalogue import tr
from bot.app.kit.context import utc_now
from bot.app.kit.message_parts import BRAND, NEUTRAL
from bot.quiz.rounds.plan import RoundPlan
from bot.quiz.rounds.rules import RoundState
from bot.storage.rounds import lifecycle
from bot.storage.rounds.recorder import record_answer
from tests.e2e.conftest import QuizWorld, buttons_of, edits_of, titled
from tests.messages import accent_of, texts_of

Json = dict[str, Any]
EPHEMERAL = 1 << 6
FAKE = 10**17  # member ids of players who have left the server: mentions still render
RULE = tr("en", "standings.tie_rule")


def within_this_week_and_month(now: datetime, back: timedelta) -> datetime:
    """``back`` before ``now``, or the start of ``now``'s week or month if that is later: a round
    seeded just after midnight on a Monday or on the 1st still counts in this week and month."""
    week = (now - timedelta(days=now.weekday())).replace(hour=0, minute=0, second=0, microsecond=0)
    month = now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    return max(now - back, week, month)


async def seed_round(world: QuizWorld, scores: dict[int, tuple[int, int]]) -> int:
    """A finished round of "mini" in the test channel, played while the bot was away: member m
    answers its first ``scores[m][0]`` questions right, each ``scores[m][1]`` ms after it opened.
    Only its standings are still owed, so the bot posts them when it starts."""
    pack = world.library.get("mini")
    assert pack is not None
    await world.stop_bot()
    start = within_this_week_and_month(utc_now(), timedelta(minutes=10))
    view = await lifecycle.start_round(
        world.db,
        RoundPlan(
            guild_id=world.guild_id,
            channel_id=world.channel_id,
            pack_id="mini",
            started_by=world.owner,
            question_seconds=60,
            question_count=None,
        ),
        rng=random.Random(3),  # noqa: S311
        now=start,
    )
    for index, question_id in enumerate(view.question_order):
        opened = start + timedelta(minutes=index)
        await lifecycle.open_question(world.db, view.id, index, opened)
        question = pack.question(question_id)
        assert question is not None
        wrong = (question.correct_index + 1) % len(question.options)
        for member, (right, delay_ms) in scores.items():
            await record_answer(
                world.db,
                round_id=view.id,
                question_id=question_id,
                member_id=member,
                option_index=question.correct_index if index < right else wrong,
                now=opened + timedelta(milliseconds=delay_ms),
            )
        await lifecycle.close_question(world.db, view.id, index, opened + timedelta(seconds=59))
    await lifecycle.end_round(world.db, view.id, RoundState.FINISHED, start + timedelta(minutes=4))
    async with world.db.write() as connection:
        await connection.execute(
            text(
                "UPDATE round_deliveries SET state = 'delivered'"
                " WHERE round_id = :id AND kind != 'standings'"
            ),
            {"id": view.id},
        )
    await world.start_bot()
    return view.id


def crowd(world: QuizWorld) -> dict[int, tuple[int, int]]:
    """Three members tied at the top, one as right but slower, two with nothing right, and 40
    former members with one right each, in times that differ as shown (by 0.1 s)."""
    top = sorted(world.members[:4])
    scores = dict.fromkeys(top[:3], (3, 400)) | {top[3]: (3, 700)}
    scores |= {world.members[4]: (0, 100), world.members[5]: (0, 100)}
    return scores | {FAKE + i: (1, 1000 + 100 * i) for i in range(40)}


async def test_standings_rank_true_ties_together_leave_out_zero_rows_and_count_the_rest(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    scores = crowd(world)
    await seed_round(world, scores)
    standings = await world.wait_for_message(titled("Standings: Mini quiz"))
    body, footer = texts_of(standings)[1:]  # below the heading
    lines = body.splitlines()
    tied = sorted(world.members[:4])
    assert [line.split(" ")[:2] for line in lines[:5]] == [
        ["**1.**", f"<@{tied[0]}>:"],
        ["**1.**", f"<@{tied[1]}>:"],
        ["**1.**", f"<@{tied[2]}>:"],
        ["**4.**", f"<@{tied[3]}>:"],
        ["**5.**", f"<@{FAKE}>:"],
    ]
    assert lines[0].endswith("3 correct · 1.2 s")
    assert len(lines) == 21  # 20 ranked, then the cut
    assert lines[-1] == "…and 24 more"
    for nothing_right in world.members[4:6]:
        assert f"<@{nothing_right}>" not in body
    assert footer == "\n".join(f"-# {line}" for line in f"46 played\n{RULE}".splitlines())


async def test_a_question_and_a_round_nobody_answered_say_so_in_neutral_colours(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    await world.command(world.owner, "quiz start", pack="mini", questions=1, seconds=60)
    await world.wait_for_message(titled("Question 1 of 1"))
    await world.command(world.owner, "quiz skip")
    revealed = await world.wait_for_message(titled("Question 1 of 1 · Closed"))
    assert accent_of(revealed) == NEUTRAL.value
    standings = await world.wait_for_message(titled("Standings: Mini quiz"))
    assert texts_of(standings)[1:] == ["Nobody answered in this round."]
    assert accent_of(standings) == NEUTRAL.value


async def test_a_round_with_answers_but_none_right_says_so(bot_world: QuizWorld) -> None:
    world = bot_world
    await seed_round(world, {world.members[0]: (0, 300), world.members[1]: (0, 500)})
    standings = await world.wait_for_message(titled("Standings: Mini quiz"))
    body, footer = texts_of(standings)[1:]
    assert body == "Nobody got a question right in this round."
    assert accent_of(standings) == BRAND.value
    assert footer.startswith("-# 2 played")


async def test_the_public_board_is_static_and_cut_with_ties_and_no_zero_rows(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    await seed_round(world, crowd(world))
    await world.command(world.members[0], "leaderboard")
    board = await world.wait_for_message(titled("Leaderboard"))
    embed = board["embeds"][0]
    lines = embed["description"].splitlines()
    assert [line.split(".**")[0] for line in lines[:-1]] == ["**1"] * 3 + [
        f"**{rank}" for rank in range(4, 11)
    ]
    assert lines[-1] == "…and 34 more"
    assert embed["footer"]["text"] == f"46 played\n{RULE}"
    assert [b["label"] for b in buttons_of(board)] == ["Browse", "Me"]


async def private_click(world: QuizWorld, member: int, message_id: str, custom_id: str) -> Json:
    """Clicks and returns the private message the click showed (new or edited in place)."""
    report = await world.click(member, message_id, custom_id)
    (response,) = report["responses"]
    shown = response["message_id"] or message_id
    mine = await world.messages(as_user=member)
    message = next(m for m in mine if m["id"] == shown)
    assert message["flags"] & EPHEMERAL, "a board copy for one member must be private"
    return message


def page_of(message: Json) -> str:
    return message["embeds"][0]["footer"]["text"].split(" · ")[0]


def button(message: Json, label: str) -> str:
    return next(b["custom_id"] for b in buttons_of(message) if b["label"] == label)


async def test_browsing_is_private_per_member_and_survives_a_restart(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    await seed_round(world, crowd(world))
    # Two English-speaking members (the private copies are in the member's language).
    first, second = [m for m in world.members[6:] if world.locales[m].startswith("en")][:2]
    await world.command(first, "leaderboard")
    public = await world.wait_for_message(titled("Leaderboard"))
    since = len(await world.standin.request_log())

    mine = await private_click(world, first, public["id"], button(public, "Browse"))
    assert page_of(mine) == "Page 1 of 5"
    mine = await private_click(world, first, mine["id"], button(mine, "Next"))
    assert page_of(mine) == "Page 2 of 5"
    theirs = await private_click(world, second, public["id"], button(public, "Browse"))
    assert theirs["id"] != mine["id"]
    await world.stop_bot()  # the copy's buttons work after a restart
    await world.start_bot()
    mine = await private_click(world, first, mine["id"], button(mine, "Next"))
    assert page_of(mine) == "Page 3 of 5"
    assert "**21.**" in mine["embeds"][0]["description"]

    seen_by_second = {m["id"]: m for m in await world.messages(as_user=second)}
    assert page_of(seen_by_second[theirs["id"]]) == "Page 1 of 5"
    assert mine["id"] not in seen_by_second  # nobody else sees a member's copy
    assert await edits_of(world, public["id"], since) == 0
    now_public = next(m for m in await world.messages() if m["id"] == public["id"])
    assert (now_public["embeds"], now_public["components"]) == (
        public["embeds"],
        public["components"],
    )


async def test_me_opens_the_page_holding_my_row_or_says_i_have_none(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    slow = next(m for m in world.members[6:] if world.locales[m].startswith("en"))
    scores = crowd(world) | {slow: (1, 9000)}  # last of 45 listed: page 5
    await seed_round(world, scores)
    await world.command(world.members[0], "leaderboard")
    public = await world.wait_for_message(titled("Leaderboard"))
    locale = world.locales[slow]

    mine = await private_click(world, slow, public["id"], button(public, "Me"))
    assert mine["content"] == tr(locale, "leaderboard.your_rank", rank=45, points=1)
    own_line = f"**45.** <@{slow}>: 1 correct · 9.0 s (3 answered) {tr(locale, 'standings.you')}"
    assert mine["embeds"][0]["description"].splitlines()[-1] == own_line
    assert page_of(mine) == "Page 5 of 5"

    nothing_right = world.members[4]
    said = await world.said(await world.click(nothing_right, public["id"], button(public, "Me")))
    assert said == tr(world.locales[nothing_right], "leaderboard.not_ranked")
