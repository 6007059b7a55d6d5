"""Leeches through the stand-in: a question failed again and again leaves the member's reviews,
they are told once, privately, with its explanation, and moderators see the count."""

from __future__ import annotations

from sqlalchemy import select, update

from bot.app.kit.catalogue import tr
from bot.quiz.review.leeches import LEECH_LAPSES
from bot.storage.models import CardRow
from tests.e2e.conftest import TIMEOUT, QuizWorld, option_id, play_round
from tests.e2e.test_review import CORRECT, last_message, prompt_of

EXPLAINED = {
    "One plus one?": "One and one make two.",
    "Two plus two?": "Two and two make four.",
    "Three plus three?": "Three and three make six.",
}


async def set_lapses(world: QuizWorld, member: int, lapses: int, **values: object) -> None:
    async with world.db.write() as connection:
        await connection.execute(
            update(CardRow).where(CardRow.member_id == member).values(lapses=lapses, **values)
        )


async def lapses(world: QuizWorld, member: int) -> list[int]:
    async with world.db.read() as connection:
        found = await connection.scalars(
            select(CardRow.lapses).where(CardRow.member_id == member).order_by(CardRow.question_id)
        )
        return list(found)


def embeds_of(message: dict[str, object]) -> list[dict[str, str]]:
    found = message.get("embeds") or []
    assert isinstance(found, list)
    return found


async def test_the_review_answer_that_makes_a_leech_says_so_once(bot_world: QuizWorld) -> None:
    world = bot_world
    member = world.members[0]  # en-US
    locale = world.locales[member]
    card = last_message(await world.command(member, "review", pack="mini"))
    first = prompt_of(card)
    wrong = (CORRECT[first] + 1) % 2
    await world.click(member, card["id"], option_id(card, wrong))
    # Seven lapses already, and due again now: the next miss is the eighth.
    await set_lapses(world, member, LEECH_LAPSES - 1, due=world.clock.now())
    card = last_message(await world.command(member, "review", pack="mini"))
    assert prompt_of(card) == first  # a due card comes before new ones
    result = last_message(await world.click(member, card["id"], option_id(card, wrong)))
    verdict, notice = embeds_of(result)
    assert EXPLAINED[first] in verdict["description"]
    assert notice["title"] == f"{tr(locale, 'review.leech_title')} · Mini quiz"
    # The result above already shows the question and its explanation: the notice says why.
    assert notice["description"] == tr(locale, "review.leech", lapses=LEECH_LAPSES)
    assert await lapses(world, member) == [LEECH_LAPSES]
    # Never offered again, and told only once: the next cards are the other questions.
    seen = []
    for _ in range(2):
        card = last_message(await world.command(member, "review", pack="mini"))
        assert len(embeds_of(card)) == 1
        seen.append(prompt_of(card))
        right = CORRECT[seen[-1]]
        await world.click(member, card["id"], option_id(card, right))
    assert first not in seen
    assert len(set(seen)) == 2


async def test_leeches_made_in_rounds_are_told_on_the_next_review_and_counted_for_moderators(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    member, other = world.members[0], world.members[1]
    locale = world.locales[member]
    await play_round(world, {member: 0, other: 3})  # every question missed: cards, no lapse
    await set_lapses(world, member, LEECH_LAPSES - 1)
    await play_round(world, {member: 0, other: 3})  # every question missed again: leeches

    async def all_leeches() -> bool:
        return await lapses(world, member) == [LEECH_LAPSES] * 3

    await world.standin.wait_for(all_leeches, timeout=TIMEOUT)
    # Nothing left to review; the notices come two to a reply, each with its explanation.
    told: list[str] = []
    for expected in (2, 1, 0):
        message = last_message(await world.command(member, "review", pack="mini"))
        assert message["content"] == tr(locale, "review.nothing_at_all")
        notices = embeds_of(message)
        assert len(notices) == expected
        for notice in notices:
            prompt = next(p for p in EXPLAINED if f"**{p}**" in notice["description"])
            assert EXPLAINED[prompt] in notice["description"]
            told.append(prompt)
    assert sorted(told) == sorted(EXPLAINED)
    report = await world.command(world.owner, "quiz analytics", pack="mini")
    said = await world.said(report)
    owner_locale = world.locales[world.owner]
    count = tr(owner_locale, "analytics.leeches", count=1)
    assert said.count(count) == 3  # one member, on each question
