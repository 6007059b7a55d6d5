"""Versions of a server's packs (SQLite and PostgreSQL): every upload is one, a round plays the
one current when it started, versions are kept while a round needs them and collected after;
a round whose questions are gone ends once, owing its standings."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.app.shelf.checker import PackChecker
from bot.app.shelf.shelf import PackShelf
from bot.quiz.packs.library import Library
from bot.quiz.packs.server_packs import as_server_pack
from bot.quiz.rounds.rules import Message, RoundState
from bot.storage.database import Database
from bot.storage.models import PackVersionRow, ServerPackRow
from bot.storage.packs.server_packs import ServerPackSource, remove_server_pack, save_server_pack
from bot.storage.packs.versions import PackGoneError, pack_version
from bot.storage.rounds import outbox
from bot.storage.rounds.lifecycle import end_round, get_round, open_question
from bot.storage.rounds.recorder import record_answer
from bot.storage.rounds.tallies import standings
from tests.storage.factories import CAPITALS, NOW, make_pack, start_test_round
from tests.storage.packs.test_server_packs import upload as confirmed

GUILD, OTHER = 1, 2
STORED = f"capitals@{GUILD}"


async def upload(db: Database, label: str, questions: int = 3, guild_id: int = GUILD) -> int:
    """Stores a ``capitals`` whose source says ``label``; the id of its version."""
    source = ServerPackSource(guild_id, "capitals", f"{label}.yaml", f"# {label}\n", 7, NOW)
    await save_server_pack(db, source, as_server_pack(make_pack("capitals", questions), guild_id))
    async with db.read() as connection:
        current = await connection.scalar(
            select(ServerPackRow.version_id).where(ServerPackRow.guild_id == guild_id)
        )
    assert current is not None
    return int(current)


async def versions(db: Database, guild_id: int = GUILD) -> set[int]:
    async with db.read() as connection:
        rows = await connection.execute(
            select(PackVersionRow.id).where(PackVersionRow.guild_id == guild_id)
        )
        return set(rows.scalars())


async def deliver_everything(db: Database, round_id: int) -> None:
    for delivery in await outbox.pending(db, round_id):
        await outbox.delivered(db, delivery, 900 + delivery.id, NOW)


async def test_a_round_plays_the_version_current_when_it_started(db: Database) -> None:
    first = await upload(db, "first", questions=3)
    view = await start_test_round(db, guild_id=GUILD, pack_id=STORED)
    assert view.pack_version_id == first
    second = await upload(db, "second", questions=1)  # q0 only: q1 and q2 are gone from it
    assert second != first
    again = await get_round(db, view.id)
    assert (again.pack_version_id, again.question_order) == (first, view.question_order)
    played = await pack_version(db, first)
    assert played is not None
    assert (played.source, played.file_name, played.version_id) == (
        "# first\n",
        "first.yaml",
        first,
    )
    newer = await start_test_round(db, guild_id=GUILD, channel_id=11, pack_id=STORED)
    assert (newer.pack_version_id, newer.question_order) == (second, ("q0",))
    built_in = await start_test_round(db, guild_id=GUILD, channel_id=12, pack_id="basics")
    assert built_in.pack_version_id is None


async def test_versions_are_kept_while_a_round_needs_them_then_collected(db: Database) -> None:
    first = await upload(db, "first")
    await upload(db, "other server", guild_id=OTHER)
    view = await start_test_round(db, guild_id=GUILD, pack_id=STORED)
    second = await upload(db, "second")
    third = await upload(db, "third")
    assert await versions(db) == {first, third}  # second: nobody played it
    await end_round(db, view.id, RoundState.FINISHED, NOW)
    fourth = await upload(db, "fourth")
    assert await versions(db) == {first, fourth}  # its standings are still owed
    await deliver_everything(db, view.id)
    fifth = await upload(db, "fifth")
    assert await versions(db) == {fifth}
    assert (await get_round(db, view.id)).pack_version_id is None  # long ended: it forgets it
    assert second not in await versions(db)
    assert len(await versions(db, OTHER)) == 1  # another server's are its own


async def test_a_removed_pack_keeps_the_version_its_round_plays(db: Database) -> None:
    first = await upload(db, "first")
    view = await start_test_round(db, guild_id=GUILD, pack_id=STORED)
    await remove_server_pack(db, GUILD, "capitals")
    assert await versions(db) == {first}
    with pytest.raises(PackGoneError):
        await start_test_round(db, guild_id=GUILD, channel_id=11, pack_id=STORED)
    await end_round(db, view.id, RoundState.STOPPED, NOW)
    await deliver_everything(db, view.id)
    await upload(db, "anew")  # collected at the server's next upload (or removal)
    assert first not in await versions(db)


async def test_the_shelf_reads_a_rounds_version_after_the_pack_changed(
    db: Database, checker: PackChecker
) -> None:
    shelf = PackShelf(db, Library.of([make_pack("basics")]), checker=checker)
    assert (await confirmed(shelf, "c.yaml", CAPITALS.encode())).stored
    view = await start_test_round(db, guild_id=GUILD, pack_id=STORED)
    spain = CAPITALS.replace("id: france", "id: spain").replace("France", "Spain")
    assert (await confirmed(shelf, "c.yaml", spain.encode())).stored
    played = await shelf.played_pack(GUILD, STORED, view.pack_version_id)
    assert played is not None
    assert [question.id for question in played.questions] == ["france"]
    current = (await shelf.view(GUILD)).known.get(STORED)
    assert current is not None
    assert [question.id for question in current.questions] == ["spain"]
    assert await shelf.played_pack(GUILD, "basics", None) is not None
    assert await shelf.played_pack(GUILD, STORED, 10_000) is None  # no such version


async def test_a_round_whose_questions_are_gone_ends_once_owing_its_standings(
    db: Database,
) -> None:
    view = await start_test_round(db, question_count=3)
    await open_question(db, view.id, 0, NOW)
    await record_answer(
        db,
        round_id=view.id,
        question_id=view.question_order[0],
        member_id=5,
        option_index=0,
        now=NOW,
    )
    reason = "question 1 of the round is no longer in its pack"
    assert await outbox.end_without_content(db, view.id, reason, NOW)
    ended = await get_round(db, view.id)
    assert (ended.state, ended.question_open, ended.end_reason) == (
        RoundState.STOPPED,
        False,
        reason,
    )
    owed = [(d.kind, d.question_index) for d in await outbox.pending(db, view.id)]
    assert owed == [(Message.STANDINGS, None)]  # the post it could not make is given up
    assert (await standings(db, view.id)).played == 1  # the open question's answer counts
    assert not await outbox.end_without_content(db, view.id, reason, NOW)
    assert len(await outbox.pending(db, view.id)) == 1  # owed once


async def test_a_stopped_round_whose_reveal_cannot_be_shown_still_owes_its_standings(
    db: Database,
) -> None:
    view = await start_test_round(db, question_count=3)
    await open_question(db, view.id, 0, NOW)
    await end_round(db, view.id, RoundState.STOPPED, NOW)  # owes the reveal, then the standings
    reason = "question 1 of the round is no longer in its pack"
    assert await outbox.end_without_content(db, view.id, reason, NOW)  # gave up the reveal
    owed = [(d.kind, d.question_index) for d in await outbox.pending(db, view.id)]
    assert owed == [(Message.STANDINGS, None)]
    assert (await get_round(db, view.id)).end_reason is None  # a moderator stopped it
