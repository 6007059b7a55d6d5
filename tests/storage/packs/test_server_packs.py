"""A server's own packs in the database (SQLite and PostgreSQL): stored with their questions,
the per-server limit, removal (a round of it plays on), built-in packs turned off, and the
packs a review may show from each server."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import replace
from datetime import timedelta

import pytest
from sqlalchemy import select

from bot.app.shelf.checker import PackChecker
from bot.app.shelf.outcomes import Uploaded
from bot.app.shelf.shelf import PackShelf
from bot.quiz.packs.library import Library
from bot.quiz.packs.server_packs import MAX_SERVER_PACKS, as_server_pack, typed_pack
from bot.quiz.reader.imports.reading import UploadedFile
from bot.quiz.review.session import EVERYTHING, Answer, CardStep, NothingStep, Session, Start
from bot.storage.database import Database
from bot.storage.models import PackRow, QuestionRow
from bot.storage.packs.library import active_question_ids, sync_packs
from bot.storage.packs.server_packs import (
    Removal,
    ServerPackSource,
    TooManyPacksError,
    guild_pack_records,
    remove_server_pack,
    save_server_pack,
    set_pack_disabled,
)
from bot.storage.review.review_step import take
from tests.parses import PATHOLOGICAL, SLOW, parse_or_hang
from tests.storage.factories import CAPITALS, NOW, make_pack, seeded, start_test_round

GUILD, OTHER, MEMBER = 1, 2, 5


def source(pack_id: str, guild_id: int = GUILD) -> ServerPackSource:
    return ServerPackSource(guild_id, pack_id, f"{pack_id}.yaml", f"id: {pack_id}\n", 7, NOW)


async def save(db: Database, pack_id: str, guild_id: int = GUILD, questions: int = 3) -> bool:
    pack = as_server_pack(make_pack(pack_id, questions), guild_id)
    return await save_server_pack(db, source(pack_id, guild_id), pack)


async def upload(shelf: PackShelf, file_name: str, data: bytes, guild_id: int = GUILD) -> Uploaded:
    """What a moderator's upload comes to once confirmed: checked, then stored if it may be."""
    checked = await shelf.check(guild_id, UploadedFile(data, file_name))
    if checked.imported is None or checked.refusal is not None:
        pack = None if checked.imported is None else checked.imported.pack
        return Uploaded(pack, checked.problems, checked.refusal)
    source = checked.imported.source
    return await shelf.store(
        ServerPackSource(guild_id, checked.imported.pack.id, file_name, source, 7, NOW)
    )


async def active_packs(db: Database) -> dict[str, bool]:
    async with db.read() as connection:
        return dict((await connection.execute(select(PackRow.id, PackRow.active))).all())


async def test_two_servers_store_the_same_id_apart_with_their_questions(db: Database) -> None:
    assert await save(db, "capitals") is False
    assert await save(db, "capitals", OTHER, questions=2) is False
    records = await guild_pack_records(db, GUILD)
    assert [(s.pack_id, s.file_name, s.uploaded_by) for s in records.sources] == [
        ("capitals", "capitals.yaml", 7)
    ]
    assert await active_question_ids(db, "capitals@1") == ("q0", "q1", "q2")
    assert await active_question_ids(db, "capitals@2") == ("q0", "q1")
    # Replacing keeps the question rows (history) and turns the dropped ones off.
    assert await save(db, "capitals", questions=1) is True
    assert await active_question_ids(db, "capitals@1") == ("q0",)
    async with db.read() as connection:
        kept = await connection.scalar(
            select(QuestionRow.active).where(
                QuestionRow.pack_id == "capitals@1", QuestionRow.question_id == "q2"
            )
        )
    assert kept is False


async def test_the_built_in_sync_leaves_server_packs_alone(db: Database) -> None:
    await save(db, "capitals")
    await sync_packs(db, [make_pack("other")], NOW)
    assert await active_packs(db) == {"basics": False, "other": True, "capitals@1": True}
    assert await active_question_ids(db, "capitals@1") == ("q0", "q1", "q2")


async def test_a_server_holds_at_most_its_limit_of_packs(db: Database) -> None:
    for number in range(MAX_SERVER_PACKS):
        await save(db, f"pack-{number}")
    with pytest.raises(TooManyPacksError):
        await save(db, "one-more")
    assert await save(db, "pack-0") is True  # replacing one is no new pack
    await save(db, "one-more", OTHER)  # the limit is per server
    assert len((await guild_pack_records(db, GUILD)).sources) == MAX_SERVER_PACKS


async def test_removal_says_whether_a_round_plays_on_and_keeps_history(db: Database) -> None:
    await save(db, "capitals")
    await save(db, "capitals", OTHER)
    await start_test_round(db, guild_id=GUILD, pack_id="capitals@1")
    assert await remove_server_pack(db, GUILD, "capitals") is Removal.REMOVED_WHILE_PLAYED
    assert (await guild_pack_records(db, GUILD)).sources == ()
    assert (await active_packs(db))["capitals@1"] is False
    assert await active_question_ids(db, "capitals@1") == ()
    assert await remove_server_pack(db, GUILD, "capitals") is Removal.NOT_OWN
    assert await remove_server_pack(db, OTHER, "capitals") is Removal.REMOVED  # its own
    assert await remove_server_pack(db, OTHER, "capitals") is Removal.NOT_OWN


async def test_built_in_packs_turn_off_and_on_per_server(db: Database) -> None:
    assert await set_pack_disabled(db, GUILD, "basics", disabled=True, by=7, now=NOW) is True
    assert await set_pack_disabled(db, GUILD, "basics", disabled=True, by=7, now=NOW) is False
    assert (await guild_pack_records(db, GUILD)).disabled == {"basics"}
    assert (await guild_pack_records(db, OTHER)).disabled == frozenset()
    assert await set_pack_disabled(db, GUILD, "basics", disabled=False, by=7, now=NOW) is True
    assert await set_pack_disabled(db, GUILD, "basics", disabled=False, by=7, now=NOW) is False
    assert (await guild_pack_records(db, GUILD)).disabled == frozenset()


async def test_a_review_shows_a_servers_own_pack_only_in_that_server(db: Database) -> None:
    await save(db, "capitals")
    session = Session(MEMBER)
    await take(db, Answer(session, "capitals@1", "q0", 1, 900), now=NOW, rng=seeded(1))
    later = NOW + timedelta(days=30)  # every card due
    here = await take(db, Start(session), now=later, rng=seeded(1), where=GUILD)
    assert isinstance(here, CardStep)
    assert here.card.pack_id == "capitals@1"
    for elsewhere in (OTHER, None):  # another server, a DM
        step = await take(
            db, Start(Session(MEMBER, scope=EVERYTHING)), now=later, rng=seeded(1), where=elsewhere
        )
        assert isinstance(step, NothingStep)


async def test_the_shelf_sees_its_own_changes_at_once_and_others_after_its_ttl(
    db: Database, checker: PackChecker
) -> None:
    now = [0.0]
    builtins = Library.of([make_pack("basics")])
    shelf = PackShelf(db, builtins, ttl_s=10.0, clock=lambda: now[0], checker=checker)
    other_process = PackShelf(db, builtins, ttl_s=10.0, clock=lambda: now[0])
    assert list((await other_process.view(GUILD)).offered.packs) == ["basics"]
    yaml = CAPITALS.encode()
    stored = await upload(shelf, "capitals.yaml", yaml)
    assert stored.stored
    assert typed_pack((await shelf.view(GUILD)).offered, "capitals") is not None
    assert typed_pack((await shelf.view(OTHER)).offered, "capitals") is None
    assert typed_pack((await other_process.view(GUILD)).offered, "capitals") is None  # cached
    now[0] = 10.5
    found = typed_pack((await other_process.view(GUILD)).offered, "capitals")
    assert found is not None
    assert found.id == "capitals@1"
    await shelf.set_disabled(GUILD, "basics", disabled=True, by=7, now=NOW)
    view = await shelf.view(GUILD)
    assert list(view.offered.packs) == ["capitals@1"]
    assert view.known.get("basics") is not None  # rounds under way still find it


async def test_a_burst_finding_the_view_expired_shares_one_read_and_parses_nothing_again(
    db: Database, checker: PackChecker
) -> None:
    now = [0.0]
    builtins = Library.of([make_pack("basics")])
    shelf = PackShelf(db, builtins, ttl_s=10.0, clock=lambda: now[0], checker=checker)
    assert (await upload(shelf, "capitals.yaml", CAPITALS.encode())).stored
    first = await shelf.view(GUILD)
    now[0] = 10.5

    burst = await asyncio.gather(*(shelf.view(GUILD) for _ in range(50)))

    assert burst[0] is not first
    assert all(view is burst[0] for view in burst)  # one read, one view
    assert burst[0].known.get("capitals@1") is first.known.get("capitals@1")  # not parsed again


async def test_the_shelf_refuses_without_storing(db: Database, checker: PackChecker) -> None:
    shelf = PackShelf(db, Library.of([make_pack("basics")]), checker=checker)
    broken = await upload(shelf, "x.yaml", b"id: x\n")
    assert broken.problems
    assert str(broken.problems[0]).startswith("x.yaml:1:1: ")
    shadow = CAPITALS.replace("id: capitals", "id: basics").encode()
    refused = await upload(shelf, "b.yaml", shadow)
    assert refused.refusal is not None
    assert refused.refusal.key == "serverpacks.shadows_builtin"
    assert (await guild_pack_records(db, GUILD)).sources == ()
    assert replace(refused, refusal=None).stored  # the pack itself loaded


async def test_a_file_that_overruns_the_checkers_limit_is_refused_and_stores_nothing(
    db: Database,
) -> None:
    shelf = PackShelf(
        db, Library.of([make_pack("basics")]), checker=PackChecker(parse_or_hang, limit_s=0.5)
    )
    try:
        late = await upload(shelf, "slow.yaml", SLOW)
        assert late.refusal is not None
        assert (late.refusal.key, late.refusal.limit) == ("serverpacks.too_slow", 1)
        assert not late.stored
        assert (await upload(shelf, "capitals.yaml", CAPITALS.encode())).stored
        assert [s.pack_id for s in (await guild_pack_records(db, GUILD)).sources] == ["capitals"]
    finally:
        await shelf.close()


async def test_stored_packs_are_parsed_again_off_the_event_loop(
    db: Database, caplog: pytest.LogCaptureFixture
) -> None:
    # A stored source the loader no longer accepts: its warning names the thread that parsed it.
    stored = as_server_pack(make_pack("slow"), GUILD)
    slow = ServerPackSource(GUILD, "slow", "slow.yaml", PATHOLOGICAL.decode(), 7, NOW)
    await save_server_pack(db, slow, stored)
    shelf = PackShelf(db, Library.of([make_pack("basics")]))
    view = await shelf.view(GUILD)
    assert list(view.offered.packs) == ["basics"]  # left out: it no longer loads
    (warning,) = [r for r in caplog.records if "no longer loads" in r.getMessage()]
    assert warning.thread != threading.get_ident()  # not the event loop's thread
