"""A question's ``image`` and ``image_alt``: read by the loader (both or neither, the alt text in
every locale), checked against the file beside the pack or attached to its upload, and every
problem placed where the pack names the file."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest
import yaml

from bot.cli import validate
from bot.quiz.packs.library import check_files, load_library
from bot.quiz.packs.pack_pictures import image_files, with_digests, with_uploads
from bot.quiz.reader.loader import LIMITS, parse_pack
from bot.quiz.reader.pictures import MAX_PICTURE_BYTES, check_picture
from bot.quiz.reader.problems import PackError
from bot.quiz.reader.schema import pack_schema
from tests.pictures import IMAGE_COLUMN, IMAGE_LINE, PICTURED_PACK, picture

SQUARE = picture()
ALT_LINE = IMAGE_LINE + 1


def problems_of(text: str) -> list[str]:
    with pytest.raises(PackError) as refused:
        parse_pack(text.encode(), "p.yaml")
    return [str(problem) for problem in refused.value.problems]


def test_the_loader_reads_the_file_name_and_the_alt_text_with_where_it_is() -> None:
    pack = parse_pack(PICTURED_PACK.encode(), "p.yaml")
    image = pack.questions[0].image
    assert image is not None
    assert (image.file, image.digest, image.line, image.column) == (
        "square.png",
        "",  # not checked yet
        IMAGE_LINE,
        IMAGE_COLUMN,
    )
    assert image.alt.get("el") == "Ένα απλό γαλαζοπράσινο τετράγωνο."
    assert pack.questions[1].image is None
    assert image_files(pack) == ("square.png",)


def test_an_image_needs_its_alt_text_and_alt_text_its_image() -> None:
    without_alt = PICTURED_PACK.replace(
        "    image_alt: {en: A plain teal square., el: Ένα απλό γαλαζοπράσινο τετράγωνο.}\n", ""
    )
    assert problems_of(without_alt) == [
        (
            f"p.yaml:{IMAGE_LINE}:{IMAGE_COLUMN}: questions[0].image: needs image_alt: what the "
            "picture shows, in every locale"
        )
    ]
    without_image = PICTURED_PACK.replace("    image: square.png\n", "")
    assert problems_of(without_image) == [
        (
            f"p.yaml:{IMAGE_LINE}:16: questions[0].image_alt: is the alt text of an image; give "
            "the image too, or remove it"
        )
    ]


def test_the_alt_text_is_required_in_every_locale() -> None:
    english_only = PICTURED_PACK.replace(
        "{en: A plain teal square., el: Ένα απλό γαλαζοπράσινο τετράγωνο.}",
        "{en: A plain teal square.}",
    )
    assert problems_of(english_only) == [
        f"p.yaml:{ALT_LINE}:16: questions[0].image_alt.el: is required"
    ]
    one_string = PICTURED_PACK.replace(
        "{en: A plain teal square., el: Ένα απλό γαλαζοπράσινο τετράγωνο.}", "A teal square."
    )
    assert problems_of(one_string) == [
        f"p.yaml:{ALT_LINE}:16: questions[0].image_alt: must give a text for each locale (en, el)"
    ]


def test_alt_text_has_a_limit_and_is_one_line() -> None:
    long = "a" * (LIMITS["image_alt"] + 1)
    too_long = PICTURED_PACK.replace("A plain teal square.", long)
    assert problems_of(too_long) == [
        f"p.yaml:{ALT_LINE}:21: questions[0].image_alt.en: is 1001 characters; the limit is 1000"
    ]
    two_lines = PICTURED_PACK.replace("A plain teal square.", '"A plain\\nteal square."')
    (problem,) = problems_of(two_lines)
    assert "questions[0].image_alt.en:" in problem
    assert "a line break" in problem


def test_an_image_name_that_is_no_plain_file_name_is_refused() -> None:
    assert problems_of(PICTURED_PACK.replace("square.png", "../secrets.png")) == [
        (
            f"p.yaml:{IMAGE_LINE}:{IMAGE_COLUMN}: questions[0].image: '../secrets.png' must be a "
            "file name of a-z, 0-9, - and _ (up to 60 characters) ending in .png, .jpg, .jpeg, "
            ".webp, .gif"
        )
    ]


def test_the_schema_says_the_same() -> None:
    validator = jsonschema.Draft202012Validator(pack_schema())
    document = yaml.safe_load(PICTURED_PACK)
    assert list(validator.iter_errors(document)) == []
    del document["questions"][0]["image_alt"]
    assert [e.message for e in validator.iter_errors(document)] == [
        "'image_alt' is a dependency of 'image'"
    ]
    document["questions"][0]["image"] = "Ring.PNG"
    assert len(list(validator.iter_errors(document))) == 2


def test_a_shipped_pack_finds_its_picture_beside_it(tmp_path: Path) -> None:
    (tmp_path / "pictured.yaml").write_text(PICTURED_PACK, encoding="utf-8")
    (tmp_path / "square.png").write_bytes(SQUARE)
    library = load_library([tmp_path])
    image = library.packs["pictured"].questions[0].image
    assert image is not None
    stored = check_picture(SQUARE, "square.png")
    assert image.digest == stored.digest
    assert library.pictures == {stored.digest: stored}


def test_a_missing_or_bad_picture_is_a_problem_where_the_pack_names_it(tmp_path: Path) -> None:
    pack_file = tmp_path / "pictured.yaml"
    pack_file.write_text(PICTURED_PACK, encoding="utf-8")
    where = f"{pack_file}:{IMAGE_LINE}:{IMAGE_COLUMN}: questions[0].image:"
    (report,) = check_files([pack_file])
    assert [str(p) for p in report.problems] == [
        f"{where} 'square.png' is not a file beside the pack (in {tmp_path})"
    ]
    (tmp_path / "square.png").write_bytes(b"GIF89a, but not really")
    (report,) = check_files([pack_file])
    assert [str(p) for p in report.problems] == [
        f"{where} 'square.png' is a GIF picture by its bytes; name it .gif"
    ]


def test_a_picture_too_big_is_refused_without_reading_it(tmp_path: Path) -> None:
    pack_file = tmp_path / "pictured.yaml"
    pack_file.write_text(PICTURED_PACK, encoding="utf-8")
    with (tmp_path / "square.png").open("wb") as sparse:  # 64 MiB that take no room
        sparse.truncate(64 * MAX_PICTURE_BYTES)
    (report,) = check_files([pack_file])
    assert [p.message for p in report.problems] == [
        "'square.png' is 128.0 MiB; a picture is at most 2.0 MiB"
    ]


def test_quizbot_validate_names_the_picture_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "pictured.yaml").write_text(PICTURED_PACK, encoding="utf-8")
    (tmp_path / "square.png").write_bytes(SQUARE[:40])
    assert validate([tmp_path]) == 1
    out = capsys.readouterr().out
    assert f"pictured.yaml:{IMAGE_LINE}:{IMAGE_COLUMN}: questions[0].image: 'square.png' " in out
    assert "could not be read as a PNG picture" in out
    (tmp_path / "square.png").unlink()
    (tmp_path / "square.png").write_bytes(SQUARE)
    assert validate([tmp_path]) == 0
    assert capsys.readouterr().out.startswith("ok  pictured  2 questions, 1 picture  en,el\n")


def test_an_upload_takes_its_attached_pictures_and_keeps_the_others_from_its_version() -> None:
    pack = parse_pack(PICTURED_PACK.encode(), "p.yaml")
    attached = with_uploads(pack, {"square.png": SQUARE}, {})
    stored = check_picture(SQUARE, "square.png")
    assert attached.pictures == {stored.digest: stored}
    image = attached.pack.questions[0].image
    assert image is not None
    assert image.digest == stored.digest
    kept = with_uploads(pack, {}, {"square.png": stored.digest})
    assert kept.pack == attached.pack
    assert kept.pictures == {}  # stored already


def test_an_upload_missing_a_picture_says_what_was_attached() -> None:
    pack = parse_pack(PICTURED_PACK.encode(), "p.yaml")
    with pytest.raises(PackError) as refused:
        with_uploads(pack, {"sqare.png": SQUARE}, {})
    assert [str(p) for p in refused.value.problems] == [
        (
            f"p.yaml:{IMAGE_LINE}:{IMAGE_COLUMN}: questions[0].image: 'square.png' is not "
            "among the pictures attached (sqare.png) nor kept from the pack's current version"
        )
    ]


def test_a_stored_pack_takes_its_stored_digests() -> None:
    pack = parse_pack(PICTURED_PACK.encode(), "p.yaml")
    image = with_digests(pack, {"square.png": "ab" * 32}).questions[0].image
    assert image is not None
    assert image.digest == "ab" * 32
    with pytest.raises(PackError):
        with_digests(pack, {})
