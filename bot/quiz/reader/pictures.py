"""A question's picture, checked by its bytes and re-encoded without metadata.

A picture is a PNG, JPEG, WebP or GIF file of at most 2 MiB and 4,096 pixels on a side, still
(not animated). What the bot keeps and sends is not the file as given but the picture drawn
again by Pillow: the same format, without EXIF (camera, place), text chunks, comments or colour
profiles, turned upright first if EXIF said it was rotated. Its SHA-256 is its name in storage,
so one picture used by many packs and servers is stored once.

The cost is bounded before anything is decoded: the file's size first, then its format by its
first bytes (only that format's decoder is tried), then the width and height its header
declares. A small file that declares a huge image (a decompression bomb) is refused from its
header; Pillow's own bomb check is an error here too, never a warning.
"""

from __future__ import annotations

import hashlib
import io
import re
import warnings
from dataclasses import dataclass, field

import PIL.Image
import PIL.ImageOps

MAX_PICTURE_BYTES = 2 * 1024 * 1024  # a file as given
MAX_PICTURE_SIDE = 4096  # pixels, each of width and height
MAX_PICTURE_PIXELS = MAX_PICTURE_SIDE * MAX_PICTURE_SIDE
MAX_STORED_BYTES = 8 * 1024 * 1024  # once re-encoded: under Discord's 10 MiB per file
MAX_ALT = 1000  # characters; Discord takes 1,024 for a media item's description

# Format name -> (media type, the file name endings it goes by, how its bytes begin).
FORMATS: dict[str, tuple[str, tuple[str, ...]]] = {
    "PNG": ("image/png", ("png",)),
    "JPEG": ("image/jpeg", ("jpg", "jpeg")),
    "WEBP": ("image/webp", ("webp",)),
    "GIF": ("image/gif", ("gif",)),
}
SUFFIXES = tuple(suffix for _, suffixes in FORMATS.values() for suffix in suffixes)
IMAGE_FILE = re.compile(rf"[a-z0-9][a-z0-9_-]{{0,59}}\.(?:{'|'.join(SUFFIXES)})")
_SAVE_OPTIONS: dict[str, dict[str, object]] = {
    "PNG": {},
    "JPEG": {"quality": 90},
    "WEBP": {"quality": 90, "method": 2},  # method 2: a quarter of the default's time
    "GIF": {},
}


class PictureError(Exception):
    """What is wrong with a picture file, in words for its author."""


@dataclass(frozen=True, slots=True)
class Picture:
    """A checked picture as the bot stores and sends it."""

    digest: str  # SHA-256 of ``data``, hex
    media_type: str
    width: int
    height: int
    data: bytes = field(repr=False)

    @property
    def size(self) -> int:
        return len(self.data)


def image_file_problem(name: str) -> str | None:
    """What is wrong with ``name`` as a question's ``image``, or None for a good one."""
    if IMAGE_FILE.fullmatch(name):
        return None
    endings = ", ".join(f".{suffix}" for suffix in SUFFIXES)
    return (
        f"'{name}' must be a file name of a-z, 0-9, - and _ (up to 60 characters) "
        f"ending in {endings}"
    )


def format_of(data: bytes) -> str | None:
    """The picture format its first bytes say, or None for anything else."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "PNG"
    if data.startswith(b"\xff\xd8\xff"):
        return "JPEG"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WEBP"
    if data[:6] in {b"GIF87a", b"GIF89a"}:
        return "GIF"
    return None


def size_problem(size: int) -> str | None:
    """What is wrong with a picture file of ``size`` bytes, known before it is read."""
    if size > MAX_PICTURE_BYTES:
        return f"is {_mib(size)}; a picture is at most {_mib(MAX_PICTURE_BYTES)}"
    return None


def check_picture(data: bytes, name: str) -> Picture:
    """The picture in ``data`` (a file called ``name``), re-encoded; raises PictureError."""
    oversize = size_problem(len(data))
    if oversize is not None:
        raise PictureError(oversize)
    kind = format_of(data)
    if kind is None:
        raise PictureError("is not a PNG, JPEG, WebP or GIF picture (by its bytes)")
    suffix = name.rpartition(".")[2].lower()
    media_type, suffixes = FORMATS[kind]
    if suffix not in suffixes:
        raise PictureError(f"is a {kind} picture by its bytes; name it .{suffixes[0]}")
    clean, (width, height) = _redrawn(data, kind)
    if len(clean) > MAX_STORED_BYTES:
        raise PictureError(f"is {_mib(len(clean))} once re-encoded; the limit is 8 MiB")
    return Picture(hashlib.sha256(clean).hexdigest(), media_type, width, height, clean)


def _redrawn(data: bytes, kind: str) -> tuple[bytes, tuple[int, int]]:
    """The picture decoded and encoded again in its own format, without its metadata; its
    size in pixels."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", PIL.Image.DecompressionBombWarning)
        try:
            with PIL.Image.open(io.BytesIO(data), formats=[kind]) as image:
                _check_header(image)
                image.load()
                upright = PIL.ImageOps.exif_transpose(image)
                return _encoded(upright, kind), upright.size
        except PictureError:
            raise
        except (PIL.Image.DecompressionBombError, PIL.Image.DecompressionBombWarning):
            raise PictureError(_too_many_pixels()) from None
        except Exception as error:  # noqa: BLE001  # hostile bytes raise anything in the decoders
            unread = f"could not be read as a {kind} picture ({_reason(error)})"
            raise PictureError(unread) from None


def _check_header(image: PIL.Image.Image) -> None:
    """Refuses what the header declares, before a single pixel is decoded."""
    width, height = image.size
    if width > MAX_PICTURE_SIDE or height > MAX_PICTURE_SIDE or width * height > MAX_PICTURE_PIXELS:
        raise PictureError(f"is {width} × {height} pixels; {_too_many_pixels()}")
    if getattr(image, "is_animated", False):
        raise PictureError("is animated; a question's picture is a still one")


def _encoded(image: PIL.Image.Image, kind: str) -> bytes:
    kept = {"transparency": image.info["transparency"]} if "transparency" in image.info else {}
    image.info = {}  # EXIF, XMP, text chunks, comments, colour profiles: none is saved again
    buffer = io.BytesIO()
    image.save(buffer, format=kind, **_SAVE_OPTIONS[kind], **kept)
    return buffer.getvalue()


def _too_many_pixels() -> str:
    return f"a picture is at most {MAX_PICTURE_SIDE} × {MAX_PICTURE_SIDE} pixels"


def _reason(error: Exception) -> str:
    text = " ".join(str(error).split())[:120]
    return text or type(error).__name__


def _mib(size: int) -> str:
    return f"{size / 2**20:.1f} MiB"
