"""`quizbot import` refuses what a pack's texts may not hold, at the character in its input."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.cli import main

CONTROL = "which a text may not hold; remove it"
ONE_LINE = "which only prompts, explanations, whys and summaries may hold"


@pytest.fixture
def refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Callable[..., list[str]]:
    """Imports ``body`` as file ``name``: the problems printed (the file's name cut off), once
    the import failed and wrote nothing."""

    def run(name: str, body: str, *extra: str) -> list[str]:
        source = tmp_path / name
        source.write_text(body, encoding="utf-8")
        output = tmp_path / "pack.yaml"
        fmt = "opentdb" if name.endswith(".json") else "csv"
        assert main(["import", fmt, str(source), "-o", str(output), *extra]) == 1
        assert not output.exists()
        return [line.removeprefix(f"{source}:") for line in capsys.readouterr().err.splitlines()]

    return run


def test_csv_texts_are_refused_at_the_character_and_long_ones_keep_tabs_and_lines(
    refused: Callable[..., list[str]],
) -> None:
    body = (
        "question,options,correct,explanation\n"
        '"Two\n\tlines?",Yes|No,1,"Kept:\ta tab."\n'
        '"Nul\x00 here?",Athens|Spa\u202erta,1,\n'
        '"Spread\nover \x1b lines",A|B\tC,2,\n'
    )
    assert refused("geo.csv", body) == [
        f"4:5: question: holds U+0000 (a control character), {CONTROL}",
        f"4:24: options: holds U+202E (a bidirectional control), {CONTROL}",
        f"6:6: question: holds U+001B (a control character), {CONTROL}",
        f"6:18: options: holds U+0009 (a tab), {ONE_LINE}; use spaces",
    ]


def test_open_trivia_db_texts_are_refused_where_written_as_escapes_or_entities(
    refused: Callable[..., list[str]],
) -> None:
    item = {
        "type": "multiple",
        "category": "Sci\\ud800ence",
        "question": "What\\u0000 now?",
        "correct_answer": "Right",
        "incorrect_answers": ["Wrong", "Turned &#x202e;around"],
    }
    body = json.dumps({"response_code": 0, "results": [item]}, indent=1).replace("\\\\", "\\")
    assert refused("trivia.json", body) == [  # in the order of their lines
        f"6:20: results[0].category: holds U+D800 (a lone surrogate), {CONTROL}",
        f"7:21: results[0].question: holds U+0000 (a control character), {CONTROL}",
        (
            "11:13: results[0].incorrect_answers[1]: holds U+202E (a bidirectional control), "
            f"{CONTROL}"
        ),
    ]


def test_options_that_become_texts_are_checked_too(refused: Callable[..., list[str]]) -> None:
    body = "question,options,correct,explanation\nA?,x|y,1,\n"
    found = refused("geo.csv", body, "--title", "T\x07", "--summary", "S\udc80")
    assert found == [
        f"--title: holds U+0007 (a control character), {CONTROL}",
        f"--summary: holds U+DC80 (a lone surrogate), {CONTROL}",
    ]


def test_an_input_over_four_mebibytes_is_refused_unread(
    refused: Callable[..., list[str]],
) -> None:
    body = "question,options,correct,explanation\n" + "A?,x|y,1,\n" * 500_000
    assert refused("big.csv", body) == [" is 4.8 MiB; the limit is 4 MiB"]
