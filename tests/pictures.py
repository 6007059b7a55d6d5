"""Pictures for tests, drawn here: good ones in each format, and the hostile kinds a picture
check must refuse (wrong bytes, too big, too many pixels, a decompression bomb)."""

from __future__ import annotations

import io
import struct
import textwrap
import zlib

import PIL.Image


def picture(kind: str = "PNG", size: tuple[int, int] = (40, 30), colour: str = "teal") -> bytes:
    """A small plain picture in ``kind``'s format."""
    image = PIL.Image.new("RGB", size, colour)
    if kind == "GIF":
        image = image.convert("P")
    buffer = io.BytesIO()
    image.save(buffer, format=kind)
    return buffer.getvalue()


def png_declaring(width: int, height: int, data: bytes = b"") -> bytes:
    """A PNG whose header declares ``width`` × ``height`` (8-bit grey), with ``data`` as its one
    compressed IDAT chunk: the header is all a decoder reads before it allocates."""
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", data) + _chunk(b"IEND")


def decompression_bomb(side: int = 8000) -> bytes:
    """A real bomb: ``side`` × ``side`` grey pixels of zeros, a few tens of KiB compressed."""
    compressor = zlib.compressobj(9)
    row = b"\0" * (side + 1)  # each row: its filter byte, then its pixels
    body = b"".join(compressor.compress(row) for _ in range(side)) + compressor.flush()
    return png_declaring(side, side, body)


def animated_gif() -> bytes:
    frames = [PIL.Image.new("RGB", (8, 8), colour).convert("P") for colour in ("red", "blue")]
    buffer = io.BytesIO()
    frames[0].save(buffer, format="GIF", save_all=True, append_images=frames[1:])
    return buffer.getvalue()


def _chunk(kind: bytes, data: bytes = b"") -> bytes:
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


PICTURED_PACK = textwrap.dedent(
    """\
    id: pictured
    locales: [en, el]
    title: {en: Pictured, el: Με εικόνες}
    summary: {en: Questions with pictures., el: Ερωτήσεις με εικόνες.}
    difficulty: easy
    questions:
      - id: colour
        prompt: {en: "Which colour is the picture?", el: "Τι χρώμα έχει η εικόνα;"}
        image: square.png
        image_alt: {en: A plain teal square., el: Ένα απλό γαλαζοπράσινο τετράγωνο.}
        options:
          - text: {en: Teal, el: Γαλαζοπράσινο}
            correct: true
          - text: {en: Orange, el: Πορτοκαλί}
        explanation: {en: It is teal throughout., el: Είναι γαλαζοπράσινο παντού.}
      - id: plain
        prompt: {en: "One plus one?", el: "Ένα και ένα;"}
        options:
          - text: {en: Two, el: Δύο}
            correct: true
          - text: {en: Three, el: Τρία}
        explanation: {en: One and one make two., el: Ένα και ένα κάνουν δύο.}
    """
)
IMAGE_LINE, IMAGE_COLUMN = 9, 12  # where PICTURED_PACK names square.png
