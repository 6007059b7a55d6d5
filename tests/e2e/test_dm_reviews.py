"""Reviews in any DM: `/review`, `/stats` and `/settings` installed to a member's account run in
their DM with the bot and in group DMs, over the built-in packs (a server's own stay in that
server), privately in a group DM; the server-only commands are refused there, and so are
forged clicks (bot/app/kit/places.py)."""

from __future__ import annotations

from datetime import datetime

import discord
import pytest
from sqlalchemy import select

from bot.app.kit.catalogue import tr
from bot.app.shelf.question_keys import stable_key
from bot.quiz.packs.server_packs import stored_pack_id
from bot.storage.models import CardRow, MemberSettingsRow, ReviewLogRow
from standin.driver import StandInRefusedError
from tests.databases import BACKENDS
from tests.e2e.conftest import (
    TIMEOUT,
    Json,
    QuizWorld,
    buttons_of,
    followed_up,
    option_id,
    seed_finished_round,
)
from tests.e2e.test_forged_clicks import Forger, snapshot
from tests.e2e.test_review import CORRECT, description, last_message, prompt_of, shown_time
from tests.e2e.test_server_packs import home, second_server, upload
from tests.storage.factories import CAPITALS

EPHEMERAL = discord.MessageFlags.ephemeral.flag
ANYWHERE = {"integration_types": [0, 1], "contexts": [0, 1, 2]}
SERVER_ONLY = {"integration_types": [0], "contexts": [0]}


async def run(world: QuizWorld, user: int, channel: int, name: str, **options: object) -> Json:
    """A command run by ``user`` in ``channel`` (a DM, a group DM): its report once answered."""
    asked = await world.standin.command(user, channel, name, **options)  # type: ignore[arg-type]
    return await world.standin.wait_for_response(asked, timeout=TIMEOUT)


async def mini_cards(world: QuizWorld, member: int) -> list[tuple[str, datetime]]:
    async with world.db.read() as connection:
        rows = await connection.execute(
            select(CardRow.question_id, CardRow.due).where(
                CardRow.member_id == member, CardRow.pack_id == "mini"
            )
        )
        return [(question_id, due) for question_id, due in rows]


async def answer_first_card(world: QuizWorld, member: int, report: Json) -> Json:
    """Answers the card a /review report shows, rightly: the result card."""
    card = last_message(report)
    clicked = await world.click(member, card["id"], option_id(card, CORRECT[prompt_of(card)]))
    assert clicked["channel_id"] == report["channel_id"]  # the review goes on where it began
    return last_message(clicked)


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_a_review_in_the_dm_with_the_bot_schedules_the_card(bot_world: QuizWorld) -> None:
    world, member = bot_world, bot_world.members[0]
    dm = await world.standin.dm_channel(member)
    report = await run(world, member, dm, "review", pack="mini")
    card = last_message(report)
    assert not (card.get("flags") or 0) & EPHEMERAL  # in the DM it stays in its history
    result = await answer_first_card(world, member, report)
    assert tr("en-US", "review.right") in description(result)

    ((_question, due),) = await mini_cards(world, member)  # its next time, stored
    assert due.replace(microsecond=0) == shown_time(description(result))
    async with world.db.read() as connection:
        sources = list(await connection.scalars(select(ReviewLogRow.source)))
    assert sources == ["review"]


async def test_a_group_dm_review_is_private_and_needs_the_app_on_the_account(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    alice, bob = world.members[0], world.members[1]
    group = await world.standin.group_dm([alice, bob])
    with pytest.raises(StandInRefusedError, match="not installed"):
        await run(world, alice, group, "review", pack="mini")  # the server's install is not here
    await world.standin.install_app(alice)

    report = await run(world, alice, group, "review", pack="mini")
    assert last_message(report)["flags"] & EPHEMERAL
    assert await world.standin.messages(group, as_user=bob) == []  # Alice's reviews are hers
    result = await answer_first_card(world, alice, report)
    assert result["embeds"][0]["description"]
    assert len(await mini_cards(world, alice)) == 1
    assert await world.standin.messages(group, as_user=bob) == []

    changed = await run(world, alice, group, "settings", new_per_day=5)
    assert changed["responses"][0]["body"]["data"]["flags"] & EPHEMERAL
    async with world.db.read() as connection:
        limit = await connection.scalar(
            select(MemberSettingsRow.daily_new_limit).where(MemberSettingsRow.member_id == alice)
        )
    assert limit == 5


async def test_stats_outside_a_server_are_the_members_own_over_every_server(
    world: QuizWorld,
) -> None:
    member, other = world.members[0], world.members[1]
    await seed_finished_round(world, {member: 2, other: 1})
    await world.start_bot()
    await world.standin.install_app(member)
    dm = await world.standin.dm_channel(member)
    group = await world.standin.group_dm([member, other])
    for channel in (dm, group):
        stats = (await followed_up(world, await run(world, member, channel, "stats")))["responses"][
            -1
        ]["body"]
        assert stats["flags"] & EPHEMERAL
        (embed,) = stats["embeds"]
        assert embed["footer"]["text"] == tr("en-US", "stats.scope_everywhere")
        fields = {field["name"]: field["value"] for field in embed["fields"]}
        assert fields[tr("en-US", "stats.answers")] == "3"
        assert fields[tr("en-US", "stats.rounds")] == "1"
        someone_else = await run(world, member, channel, "stats", member=other)
        assert await world.said(someone_else) == tr("en-US", "stats.own_only")

    settings = await run(world, member, dm, "settings", time_zone="Europe/Athens")
    assert "Europe/Athens" in str(settings["responses"][0]["body"]["data"]["embeds"])


async def test_server_commands_are_refused_outside_a_server(bot_world: QuizWorld) -> None:
    world, member = bot_world, bot_world.members[0]
    synced = {c["name"]: c for c in (await world.standin.state())["commands"]["global"]}
    for name in ("review", "stats", "settings"):
        assert {key: synced[name][key] for key in ANYWHERE} == ANYWHERE, name
    for name in ("quiz", "leaderboard"):
        assert {key: synced[name][key] for key in SERVER_ONLY} == SERVER_ONLY, name
    await world.standin.install_app(member)
    dm = await world.standin.dm_channel(member)
    group = await world.standin.group_dm([member, world.members[1]])
    for channel in (dm, group):
        for name, options in (("quiz start", {"pack": "mini"}), ("leaderboard", {})):
            with pytest.raises(StandInRefusedError, match="not offered in this context"):
                await run(world, member, channel, name, **options)
    assert (await run(world, member, world.channel_id, "leaderboard"))["acknowledged"]


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_forged_clicks_in_dms_are_refused(world: QuizWorld) -> None:
    member, other = world.members[0], world.members[1]
    round_id = await seed_finished_round(world, {other: 1})  # member: no cards of mini yet
    await world.start_bot()
    await upload(world, home(world), CAPITALS)  # a pack of this server only
    own_pack = "p" + stable_key(stored_pack_id("capitals", world.guild_id))
    own_question = stable_key(stored_pack_id("capitals", world.guild_id), "france")
    await world.standin.install_app(member)
    dm = await world.standin.dm_channel(member)
    group = await world.standin.group_dm([member, other])
    in_dm = await run(world, member, dm, "review", pack="mini")
    in_group = await run(world, member, group, "review", pack="mini")
    shown = last_message(in_dm)
    keys = (stable_key("mini", question) for question in ("two", "four", "six"))
    unshown = next(key for key in keys if key not in str(shown))
    today = f"{world.clock.now():%Y%m%d}"
    before = await snapshot(world)

    forged = [
        f"rv:{own_pack}",  # the server's own pack, from outside the server
        f"ra:{member}:0:0:{own_question}:0:{own_pack}",
        f"rn:{member}:0:0:{own_pack}",
        f"ra:{member}:0:0:{unshown}:0:",  # a card the message does not show
        f"rm:{round_id}",  # a round's "Review what I missed", away from its standings
        f"rv:r{round_id}.0",
        f"qa:{round_id}:0:0",
    ]
    reminder = f"dr:{member}:{today}"  # their own reminder's button: its place is the DM only
    for report, custom_ids in ((in_dm, forged), (in_group, [*forged, reminder])):
        forger = Forger(world, member, report["original_message_id"])
        for custom_id in custom_ids:
            assert await forger.click(custom_id) == forger.not_here, custom_id
        mine = option_id(last_message(report), 0).replace(f"ra:{member}:", f"ra:{other}:", 1)
        assert await forger.click(mine) == tr("en-US", "review.not_yours")
    assert await snapshot(world) == before

    card = last_message(in_group)
    (first, *_rest) = buttons_of(card)
    assert (await world.click(member, card["id"], first["custom_id"]))["acknowledged"]
    assert len(await mini_cards(world, member)) == 1  # the real button still answers


async def test_a_server_that_removed_the_bot_is_no_server_for_a_user_install(
    world: QuizWorld,
) -> None:
    elsewhere = await second_server(world)
    member = world.members[0]
    assert world.standin.core is not None
    guild = world.standin.core.world.guilds[elsewhere.guild_id]
    world.standin.core.world.add_member(guild, world.standin.core.world.user(member))
    await world.start_bot()
    await upload(world, elsewhere, CAPITALS)  # that server's own pack, stored
    await world.standin.remove_bot(elsewhere.guild_id)
    await world.standin.install_app(member)

    there = elsewhere.channel_id
    refused = await run(world, member, there, "review", pack="capitals")
    assert await world.said(refused) == tr("en-US", "packs.unknown_outside", pack="capitals")
    asked = await world.standin.autocomplete(member, there, "review", focused="pack", pack="cap")
    choices = (await world.standin.wait_for_response(asked))["responses"][0]["body"]["data"]
    assert choices["choices"] == []  # its packs stayed with the bot's installation there
    card = last_message(await run(world, member, there, "review", pack="mini"))
    assert card["flags"] & EPHEMERAL
    forger = Forger(world, member, card["id"])
    own_pack = "p" + stable_key(stored_pack_id("capitals", elsewhere.guild_id))
    assert await forger.click(f"rv:{own_pack}") == forger.not_here
    stats = await followed_up(world, await run(world, member, there, "stats"))
    (embed,) = stats["responses"][-1]["body"]["embeds"]
    assert embed["footer"]["text"] == tr("en-US", "stats.scope_everywhere")
