"""Options shown in a shuffled order: seeded by round and question (the same for everyone in a
round, and after a restart) or by the review, with every letter a member reads following it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import timedelta

import pytest
from sqlalchemy import update

from bot.app.kit.catalogue import tr
from bot.app.kit.context import utc_now
from bot.quiz.model import Question
from bot.quiz.rounds.shuffle import option_order, review_option_seed, shown_order
from bot.storage.models import CardRow
from bot.storage.rounds import lifecycle
from tests.databases import BACKENDS
from tests.e2e.conftest import (
    Json,
    QuizWorld,
    answer,
    buttons_of,
    custom_ids,
    option_id,
    question_message,
    titled,
)
from tests.e2e.test_review import assert_result_card, last_message, prompt_of
from tests.e2e.test_round import start_mini_round
from tests.messages import components_in

LETTERS = "ABCDE"
QUESTION_OF_PROMPT = {"One plus one?": "two", "Two plus two?": "four", "Three plus three?": "six"}


async def round_question(world: QuizWorld, round_id: int, number: int) -> Json:
    """Question ``number`` of round ``round_id`` (an earlier round has its titles too)."""
    marker = f"qa:{round_id}:{number - 1}:"
    return await world.wait_for_message(lambda m: any(i.startswith(marker) for i in custom_ids(m)))


SECTION, SUCCESS = 9, 3  # a layout's section; the style of the right option's button


def shown_options(message: Json) -> list[int]:
    """The pack's option indices under the message's answer buttons, left to right."""
    ids = [i.split(":") for i in custom_ids(message) if i.startswith(("qa:", "ra:"))]
    return [int(parts[3] if parts[0] == "qa" else parts[5]) for parts in ids]


def answer_labels(message: Json) -> list[str]:
    return [b["label"] for b in buttons_of(message) if b.get("custom_id", "")[:3] in ("qa:", "ra:")]


def option_lines(message: Json) -> list[str]:
    """ "**A** · text" per shown option: an embed's lines, or a layout's sections (the button's
    letter beside the option's text)."""
    if message["embeds"]:
        description: str = message["embeds"][0]["description"]
        return [line for line in description.splitlines() if "** · " in line]
    return [
        f"**{section['accessory']['label']}** · {option_text(section).splitlines()[0]}"
        for section in sections_of(message)
    ]


def sections_of(message: Json) -> list[Json]:
    return [c for c in components_in(message) if c.get("type") == SECTION]


def option_text(section: Json) -> str:
    return str(section["components"][0]["content"])


def expected_lines(question: Question, order: list[int]) -> list[str]:
    return [
        f"**{LETTERS[position]}** · {question.options[option].text.get('en')}"
        for position, option in enumerate(order)
    ]


def mini_question(world: QuizWorld, question_id: str) -> Question:
    pack = world.library.get("mini")
    question = pack.question(question_id) if pack is not None else None
    assert question is not None
    return question


async def test_two_rounds_of_a_pack_show_different_orders(bot_world: QuizWorld) -> None:
    world = bot_world
    shown: list[dict[str, list[int]]] = []
    for _ in range(2):
        round_id = await start_mini_round(world)
        view = await lifecycle.get_round(world.db, round_id)
        orders = {}
        for number, question_id in enumerate(view.question_order, start=1):
            message = await round_question(world, round_id, number)
            question = mini_question(world, question_id)
            orders[question_id] = shown_options(message)
            assert orders[question_id] == list(shown_order(round_id, question))
            assert answer_labels(message) == list(LETTERS[: len(question.options)])
            assert option_lines(message) == expected_lines(question, orders[question_id])
            await world.command(world.owner, "quiz skip")
            await world.wait_for_message(titled(f"Question {number} of 3 · Closed"))
        await world.wait_for_message(titled("Standings: Mini quiz"))
        await world.standin.wait_for(_no_running_round(world), timeout=15)
        shown.append(orders)
    # Rounds 1 and 2 of a fresh database: "four" is shown B, A in round 2 only.
    assert any(shown[0][q] != shown[1][q] for q in shown[0])


def _no_running_round(world: QuizWorld) -> Callable[[], Awaitable[bool]]:
    async def done() -> bool:
        return not await lifecycle.running_rounds(world.db)

    return done


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_every_letter_in_a_round_follows_its_shown_order(bot_world: QuizWorld) -> None:
    world = bot_world
    round_id = await start_mini_round(world)
    view = await lifecycle.get_round(world.db, round_id)
    questions = {q: mini_question(world, q) for q in view.question_order}
    orders = {q: list(shown_order(round_id, question)) for q, question in questions.items()}
    assert any(order != sorted(order) for order in orders.values())  # something to check
    for number, question_id in enumerate(view.question_order, start=1):
        question, order = questions[question_id], orders[question_id]
        message = await question_message(world, number, 3)
        assert shown_options(message) == order
        # Option o is picked by o + 1 members, so the reveal's counts tell options apart.
        picks = {}
        members = iter(world.members)
        for option in range(len(order)):
            for member in [next(members) for _ in range(option + 1)]:
                picks[member] = option
                said = await answer(world, member, message, option)
                letter = LETTERS[order.index(option)]
                assert said == tr(world.locales[member], "round.locked_in", letter=letter)
        await world.command(world.owner, "quiz skip")
        revealed = await world.wait_for_message(titled(f"Question {number} of 3 · Closed"))
        _assert_reveal(revealed, question, order)
        for member, option in picks.items():
            why = await world.said(
                await world.click(member, revealed["id"], custom_ids(revealed)[-1])
            )
            assert why == _why(world.locales[member], question, order, option)


def _assert_reveal(revealed: Json, question: Question, order: list[int]) -> None:
    assert shown_options(revealed) == order
    assert answer_labels(revealed) == list(LETTERS[: len(order)])
    assert option_lines(revealed) == expected_lines(question, order)
    correct = LETTERS[order.index(question.correct_index)]
    marked = [b["label"] for b in buttons_of(revealed) if b.get("style") == SUCCESS]
    assert marked == [correct]
    for position, section in enumerate(sections_of(revealed)):
        option = order[position]
        mark = " ✅" if option == question.correct_index else ""
        assert option_text(section).splitlines()[1].endswith(f" {option + 1}{mark}")


def _why(locale: str, question: Question, order: list[int], option: int) -> str:
    letter = LETTERS[order.index(option)]
    picked = question.options[option]
    if picked.correct:
        return tr(locale, "round.why_correct", letter=letter)
    assert picked.why is not None  # every wrong option of the mini pack says why
    return tr(locale, "round.why_wrong", letter=letter, why=picked.why.get(locale))


async def test_a_restart_mid_question_keeps_its_order(bot_world: QuizWorld) -> None:
    world = bot_world
    member = world.members[0]
    round_id = await start_mini_round(world)
    view = await lifecycle.get_round(world.db, round_id)
    for number, question_id in enumerate(view.question_order, start=1):  # noqa: B007  # kept
        message = await question_message(world, number, 3)
        order = shown_options(message)
        if order != sorted(order):  # a shuffled question: restart while it is open
            break
        await world.command(world.owner, "quiz skip")
        await world.wait_for_message(titled(f"Question {number} of 3 · Closed"))
    else:
        pytest.fail(f"round {round_id} showed every question in the pack's order")
    question = mini_question(world, question_id)
    wrong = next(o for o in order if o != question.correct_index)
    locked = await answer(world, member, message, wrong)
    await world.stop_bot()
    await world.start_bot()
    await world.command(world.owner, "quiz skip")
    revealed = await world.wait_for_message(titled(f"Question {number} of 3 · Closed"))
    assert shown_options(revealed) == order
    assert option_lines(revealed) == option_lines(message)
    assert f"**{LETTERS[order.index(wrong)]}**" in locked
    why = await world.said(await world.click(member, revealed["id"], custom_ids(revealed)[-1]))
    assert why == _why(world.locales[member], question, order, wrong)


async def test_a_review_shows_its_own_order_and_its_result_follows_it(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    member = world.members[0]  # en-US
    for times_reviewed in (0, 1):  # the pack's three new cards, then each of them due again
        message = last_message(await world.command(member, "review", pack="mini"))
        seen = []
        while message["embeds"][0]["title"] != "Review done":
            prompt = prompt_of(message)
            question_id = QUESTION_OF_PROMPT[prompt]
            question = mini_question(world, question_id)
            seed = review_option_seed(member, "mini", question_id, times_reviewed)
            order = list(option_order(seed, len(question.options)))
            assert shown_options(message) == order
            assert answer_labels(message) == list(LETTERS[: len(order)])
            assert option_lines(message) == expected_lines(question, order)
            wrong = next(o for o in order if o != question.correct_index)
            result = last_message(
                await world.click(member, message["id"], option_id(message, wrong))
            )
            assert_result_card(result, prompt, wrong, message)
            seen.append(question_id)
            message = last_message(await world.click(member, message["id"], custom_ids(result)[0]))
        assert sorted(seen) == sorted(QUESTION_OF_PROMPT.values())
        async with world.db.write() as connection:
            await connection.execute(
                update(CardRow)
                .where(CardRow.member_id == member)
                .values(due=utc_now() - timedelta(minutes=1))
            )
