"""`quizbot import`: Open Trivia DB JSON and CSV into pack files that validate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from bot.quiz.reader.loader import parse_pack

OPENTDB = {
    "response_code": 0,
    "results": [
        {
            "type": "multiple",
            "difficulty": "medium",
            "category": "Science: Computers",
            "question": "What does &quot;CPU&quot; stand for?",
            "correct_answer": "Central Processing Unit",
            "incorrect_answers": [
                "Central Process Unit",
                "Computer Personal Unit",
                "Central Processor Unit",
            ],
        },
        {
            "type": "boolean",
            "difficulty": "easy",
            "category": "Science &amp; Nature",
            "question": "The chemical symbol for gold is &#039;Au&#039;.",
            "correct_answer": "True",
            "incorrect_answers": ["False"],
        },
        {
            "type": "multiple",
            "difficulty": "medium",
            "category": "History",
            "question": "In which year did the Berlin Wall fall?",
            "correct_answer": "1989",
            "incorrect_answers": ["1991", "1987", "1985"],
        },
    ],
}

CSV = """\
question,options,correct,explanation
"Capital of Greece?",Athens|Sparta|Thessaloniki,1,"Athens, since 1834."
Largest planet?,Mars|Jupiter,2,
"""


def imported(tmp_path: Path, name: str, body: str, *extra: str) -> str:
    source = tmp_path / name
    source.write_text(body, encoding="utf-8")
    output = tmp_path / "pack.yaml"
    fmt = "opentdb" if name.endswith(".json") else "csv"
    assert main(["import", fmt, str(source), "-o", str(output), *extra]) == 0
    return output.read_text(encoding="utf-8")


def test_open_trivia_db_json_becomes_a_valid_pack(tmp_path: Path) -> None:
    args = ("Computer Trivia.json", json.dumps(OPENTDB), "--title", "Trivia")
    text = imported(tmp_path, *args)
    pack = parse_pack(text.encode(), "pack.yaml")
    assert (pack.id, pack.title.get("en"), pack.difficulty.value) == (
        "computer-trivia",
        "Trivia",
        "medium",  # the most common difficulty in the results
    )
    cpu, gold, wall = pack.questions
    assert cpu.prompt.get("en") == 'What does "CPU" stand for?'  # entities unescaped
    assert cpu.options[cpu.correct_index].text.get("en") == "Central Processing Unit"
    assert len(cpu.options) == 4
    assert [o.text.get("en") for o in gold.options] == ["True", "False"]
    assert gold.correct_index == 0
    assert gold.prompt.get("en") == "The chemical symbol for gold is 'Au'."
    assert gold.explanation.get("en") == "The answer is: True. (Science & Nature)"
    assert wall.options[wall.correct_index].text.get("en") == "1989"
    # The same input gives the same pack, and the answer is not always first.
    assert (
        imported(tmp_path, "Computer Trivia.json", json.dumps(OPENTDB), "--title", "Trivia") == text
    )
    assert {q.correct_index for q in (cpu, wall)} != {0}


def test_csv_becomes_a_valid_pack(tmp_path: Path) -> None:
    text = imported(tmp_path, "geo.csv", CSV, "--id", "geo", "--difficulty", "easy")
    pack = parse_pack(text.encode(), "pack.yaml")
    assert (pack.id, pack.difficulty.value, pack.locales) == ("geo", "easy", ("en",))
    athens, planet = pack.questions
    assert (athens.id, athens.correct_index, len(athens.options)) == ("q1", 0, 3)
    assert athens.explanation.get("en") == "Athens, since 1834."
    assert (planet.correct_index, planet.explanation.get("en")) == (1, "The answer is: Jupiter.")


def test_to_stdout_when_no_output_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "geo.csv"
    source.write_text(CSV, encoding="utf-8")
    assert main(["import", "csv", str(source)]) == 0
    assert parse_pack(capsys.readouterr().out.encode(), "stdout").id == "geo"


def test_bad_rows_are_named_by_line_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "bad.csv"
    source.write_text(
        "question,options,correct,explanation\nA?,x|y,3,\nB?,only,1,\nC?,x|y,1,fine\n",
        encoding="utf-8",
    )
    output = tmp_path / "out.yaml"
    assert main(["import", "csv", str(source), "-o", str(output)]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{source}:2:8: correct: is '3'; give the right option's number, 1 to 2",
        f"{source}:3:4: options: 1 options; give 2 to 5, split by |",
    ]
    assert not output.exists()


def test_a_missing_column_and_a_failed_api_answer_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "cols.csv"
    source.write_text("question,options\nA?,x|y\n", encoding="utf-8")
    assert main(["import", "csv", str(source)]) == 1
    assert "the header lacks the column(s) correct, explanation" in capsys.readouterr().err
    failed = tmp_path / "failed.json"
    failed.write_text(json.dumps({"response_code": 1, "results": []}), encoding="utf-8")
    assert main(["import", "opentdb", str(failed)]) == 1
    assert "response_code 1" in capsys.readouterr().err


def test_what_the_pack_format_refuses_is_reported_at_its_place_in_the_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "long.csv"
    source.write_text(f"question,options,correct,explanation\nA?,{'x' * 201}|y,2,\n")
    assert main(["import", "csv", str(source), "-o", str(tmp_path / "o.yaml")]) == 1
    err = capsys.readouterr().err
    assert err == f"{source}:2:4: options: is 201 characters; the limit is 200\n"
    assert not (tmp_path / "o.yaml").exists()


def test_the_format_is_told_by_the_file_unless_it_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "week1.txt"
    source.write_text("Two? {=2 ~3}\n\nPairs? {=a -> b =c -> d}\n", encoding="utf-8")
    output = tmp_path / "week1.yaml"
    assert main(["import", str(source), "-o", str(output)]) == 0
    assert [q.prompt.get(None) for q in parse_pack(output.read_bytes(), "w").questions] == ["Two?"]
    assert capsys.readouterr().err.splitlines() == [
        f"{source}:3:9: answers: a matching question; left out",
        f"{output}: pack 'week1', 1 question (GIFT)",
    ]
    # Named, the format is read as it says: as a term list, this text is no list of terms.
    assert main(["import", "terms", str(source)]) == 1
    assert "a term list needs at least two different definitions" in capsys.readouterr().err
    assert main(["import", "auto", str(source)]) == 0


def test_an_unknown_format_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "a.txt"
    source.write_text("Two? {=2 ~3}\n", encoding="utf-8")
    assert main(["import", "moodle", str(source)]) == 2
    assert "FORMAT one of auto, csv, opentdb, gift, aiken, terms" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["import", "--help"])
    assert "FORMAT: auto, csv, opentdb, gift, aiken, terms" in capsys.readouterr().out
