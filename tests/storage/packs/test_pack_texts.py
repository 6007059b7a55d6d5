"""What the loader accepts, the databases keep (SQLite and PostgreSQL): a server pack whose texts
hold unusual but allowed characters is stored and read back as it was, and the characters a
database cannot keep (NUL on PostgreSQL, lone surrogates in every driver) never pass the loader."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select

from bot.quiz.packs.server_packs import as_server_pack
from bot.quiz.reader.loader import parse_pack
from bot.quiz.reader.problems import PackError
from bot.storage.database import Database
from bot.storage.models import PackRow, QuestionRow
from bot.storage.packs.server_packs import ServerPackSource, guild_pack_records, save_server_pack
from tests.storage.factories import NOW

GUILD = 1
ALLOWED = [
    "Χ\u200f = 42\u200e",  # direction marks beside a number
    "👩\u200d💻 and 🇬🇷",  # a joined emoji, a flag
    "e\u0301 or é",  # a combining accent
    "𝔸𝕓𝕔 \U0010fffd",  # beyond U+FFFF, the last plane
    "no\u00a0break\u3000wide\u200bzero\ufeffjoiner",
    "\ufffd and ¿¡«»",
]
HOSTILE = ["nul \x00 inside", "half \ud800 of one", "turned \u202e around", "bell \x07"]


def pack_yaml(text: str, long: str, *, escaped: bool) -> str:
    """A one-locale pack with ``text`` as its title and options and ``long`` as its prompt and
    explanation; every text written as a JSON string (a YAML double-quoted text), ``escaped``:
    with every character past ASCII as a \\u escape."""
    title, prompt, other = (
        json.dumps(each, ensure_ascii=escaped) for each in (text, long, text + "!")
    )
    return (
        f"id: odd\nlocales: [en]\ntitle: {title}\nsummary: {prompt}\ndifficulty: easy\n"
        f"questions:\n  - id: q1\n    prompt: {prompt}\n    options:\n"
        f"      - {{text: {title}, correct: true}}\n      - {{text: {other}}}\n"
        f"    explanation: {prompt}\n"
    )


@pytest.mark.parametrize("written", [*ALLOWED, *HOSTILE])
async def test_what_the_loader_accepts_is_stored_and_read_back_as_it_was(
    db: Database, written: str
) -> None:
    source = pack_yaml(written, f"{written}\n\tsecond line", escaped=written in HOSTILE)
    try:
        pack = parse_pack(source.encode(), "odd.yaml")
    except PackError:
        assert written in HOSTILE
        return
    assert written in ALLOWED
    upload = ServerPackSource(GUILD, pack.id, "odd.yaml", source, 7, NOW)
    await save_server_pack(db, upload, as_server_pack(pack, GUILD))
    [stored] = (await guild_pack_records(db, GUILD)).sources
    assert stored.source == source
    assert parse_pack(stored.source.encode(), stored.file_name) == pack
    async with db.read() as connection:
        title = await connection.scalar(select(PackRow.title).where(PackRow.id == "odd@1"))
        prompt = await connection.scalar(
            select(QuestionRow.prompt).where(QuestionRow.pack_id == "odd@1")
        )
    assert title == written
    assert prompt == f"{written}\n\tsecond line"
