"""The worst files of each format, as large as an upload may be, are decided well within a bound
generous enough for a busy machine (the pack checker's workers stop a read at 5 s)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from bot.quiz.reader.imports.reading import UploadedFile, read_upload
from bot.quiz.reader.loader import MAX_PACK_BYTES
from bot.quiz.reader.problems import MAX_PROBLEMS, PackError

GENEROUS_S = 2.0


def filled(unit: str, head: str = "", tail: str = "") -> str:
    """``head``, ``unit`` as often as fits the upload limit, ``tail``."""
    room = MAX_PACK_BYTES - len((head + tail).encode())
    return head + unit * (room // len(unit.encode())) + tail


WORST: dict[str, tuple[str, Callable[[], str]]] = {
    "gift-many-questions": ("q.gift", lambda: filled("A{=b ~c}\n\n")),
    "gift-escapes": ("q.gift", lambda: filled("\\{\\~\\=\\#\n", "Q {=a ~b\n", "}\n")),
    "gift-open-braces": ("q.gift", lambda: filled("{" * 1000 + "\n")),
    "gift-left-out": ("q.gift", lambda: filled("A{=b}\n\n")),
    "gift-html": ("q.gift", lambda: filled("<b><i>x</i></b>", "[html]Q {=a ~", "}\n")),
    "aiken-many-options": ("q.txt", lambda: filled("A. x\n", "Q\n", "ANSWER: A\n")),
    "aiken-many-questions": ("q.txt", lambda: filled("Q\nA. x\nB. y\nANSWER: A\n")),
    "terms-repeated": ("t.txt", lambda: filled("a\tb\n", "c\td\n")),
    "terms-many": ("t.txt", lambda: "".join(f"t{n}\td{n}\n" for n in range(30_000))),
    "terms-html": ("t.txt", lambda: filled("<br>", "#html:true\na\t", "\nc\td\n")),
    "csv-many-rows": (
        "q.csv",
        lambda: filled("A?,x|y,1,\n", "question,options,correct,explanation\n"),
    ),
}


def problems_of(data: bytes, file_name: str) -> int:
    """How many problems an upload gets (0: it makes a pack)."""
    try:
        read_upload(UploadedFile(data, file_name))
    except PackError as refused:
        return len(refused.problems)
    return 0


@pytest.mark.parametrize("name", sorted(WORST))
def test_a_worst_file_of_the_upload_limit_is_decided_quickly(name: str) -> None:
    file_name, make = WORST[name]
    data = make().encode()[:MAX_PACK_BYTES]
    started = time.perf_counter()
    problems = problems_of(data, file_name)
    elapsed = time.perf_counter() - started
    assert elapsed < GENEROUS_S, f"{name}: {elapsed:.2f} s"
    assert 1 <= problems <= MAX_PROBLEMS  # each is refused, with the first problems only
