"""Forged clicks: a modified client sends any custom_id on any message it can see, from another
server, from a DM with the bot, or on another message. Every kind of custom_id the bot makes is
forged so; each gets a private "this button doesn't belong here" (or, for "Why was mine
wrong?" on a question still open, "not yet"), and no answer, score, card or review changes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from sqlalchemy import select

from bot.app.kit.catalogue import tr
from bot.app.kit.context import utc_now
from bot.app.shelf.question_keys import stable_key
from bot.quiz.packs.server_packs import stored_pack_id
from bot.storage.models import AnswerRow, CardRow, ReviewLogRow, ScoreCountRow, ScoreRow
from bot.storage.rounds import lifecycle
from tests.databases import BACKENDS
from tests.e2e.conftest import TIMEOUT, QuizWorld, buttons_of, option_id, play_round, titled
from tests.e2e.test_server_packs import home, second_server, stored_packs, upload
from tests.storage.factories import CAPITALS

# Where answers, scores and learning live: none of it may change.
TABLES = [row.__table__ for row in (AnswerRow, ScoreRow, ScoreCountRow, CardRow, ReviewLogRow)]


async def snapshot(world: QuizWorld) -> dict[str, list[tuple[Any, ...]]]:
    async with world.db.read() as connection:
        return {
            table.name: sorted(
                (tuple(row) for row in await connection.execute(select(table))), key=repr
            )
            for table in TABLES
        }


@dataclass(frozen=True, slots=True)
class Forger:
    """A user with a modified client, and a message of the bot's they can see."""

    world: QuizWorld
    user: int
    message_id: str
    locale: str = "en-US"

    async def click(self, custom_id: str) -> str:
        """What the bot said privately to the forged click."""
        standin = self.world.standin
        asked = await standin.forge_click(self.user, self.message_id, custom_id)
        return await self.world.said(await standin.wait_for_response(asked, timeout=TIMEOUT))

    def on(self, message_id: str) -> Forger:
        return Forger(self.world, self.user, message_id, self.locale)

    @property
    def not_here(self) -> str:
        return tr(self.locale, "errors.not_here")


async def outsiders(world: QuizWorld) -> tuple[Forger, Forger]:
    """The owner of another server, forging on its leaderboard there and on a reply to
    /settings in their DM with the bot (the server is added before the bot connects)."""
    elsewhere = await second_server(world)
    await world.start_bot()
    board = await world.standin.command(elsewhere.moderator, elsewhere.channel_id, "leaderboard")
    board_id = (await world.standin.wait_for_response(board))["original_message_id"]
    dm = await world.standin.dm_channel(elsewhere.moderator)
    settings = await world.standin.command(elsewhere.moderator, dm, "settings")
    dm_message = (await world.standin.wait_for_response(settings))["original_message_id"]
    return Forger(world, elsewhere.moderator, board_id), Forger(
        world, elsewhere.moderator, dm_message
    )


def member(world: QuizWorld, index: int, message_id: str) -> Forger:
    """A member of the round's server, forging on one of its messages."""
    user = world.members[index]
    return Forger(world, user, message_id, world.locales[user])


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_forged_round_clicks_change_nothing_while_the_question_is_open(
    world: QuizWorld,
) -> None:
    other_server, in_dm = await outsiders(world)
    started = await world.command(world.owner, "quiz start", pack="mini", seconds=120)
    (view,) = [
        v for v in await lifecycle.running_rounds(world.db) if v.channel_id == world.channel_id
    ]
    question = await world.wait_for_message(titled("Question 1 of 3"))
    pack = world.library.get("mini")
    asked = pack.question(view.question_order[0]) if pack else None
    assert asked is not None
    wrong = (asked.correct_index + 1) % len(asked.options)
    wrongly_said = await world.click(world.members[0], question["id"], option_id(question, wrong))
    assert "Locked in" in await world.said(wrongly_said)
    before = await snapshot(world)
    answer = f"qa:{view.id}:0:{asked.correct_index}"
    why, missed = f"qw:{view.id}:0", f"rm:{view.id}"
    start_card = member(world, 2, started["original_message_id"])  # the round's, not the question's

    for forger in (other_server, in_dm, start_card):
        for custom_id in (answer, why, missed):
            assert await forger.click(custom_id) == forger.not_here, (forger, custom_id)
    on_question = member(world, 2, question["id"])
    assert await on_question.click(f"qa:{view.id}:0:9") == on_question.not_here  # no option 9
    assert await on_question.click(f"qa:{view.id}:1:0") == on_question.not_here  # question 2's
    assert await on_question.click(missed) == on_question.not_here  # not the standings
    # The member who answered wrongly asks on the question itself: not before it closes.
    wrongly = member(world, 0, question["id"])
    assert await wrongly.click(why) == tr(wrongly.locale, "round.why_not_yet")

    assert await snapshot(world) == before
    right = await world.click(world.members[3], question["id"], answer)
    assert "Locked in" in await world.said(right)  # the real button still answers


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_forged_clicks_after_a_round_change_nothing(world: QuizWorld) -> None:
    other_server, in_dm = await outsiders(world)
    await upload(world, home(world), CAPITALS)  # a pack of this server only
    own_pack = "p" + stable_key(stored_pack_id("capitals", world.guild_id))
    assert await stored_packs(world) == [(world.guild_id, "capitals")]
    standings = await play_round(world, {world.members[0]: 1, world.members[1]: 0})
    (round_id,) = [int(b["custom_id"].removeprefix("rm:")) for b in buttons_of(standings)]
    question = await world.wait_for_message(titled("Question 1 of 3"))
    before = await snapshot(world)
    outsider = other_server.user
    mini_question = stable_key("mini", "two")
    today = f"{utc_now():%Y%m%d}"
    round_scope = f"r{round_id}.0"

    elsewhere = {
        f"qw:{round_id}:0": (other_server, in_dm, member(world, 0, standings["id"])),
        f"rm:{round_id}": (other_server, in_dm, member(world, 0, question["id"])),
        # Reviews of another server's round or pack, an answer to a card nobody showed.
        f"rv:{round_scope}": (other_server, in_dm),
        f"rv:{own_pack}": (other_server,),
        f"rn:{outsider}:0:0:{round_scope}": (other_server,),
        f"rn:{outsider}:0:0:{own_pack}": (other_server,),
        f"ra:{outsider}:0:0:{mini_question}:0:": (other_server, in_dm),
        f"ra:{outsider}:0:0:{mini_question}:0::zzzzzzzzzzzzzz": (other_server,),
        f"rs:{outsider}:5:9": (other_server,),  # more right than reviewed
        # Boards of another server's pack, of no period, of a page there is not, in a DM.
        f"lb:b:all:{own_pack[1:]}:0": (other_server,),
        f"lm:all:{own_pack[1:]}": (other_server,),
        "lb:b:2026-W60::0": (other_server,),
        "lm:2026-13:": (other_server,),
        "lb:n:all::1": (other_server,),
        f"lb:n:all::{10**40}": (other_server,),
        "lb:b:all::0": (in_dm,),
        # Someone else's reminder, a day there is not, a reminder outside its DM.
        f"dr:{world.members[0]}:{today}": (in_dm,),
        f"dr:{outsider}:20261399": (in_dm,),
        f"dr:{outsider}:{today}": (other_server,),
    }
    for custom_id, forgers in elsewhere.items():
        for forger in forgers:
            assert await forger.click(custom_id) == forger.not_here, (forger, custom_id)
    someone_else = f"ra:{world.members[0]}:0:0:{mini_question}:0:r{round_id}.0"
    assert await other_server.click(someone_else) == tr("en-US", "review.not_yours")

    assert await snapshot(world) == before
    # The real buttons, where they are, still answer the member who got everything wrong.
    wrong_all, locale = world.members[1], world.locales[world.members[1]]
    why = await world.click(wrong_all, question["id"], f"qw:{round_id}:0")
    refusals = {tr(locale, key) for key in ("errors.not_here", "round.why_not_yet")}
    assert await world.said(why) not in refusals | {tr(locale, "round.why_no_answer")}
    review = await world.click(wrong_all, standings["id"], f"rm:{round_id}")
    mini = world.library.get("mini")
    assert mini is not None
    heading = tr(locale, "review.title", pack=mini.title.get(locale))
    assert (await world.said(review)).startswith(heading)  # a card of what they missed
