"""Pack files in folders: each checked on its own, pack ids unique across files."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.quiz.packs.library import check_files, find_pack_files, load_library
from bot.quiz.reader.problems import PackError
from tests.quiz.reader.pack_texts import ONE_LOCALE_PACK, VALID_PACK


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_folder_yields_its_yaml_files_in_name_order(tmp_path: Path) -> None:
    write(tmp_path, "b.yml", ONE_LOCALE_PACK)
    write(tmp_path, "a.yaml", VALID_PACK)
    write(tmp_path, "notes.txt", "not a pack")
    files, problems = find_pack_files([tmp_path])
    assert [file.name for file in files] == ["a.yaml", "b.yml"]
    assert problems == []


def test_a_missing_path_is_a_problem(tmp_path: Path) -> None:
    _, problems = find_pack_files([tmp_path / "nope.yaml"])
    assert [str(problem) for problem in problems] == [
        f"{tmp_path}/nope.yaml:1:1: file: does not exist"
    ]


def test_a_library_holds_every_pack_by_id(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", VALID_PACK)
    write(tmp_path, "b.yaml", ONE_LOCALE_PACK)
    library = load_library([tmp_path])
    assert list(library.packs) == ["plain", "sample"]
    pack = library.get("sample")
    assert pack is not None
    assert pack.source == str(tmp_path / "a.yaml")
    assert library.get("missing") is None


def test_the_same_pack_id_in_two_files_names_both_places(tmp_path: Path) -> None:
    first = write(tmp_path, "a.yaml", VALID_PACK)
    second = write(tmp_path, "b.yaml", "# a copy\n" + VALID_PACK)
    reports = check_files([first, second])
    assert reports[0].pack is not None
    assert reports[1].pack is None
    assert [str(problem) for problem in reports[1].problems] == [
        f"{second}:2:5: id: pack id 'sample' is already used by {first}:1:5"
    ]


def test_load_library_raises_every_problem_of_every_file(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", VALID_PACK.replace("difficulty: easy", "difficulty: brutal"))
    write(tmp_path, "b.yaml", ONE_LOCALE_PACK.replace("id: plain", "id: Plain"))
    with pytest.raises(PackError) as caught:
        load_library([tmp_path])
    assert [problem.place for problem in caught.value.problems] == [
        f"{tmp_path}/a.yaml:5:13",
        f"{tmp_path}/b.yaml:1:5",
    ]
