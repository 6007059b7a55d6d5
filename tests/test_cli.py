"""The quizbot command line: validating, listing and starting packs, and their schema."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.quiz.reader.schema import pack_schema
from tests.quiz.reader.pack_texts import ONE_LOCALE_PACK
from tests.shipped import copy_shipped_packs

BROKEN_PACK = """\
id: broken
locales: [en]
title: Broken
summary: Three mistakes.
difficulty: hard
questions:
  - id: q1
    prompt: Which?
    options:
      - text: A
      - text: B
    explanation: None is marked.
  - id: q2
    prompt: Which?
    options:
      - text: A
        correct: true
        wyh: A typo.
      - text: {long}
    explanation: Too long an option.
""".replace("{long}", "x" * 201)


def test_the_shipped_packs_are_valid(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["validate", str(copy_shipped_packs(tmp_path / "quizzes"))]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "ok  moe-expert-parallelism  8 questions, 1 picture  en,el",
        "ok  ring-attention  8 questions, 1 picture  en,el",
        "2 packs, 16 questions, locales el,en",
    ]


def test_a_broken_pack_gets_one_line_per_problem_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "good.yaml").write_text(ONE_LOCALE_PACK, encoding="utf-8")
    broken = tmp_path / "broken.yaml"
    broken.write_text(BROKEN_PACK, encoding="utf-8")
    assert main(["validate", str(tmp_path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        (
            f"{broken}:10:7: questions[0].options: at least one option must be correct: true, "
            "and one not; none is"
        ),
        f"{broken}:18:9: questions[1].options[0].wyh: unknown key 'wyh'; did you mean 'why'?",
        f"{broken}:19:15: questions[1].options[1].text: is 201 characters; the limit is 200",
        "ok  plain  1 question  en",
        "1 pack, 1 question, locales en; 1 invalid",
    ]


def test_validate_defaults_to_the_configured_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "p.yaml").write_text(ONE_LOCALE_PACK, encoding="utf-8")
    monkeypatch.setenv("QUIZBOT_QUIZ_DIR", str(tmp_path))
    assert main(["validate"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "ok  plain  1 question  en"


def test_an_empty_folder_is_not_a_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(tmp_path)]) == 1
    assert capsys.readouterr().out == f"no pack files (*.yaml, *.yml) in {tmp_path}\n"


def test_packs_lists_the_loaded_packs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "p.yaml").write_text(ONE_LOCALE_PACK, encoding="utf-8")
    monkeypatch.setenv("QUIZBOT_QUIZ_DIR", str(tmp_path))
    assert main(["packs"]) == 0
    assert capsys.readouterr().out == "plain  Plain  medium  1 question  en\n"


def test_packs_refuses_a_broken_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "p.yaml").write_text(BROKEN_PACK, encoding="utf-8")
    monkeypatch.setenv("QUIZBOT_QUIZ_DIR", str(tmp_path))
    assert main(["packs"]) == 1
    assert len(capsys.readouterr().err.splitlines()) == 3


def test_the_console_entry_point_runs(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot", "validate", str(copy_shipped_packs(tmp_path / "quizzes"))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.endswith("2 packs, 16 questions, locales el,en\n")


def test_schema_prints_the_packs_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == pack_schema()
    assert printed["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_new_pack_writes_a_commented_pack_that_validates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "packs"
    assert main(["new-pack", "my-pack", "--dir", str(folder)]) == 0
    path = folder / "my-pack.yaml"
    assert capsys.readouterr().out == f"wrote {path}; check it with: quizbot validate {path}\n"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=pack.schema.json\n")
    assert "\nid: my-pack  #" in text
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "ok  my-pack  2 questions  en,el",
        "1 pack, 2 questions, locales el,en",
    ]


def test_new_pack_writes_into_the_configured_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("QUIZBOT_QUIZ_DIR", str(tmp_path))
    assert main(["new-pack", "here"]) == 0
    assert (tmp_path / "here.yaml").is_file()


def test_new_pack_never_overwrites_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    existing = tmp_path / "mine.yaml"
    existing.write_text("id: mine\n", encoding="utf-8")
    assert main(["new-pack", "mine", "--dir", str(tmp_path)]) == 1
    assert existing.read_text(encoding="utf-8") == "id: mine\n"
    assert capsys.readouterr().err == (
        f"quizbot: {existing} exists already; choose another id or move it away\n"
    )


@pytest.mark.parametrize("pack_id", ["My-Pack", "a" * 41, "no_underscores", ""])
def test_new_pack_refuses_an_id_the_loader_would_refuse(
    pack_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new-pack", pack_id, "--dir", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"quizbot: pack id: '{pack_id}' must be 1 to 40 characters of a-z, 0-9 and -\n"
    )
    assert list(tmp_path.iterdir()) == []
