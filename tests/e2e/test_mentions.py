"""Mentions are explicit: a round of a pack whose every text mentions @everyone, @here, roles
and a member notifies nobody, except the server's ping role, once, from the start card; the
bot's own mentions of members ("Started by", the fastest, the standings) notify nobody either.
Whom each message notified is the stand-in's account (standin/mentions.py), with the bot
holding Mention @everyone, @here, and All Roles, so that any mention let through would ping."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.app.kit.context import utc_now
from bot.quiz.packs.library import load_library
from bot.storage.packs.library import sync_packs
from bot.storage.rounds import lifecycle
from bot.storage.settings import settings
from standin.permissions import MENTION_EVERYONE
from tests.databases import BACKENDS
from tests.e2e.conftest import (
    PACK_DIRS,
    Json,
    QuizWorld,
    answer,
    buttons_of,
    question_message,
    titled,
)
from tests.e2e.test_review import last_message

TEMPLATE = Path(__file__).parent / "packs" / "mentions" / "pings.yaml"
NOBODY = {"parse": []}  # allowed_mentions that let no mention through
MESSAGE, UPDATE_MESSAGE = 4, 7  # callbacks that carry a message body


@dataclass
class Server:
    """The roles and the member the pack mentions, and who plays."""

    ping_role: str  # mentionable: the role /quiz settings may choose
    staff_role: str  # mentionable too: a pack text's mention of it would ping
    mentioned: int  # the member the pack mentions, who answers right
    wrong: int  # a member who answers wrong and asks why


async def set_up(world: QuizWorld, tmp_path: Path) -> Server:
    """Roles, the bot's Mention Everyone, the pack with their ids, and the bot started."""
    standin = world.standin
    ping = (await standin.add_role(world.guild_id, "Quizzers", mentionable=True))["id"]
    staff = (await standin.add_role(world.guild_id, "Staff", mentionable=True))["id"]
    announcer = await standin.add_role(world.guild_id, "Announcer", MENTION_EVERYONE)
    bot_user = (await standin.state())["bot_user_id"]
    await standin.give_role(world.guild_id, bot_user, announcer["id"])
    server = Server(ping, staff, mentioned=world.members[0], wrong=world.members[2])
    text = TEMPLATE.read_text(encoding="utf-8")
    for token, value in (("STAFF_ID", staff), ("PING_ID", ping), ("MEMBER_ID", server.mentioned)):
        text = text.replace(token, str(value))
    (tmp_path / "pings.yaml").write_text(text, encoding="utf-8")
    world.library = load_library([*PACK_DIRS, tmp_path / "pings.yaml"])
    await sync_packs(world.db, list(world.library.packs.values()), utc_now())
    await world.start_bot()
    return server


async def play(world: QuizWorld, server: Server) -> Json:
    """The round of the pack: each question answered, "why" asked, skipped; then the missed
    questions reviewed from the standings. The start card's message."""
    pack = world.library.get("pings")
    assert pack is not None
    start = await world.command(world.owner, "quiz start", pack="pings", seconds=60)
    (view,) = await lifecycle.running_rounds(world.db)
    for index, question_id in enumerate(view.question_order):
        message = await question_message(world, index + 1, 2)
        question = pack.question(question_id)
        assert question is not None
        wrong = (question.correct_index + 1) % len(question.options)
        await answer(world, server.mentioned, message, question.correct_index)
        await answer(world, server.wrong, message, wrong)
        await world.command(world.owner, "quiz skip")
        revealed = await world.wait_for_message(titled(f"Question {index + 1} of 2 · Closed"))
        why = next(b for b in buttons_of(revealed) if b.get("custom_id", "").startswith("qw:"))
        assert "<@" in await world.said(
            await world.click(server.wrong, revealed["id"], why["custom_id"])
        )
    standings = await world.wait_for_message(titled("Standings"))
    missed = next(b for b in buttons_of(standings) if b.get("custom_id", "").startswith("rm:"))
    card = last_message(await world.click(server.wrong, standings["id"], missed["custom_id"]))
    review_answer = next(b for b in buttons_of(card) if b.get("custom_id", "").startswith("ra:"))
    await world.click(server.wrong, card["id"], review_answer["custom_id"])
    return last_message(start)


async def allowances(world: QuizWorld) -> list[object]:
    """The allowed_mentions of every message body the bot answered interactions with (replies,
    updates of the clicked message, followups, edits), in order; None where one had none."""
    found = []
    for report in await world.standin.interactions():
        for response in report["responses"]:
            if response["kind"] in {"followup", "edit"}:
                found.append(response["body"].get("allowed_mentions"))
            elif response["kind"] == "callback" and response["type"] in {MESSAGE, UPDATE_MESSAGE}:
                found.append(response["body"]["data"].get("allowed_mentions"))
    return found


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_round_full_of_mentions_pings_only_the_ping_role_once_at_the_start(
    world: QuizWorld, tmp_path: Path
) -> None:
    server = await set_up(world, tmp_path)
    chosen = await world.said(
        await world.command(world.owner, "quiz settings", ping_role=server.ping_role)
    )
    assert f"Ping when a round starts: <@&{server.ping_role}>" in chosen
    assert "will not be notified" not in chosen
    card = await play(world, server)

    assert f"<@&{server.ping_role}>, a quiz round is starting!" in str(card)
    assert f"<@{server.mentioned}>" in str(card)  # in the pack's summary: shown, never pinged
    assert await world.standin.mentions() == [
        {
            "message_id": card["id"],
            "channel_id": str(world.channel_id),
            "event": "create",
            "notified": True,
            "ephemeral": False,
            "users": [],
            "roles": [server.ping_role],
            "everyone": False,
        }
    ]
    sent = await allowances(world)
    # The settings' reply, the start card, 4 answers, 2 skips, 2 "why"s, a review card, its answer.
    assert len(sent) >= 12
    start_card = {"parse": [], "roles": [int(server.ping_role)]}
    assert [a for a in sent if a != NOBODY] == [start_card]


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_without_a_ping_role_a_round_full_of_mentions_notifies_nobody(
    world: QuizWorld, tmp_path: Path
) -> None:
    server = await set_up(world, tmp_path)
    card = await play(world, server)
    assert "a quiz round is starting" not in str(card)
    assert await world.standin.mentions() == []
    sent = await allowances(world)
    assert sent
    assert all(allowance == NOBODY for allowance in sent)


async def test_the_ping_role_is_cleared_and_refused_when_it_cannot_be_one(
    world: QuizWorld, tmp_path: Path
) -> None:
    server = await set_up(world, tmp_path)
    manager = world.owner
    both = await world.command(
        manager, "quiz settings", ping_role=server.ping_role, clear_ping_role=True
    )
    assert await world.said(both) == (
        "Give either ping_role or clear_ping_role, not both. Nothing was changed."
    )
    everyone = await world.command(manager, "quiz settings", ping_role=str(world.guild_id))
    assert (await world.said(everyone)).startswith("@everyone cannot be the round ping")
    assert (await settings.guild_settings(world.db, world.guild_id)).ping_role_id is None

    await world.command(manager, "quiz settings", ping_role=server.staff_role)
    kept = await world.said(await world.command(manager, "quiz settings", seconds=45))
    assert f"Ping when a round starts: <@&{server.staff_role}>" in kept
    cleared = await world.said(await world.command(manager, "quiz settings", clear_ping_role=True))
    assert "Ping when a round starts: nobody" in cleared
    assert (await settings.guild_settings(world.db, world.guild_id)).ping_role_id is None
    assert await world.standin.mentions() == []  # "@everyone" above was only shown


async def test_the_reply_says_when_discord_would_not_let_the_ping_through(
    world: QuizWorld,
) -> None:
    await world.start_bot()  # the bot without Mention Everyone
    quiet = (await world.standin.add_role(world.guild_id, "Quiet"))["id"]  # not mentionable
    said = await world.said(await world.command(world.owner, "quiz settings", ping_role=quiet))
    assert f"<@&{quiet}> will not be notified: the role is not mentionable" in said
    assert (await settings.guild_settings(world.db, world.guild_id)).ping_role_id == int(quiet)
    loud = (await world.standin.add_role(world.guild_id, "Loud", mentionable=True))["id"]
    said = await world.said(await world.command(world.owner, "quiz settings", ping_role=loud))
    assert "will not be notified" not in said
