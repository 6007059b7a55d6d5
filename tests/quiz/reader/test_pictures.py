"""A picture is checked by its bytes, bounded before it is decoded, and stored re-encoded
without its metadata."""

from __future__ import annotations

import hashlib
import io

import PIL.Image
import PIL.ImageFile
import PIL.PngImagePlugin
import pytest

from bot.quiz.reader.pictures import (
    MAX_PICTURE_BYTES,
    MAX_PICTURE_SIDE,
    PictureError,
    check_picture,
    format_of,
    image_file_problem,
)
from tests.pictures import animated_gif, decompression_bomb, picture, png_declaring

GPS_IFD, MAKE, ORIENTATION, ROTATED_90 = 0x8825, 0x010F, 0x0112, 6


@pytest.mark.parametrize(
    ("kind", "name", "media_type"),
    [
        ("PNG", "a.png", "image/png"),
        ("JPEG", "a.jpg", "image/jpeg"),
        ("JPEG", "a.jpeg", "image/jpeg"),
        ("WEBP", "a.webp", "image/webp"),
        ("GIF", "a.gif", "image/gif"),
    ],
)
def test_each_format_is_taken_and_kept_in_its_format(kind: str, name: str, media_type: str) -> None:
    checked = check_picture(picture(kind), name)
    assert (checked.media_type, checked.width, checked.height) == (media_type, 40, 30)
    assert checked.digest == hashlib.sha256(checked.data).hexdigest()
    with PIL.Image.open(io.BytesIO(checked.data)) as again:
        assert again.format == kind


def test_the_same_picture_gets_the_same_digest_whatever_its_metadata() -> None:
    plain = check_picture(picture(), "a.png")
    info = PIL.PngImagePlugin.PngInfo()
    info.add_text("Author", "someone's full name")
    buffer = io.BytesIO()
    PIL.Image.new("RGB", (40, 30), "teal").save(buffer, format="PNG", pnginfo=info)
    assert check_picture(buffer.getvalue(), "b.png").digest == plain.digest


def test_exif_comments_and_colour_profiles_are_not_kept_and_the_picture_is_turned_upright() -> None:
    exif = PIL.Image.Exif()
    exif[MAKE] = "A phone"
    exif[ORIENTATION] = ROTATED_90
    exif.get_ifd(GPS_IFD)[2] = (37.0, 58.0, 0.0)  # a latitude
    buffer = io.BytesIO()
    PIL.Image.new("RGB", (40, 30), "teal").save(
        buffer, format="JPEG", exif=exif.tobytes(), comment=b"home", icc_profile=b"\0" * 132
    )
    assert b"A phone" in buffer.getvalue()
    checked = check_picture(buffer.getvalue(), "photo.jpg")
    with PIL.Image.open(io.BytesIO(checked.data)) as again:
        assert dict(again.getexif()) == {}
        assert {"exif", "comment", "icc_profile"} & set(again.info) == set()
        assert again.size == (30, 40) == (checked.width, checked.height)  # upright
    assert b"A phone" not in checked.data
    assert b"home" not in checked.data


def test_a_png_keeps_its_transparency() -> None:
    buffer = io.BytesIO()
    PIL.Image.new("RGBA", (8, 8), (0, 0, 0, 0)).save(buffer, format="PNG")
    with PIL.Image.open(io.BytesIO(check_picture(buffer.getvalue(), "a.png").data)) as again:
        assert again.convert("RGBA").getpixel((0, 0)) == (0, 0, 0, 0)


@pytest.mark.parametrize(
    ("data", "name", "problem"),
    [
        (b"BM" + b"\0" * 64, "a.png", "is not a PNG, JPEG, WebP or GIF picture (by its bytes)"),
        (b"<svg xmlns='http://www.w3.org/2000/svg'/>", "a.png", "is not a PNG, JPEG"),
        (picture("JPEG"), "a.png", "is a JPEG picture by its bytes; name it .jpg"),
        (picture("PNG")[:60], "a.png", "could not be read as a PNG picture"),
        (animated_gif(), "a.gif", "is animated; a question's picture is a still one"),
    ],
)
def test_what_is_not_a_good_picture_is_refused_in_words(
    data: bytes, name: str, problem: str
) -> None:
    with pytest.raises(PictureError) as refused:
        check_picture(data, name)
    assert str(refused.value).startswith(problem)


def test_a_file_over_the_size_limit_is_refused_by_its_size() -> None:
    with pytest.raises(PictureError) as refused:
        check_picture(picture() + b"\0" * MAX_PICTURE_BYTES, "a.png")
    assert str(refused.value) == "is 2.0 MiB; a picture is at most 2.0 MiB"


@pytest.mark.parametrize(
    ("width", "height"),
    [(MAX_PICTURE_SIDE + 1, 1), (1, MAX_PICTURE_SIDE + 1), (12_000, 12_000), (30_000, 30_000)],
)
def test_too_many_pixels_are_refused_from_the_header_before_anything_is_decoded(
    width: int, height: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    def decoding(*_: object) -> None:
        raise AssertionError("decoded a picture its header should have refused")

    monkeypatch.setattr(PIL.ImageFile.ImageFile, "load", decoding)
    with pytest.raises(PictureError) as refused:
        check_picture(png_declaring(width, height), "big.png")
    assert "a picture is at most 4096 × 4096 pixels" in str(refused.value)


def test_a_decompression_bomb_is_refused_unopened(monkeypatch: pytest.MonkeyPatch) -> None:
    bomb = decompression_bomb()
    assert len(bomb) < 100 * 1024  # 64 million pixels in a small file

    def decoding(*_: object) -> None:
        raise AssertionError("decoded the bomb")

    monkeypatch.setattr(PIL.ImageFile.ImageFile, "load", decoding)
    with pytest.raises(PictureError) as refused:
        check_picture(bomb, "bomb.png")
    assert str(refused.value) == "is 8000 × 8000 pixels; a picture is at most 4096 × 4096 pixels"


def test_a_picture_at_the_side_limit_is_taken() -> None:
    checked = check_picture(picture(size=(MAX_PICTURE_SIDE, 2)), "wide.png")
    assert (checked.width, checked.height) == (MAX_PICTURE_SIDE, 2)


def test_formats_are_told_by_their_first_bytes() -> None:
    assert [format_of(picture(kind)) for kind in ("PNG", "JPEG", "WEBP", "GIF")] == [
        "PNG",
        "JPEG",
        "WEBP",
        "GIF",
    ]
    assert format_of(b"RIFF\0\0\0\0WAVE") is None


@pytest.mark.parametrize("name", ["ring.png", "a_b-c.jpeg", "x.gif", "k-v.webp", "0.jpg"])
def test_good_image_names(name: str) -> None:
    assert image_file_problem(name) is None


@pytest.mark.parametrize(
    "name", ["Ring.png", "../ring.png", "pictures/ring.png", "ring.bmp", "ring", ".png", "a b.png"]
)
def test_image_names_are_plain_lowercase_file_names(name: str) -> None:
    problem = image_file_problem(name)
    assert problem is not None
    assert problem.startswith(f"'{name}' must be a file name of a-z, 0-9, - and _")
