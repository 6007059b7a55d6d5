"""A server's own packs in the domain: their ids inside the bot, what an upload may not do, and
the packs a server sees."""

from __future__ import annotations

from bot.quiz.packs.library import Library
from bot.quiz.packs.server_packs import (
    MAX_PACK_BYTES,
    MAX_SERVER_PACKS,
    as_server_pack,
    check_upload,
    guild_of,
    guild_packs,
    shown_pack_id,
    stored_pack_id,
    too_big,
    typed_pack,
)
from tests.storage.factories import make_pack

GUILD = 1_234_567_890_123_456_789  # a 19-digit snowflake
BUILTINS = Library.of([make_pack("basics"), make_pack("extra")])


def test_a_server_pack_id_names_its_server_and_fits_the_columns() -> None:
    stored = stored_pack_id("x" * 40, GUILD)
    assert len(stored) <= 64  # ID_LENGTH of the pack_id columns
    assert shown_pack_id(stored) == "x" * 40
    assert guild_of(stored) == GUILD
    assert guild_of("basics") is None
    assert shown_pack_id("basics") == "basics"


def test_an_upload_may_not_shadow_a_built_in_nor_pass_the_limits() -> None:
    pack = make_pack("capitals")
    assert check_upload(pack, builtins=BUILTINS, own_ids=[]) is None
    shadow = check_upload(make_pack("basics"), builtins=BUILTINS, own_ids=[])
    assert shadow is not None
    assert shadow.key == "serverpacks.shadows_builtin"
    assert too_big(MAX_PACK_BYTES) is None
    big = too_big(MAX_PACK_BYTES + 1)
    assert big is not None
    assert (big.key, big.limit) == ("serverpacks.too_big", 256)
    full = [f"p{n}" for n in range(MAX_SERVER_PACKS)]
    many = check_upload(pack, builtins=BUILTINS, own_ids=full)
    assert many is not None
    assert many.key == "serverpacks.too_many"
    assert check_upload(pack, builtins=BUILTINS, own_ids=[*full[1:], "capitals"]) is None


def test_a_server_sees_its_built_ins_minus_those_off_plus_its_own() -> None:
    own = as_server_pack(make_pack("capitals"), GUILD)
    view = guild_packs(BUILTINS, GUILD, [own], ["extra"])
    assert list(view.offered.packs) == ["basics", f"capitals@{GUILD}"]
    assert list(view.known.packs) == ["basics", f"capitals@{GUILD}", "extra"]
    assert typed_pack(view.offered, "capitals") == own  # by the id members type
    assert view.offered.get(f"capitals@{GUILD}") == own  # by its stored id, inside the bot
    assert typed_pack(view.offered, "basics") is not None
    assert typed_pack(view.offered, "extra") is None
    assert typed_pack(view.known, "extra") is not None
    other = guild_packs(BUILTINS, GUILD + 1, [], [])
    assert typed_pack(other.offered, "capitals") is None
    assert other.offered.get(f"capitals@{GUILD}") is None


def test_a_typed_id_with_the_inside_suffix_finds_nothing() -> None:
    own = as_server_pack(make_pack("capitals"), GUILD)
    view = guild_packs(BUILTINS, GUILD, [own], [])
    assert view.known.get(f"capitals@{GUILD}") == own
    for typed in (f"capitals@{GUILD}", f"capitals@{GUILD + 1}", "capitals@", "basics@"):
        assert typed_pack(view.known, typed) is None
    assert typed_pack(view.known, "capitals") == own
