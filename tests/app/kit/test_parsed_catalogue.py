"""A catalogue's parse is kept beside it and loaded at the next start: the same messages as a
fresh parse; a changed text, a damaged file or a folder that cannot be written is parsed anew."""

from __future__ import annotations

import pickle
from pathlib import Path

from fluent.syntax import FluentParser, FluentSerializer

from bot.app.kit.parsed_catalogue import KEPT_IN, parsed_catalogue

SOURCE = "hello = Hello, { $name }!\nbye = Goodbye.\n"  # as Fluent writes it back


def text_of(resource: object) -> str:
    return str(FluentSerializer().serialize(resource))


def kept_files(folder: Path) -> list[Path]:
    return sorted((folder / KEPT_IN).glob("*.pickle"))


def test_the_next_start_loads_the_kept_parse_with_the_same_messages(tmp_path: Path) -> None:
    first = parsed_catalogue(SOURCE, "en", tmp_path)
    [kept] = kept_files(tmp_path)

    assert text_of(parsed_catalogue(SOURCE, "en", tmp_path)) == text_of(first) == SOURCE
    # What is read is the kept file's: another parse put there comes back instead.
    kept.write_bytes(pickle.dumps(FluentParser().parse("other = Other.\n")))
    assert text_of(parsed_catalogue(SOURCE, "en", tmp_path)) == "other = Other.\n"
    assert kept_files(tmp_path) == [kept]


def test_a_changed_text_is_parsed_anew_and_replaces_the_old_parse(tmp_path: Path) -> None:
    parsed_catalogue(SOURCE, "en", tmp_path)
    changed = SOURCE.replace("Hello", "Hi")

    assert text_of(parsed_catalogue(changed, "en", tmp_path)) == changed
    assert len(kept_files(tmp_path)) == 1
    assert text_of(parsed_catalogue(changed, "en", tmp_path)) == changed


def test_a_damaged_kept_file_is_parsed_anew_and_replaced(tmp_path: Path) -> None:
    parsed_catalogue(SOURCE, "en", tmp_path)
    [kept] = kept_files(tmp_path)
    kept.write_bytes(b"not a pickle")

    assert text_of(parsed_catalogue(SOURCE, "en", tmp_path)) == SOURCE
    assert kept.read_bytes() != b"not a pickle"


def test_a_folder_that_cannot_be_written_still_gives_the_parse(tmp_path: Path) -> None:
    (tmp_path / KEPT_IN).write_text("a file where the folder would be")

    assert text_of(parsed_catalogue(SOURCE, "en", tmp_path)) == SOURCE
    assert text_of(parsed_catalogue(SOURCE, "en", None)) == SOURCE


def test_each_language_keeps_its_own_parse(tmp_path: Path) -> None:
    greek = SOURCE.replace("Hello", "Γεια")
    parsed_catalogue(SOURCE, "en", tmp_path)
    parsed_catalogue(greek, "el", tmp_path)

    assert [path.name.split(".")[0] for path in kept_files(tmp_path)] == ["el", "en"]
    assert text_of(parsed_catalogue(greek, "el", tmp_path)) == greek
