"""Any upload, whatever its format: told apart by extension and content, bounded before any
reader runs, and loaded by the pack loader like a pack file."""

from __future__ import annotations

import json

import pytest

from bot.quiz.reader.imports.formats import Format, detected
from bot.quiz.reader.imports.reading import PackFields, UploadedFile, import_text, read_upload
from bot.quiz.reader.problems import PackError
from bot.quiz.reader.yamlcompose import MAX_LINE
from tests.quiz.reader.imports.importing import SAMPLES, problems_of, uploaded
from tests.quiz.reader.pack_texts import ONE_LOCALE_PACK

GIFT = "Two? {=2 ~3}\n"
AIKEN = "Two?\nA. 2\nB. 3\nANSWER: A\n"
TERMS = "two\t2\nthree\t3\n"
QUESTIONS_CSV = "question,options,correct,explanation\nTwo?,2|3,1,\n"
OPENTDB = json.dumps(
    {
        "response_code": 0,
        "results": [{"question": "Two?", "correct_answer": "2", "incorrect_answers": ["3"]}],
    }
)


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("pack.yaml", ONE_LOCALE_PACK, Format.YAML),
        ("pack.yml", ONE_LOCALE_PACK, Format.YAML),
        ("pack.txt", ONE_LOCALE_PACK, Format.YAML),
        ("trivia.json", OPENTDB, Format.OPENTDB),
        ("trivia.txt", OPENTDB, Format.OPENTDB),
        ("quiz.gift", GIFT, Format.GIFT),
        ("quiz.txt", GIFT, Format.GIFT),
        ("quiz", GIFT, Format.GIFT),
        ("quiz.txt", AIKEN, Format.AIKEN),
        ("terms.txt", TERMS, Format.TERMS),
        ("terms.tsv", TERMS, Format.TERMS),
        ("terms.csv", "a,one\nb,two\n", Format.TERMS),
        ("questions.csv", QUESTIONS_CSV, Format.CSV),
        ("questions.txt", QUESTIONS_CSV, Format.CSV),
        ("notes.txt", "Just some notes.\nNothing more.\n", None),
    ],
)
def test_the_format_is_told_by_extension_and_content(
    name: str, text: str, expected: Format | None
) -> None:
    assert detected(name, text) is expected


def test_each_sample_is_told_by_its_content_alone() -> None:
    expected = {
        "moodle-export.gift": Format.GIFT,
        "teacher.txt": Format.AIKEN,
        "quizlet-biology.txt": Format.TERMS,
        "anki-spanish.txt": Format.TERMS,
    }
    for name, kind in expected.items():
        assert detected("upload", (SAMPLES / name).read_text(encoding="utf-8")) is kind, name


def test_every_format_makes_the_same_question() -> None:
    made = {
        name: uploaded(text, name).pack.questions[0]
        for name, text in (
            ("a.gift", GIFT),
            ("a.txt", AIKEN),
            ("a.csv", QUESTIONS_CSV),
            ("a.json", OPENTDB),
        )
    }
    for question in made.values():
        assert question.prompt.get(None) == "Two?"
        assert question.options[question.correct_index].text.get(None) == "2"
        assert {option.text.get(None) for option in question.options} == {"2", "3"}


def test_a_file_in_no_format_is_refused_with_the_formats_named() -> None:
    (problem,) = problems_of("Just some notes.\n", "notes.txt")
    assert problem.startswith("1:1: file: is in no format quizbot reads (a YAML pack, ")


def test_lines_and_characters_are_bounded_before_any_reader_runs() -> None:
    long_line = "Two? {=2 ~3}\n\n" + "x" * (MAX_LINE + 1) + "\n"
    assert problems_of(long_line, "long.gift") == [
        f"3:{MAX_LINE + 1}: file: this line is {MAX_LINE + 1} characters; the limit is {MAX_LINE}"
    ]
    assert problems_of("two\t2\nthree\t3\u202e\n", "bidi.txt") == [
        "2:8: text: holds U+202E (a bidirectional control), which a text may not hold; remove it"
    ]


def test_text_in_utf_16_is_read_and_other_encodings_are_refused() -> None:
    pack = import_text(TERMS, "t.txt").pack
    spreadsheet = ("\ufeff" + TERMS.replace("\n", "\r\n")).encode("utf-16-le")
    assert read_upload(UploadedFile(spreadsheet, "t.txt")).pack == pack
    with pytest.raises(PackError) as refused:
        read_upload(UploadedFile("two\t2\nthree\tdrei\xdf\n".encode("latin-1"), "t.txt"))
    assert [str(p) for p in refused.value.problems] == [
        "t.txt:2:1: file: is not UTF-8 text; save it as UTF-8 (CSV UTF-8, in a spreadsheet)"
    ]


def test_the_packs_own_fields_are_given_or_made_from_the_files_name() -> None:
    made = uploaded(GIFT, "My_quiz  file.gift").pack
    assert (made.id, made.title.get(None), made.difficulty.value) == (
        "my-quiz-file",
        "My quiz file",
        "medium",
    )
    fields = PackFields(pack_id="two", title="Two", summary="Sums.", difficulty="easy")
    given = import_text(GIFT, "x.gift", fields=fields).pack
    assert (given.id, given.title.get(None), given.summary.get(None), given.difficulty.value) == (
        "two",
        "Two",
        "Sums.",
        "easy",
    )


def test_what_the_loader_still_refuses_is_named_with_its_field() -> None:
    with pytest.raises(PackError) as refused:
        import_text(GIFT, "x.gift", locale="English")
    assert [str(p) for p in refused.value.problems] == [
        "x.gift:1:1: locales[0]: 'English' is not a locale such as en, el or pt-BR"
    ]


def test_a_pack_over_the_upload_limit_as_yaml_is_refused() -> None:
    text = "".join(f"Question {n} {'?' * 900} {{=yes ~no}}\n\n" for n in range(200))
    with pytest.raises(PackError) as refused:
        import_text(text, "big.gift", max_bytes=64 * 1024)
    (problem,) = refused.value.problems
    assert str(problem).startswith("big.gift:1:1: file: makes a pack of ")
    assert str(problem).endswith("KiB; the limit is 64 KiB: split the file")


def test_a_file_known_to_be_yaml_is_read_as_yaml_whatever_its_name() -> None:
    # An imported pack is stored as the YAML it made under its file's own name.
    imported = uploaded(GIFT, "sums.gift")
    again = read_upload(UploadedFile(imported.source.encode(), "sums.gift", format=Format.YAML))
    assert (again.format, again.pack) == (Format.YAML, imported.pack)
    with pytest.raises(PackError):  # by its name, the YAML is read as GIFT, and refused
        read_upload(UploadedFile(imported.source.encode(), "sums.gift"))
    told = read_upload(UploadedFile(GIFT.encode(), "sums.txt", format=Format.GIFT))
    assert (told.format, told.pack.questions) == (Format.GIFT, imported.pack.questions)
