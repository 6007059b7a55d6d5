"""The README is a front door: short, in short paragraphs, with no dated figures, its two set-up
commands, and a table of every page of docs/. Every relative link in the README and in docs/
leads to a file that exists, and to a heading that exists when it names one; docs/README.md
indexes every page."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest

from bot.app.runtime.check import NEEDED_PERMISSIONS

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
TEXT = README.read_text(encoding="utf-8")
DOCS = REPO / "docs"
PAGES = sorted(path for path in DOCS.glob("*.md") if path.name != "README.md")
MAX_LINES = 200
MAX_WORDS = 100
PLAYGROUND = (
    "python3 -m venv .venv && .venv/bin/pip install -q -e . && .venv/bin/quizbot playground"
)
TESTS = "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/pytest"
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^\s*```")
LIST_ITEM = re.compile(r"^(?:[-*]|\d+\.) ")
MONTHS = (
    "January|February|March|April|May|June|July|August|September|October|November|December"
    "|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec"
)
DATED = [
    re.compile(rf"\b(?:{MONTHS})\.? +\d{{4}}\b"),  # December 2026
    re.compile(rf"\b\d{{1,2}} +(?:{MONTHS})\b"),  # 4 December
    re.compile(r"\b\d{4}-\d{2}-\d{2}\b"),  # 2026-12-04
    re.compile(r"(?<![\d,.])(?:19|20)\d{2}(?![\d,.])"),  # a year
]


def _prose(text: str) -> list[str]:
    """The text's lines with fenced code blocks blanked out (a block's lines are not prose)."""
    lines, inside = [], False
    for line in text.splitlines():
        fence = bool(FENCE.match(line))
        lines.append("" if inside or fence else line)
        if fence:
            inside = not inside
    return lines


def paragraphs(text: str) -> Iterator[str]:
    """Each paragraph (consecutive lines that are neither blank, a table, a heading, a comment,
    code nor a list) and each list item with its indented lines."""
    block: list[str] = []
    for line in [*_prose(text), ""]:
        other = not line.strip() or line.lstrip().startswith(("|", "#", "<!--"))
        item = bool(LIST_ITEM.match(line))
        item_ends = bool(block) and bool(LIST_ITEM.match(block[0])) and not line[:1].isspace()
        if other or item or item_ends:
            if block:
                yield " ".join(part.strip() for part in block)
            block = [] if other else [line]
        else:
            block.append(line)


def _slug(heading: str, seen: dict[str, int]) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens,
    -1, -2, ... for a repeated one."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    slug = re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")
    count = seen.get(slug, 0)
    seen[slug] = count + 1
    return slug if count == 0 else f"{slug}-{count}"


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    return {
        _slug(line.lstrip("#"), seen)
        for line in _prose(path.read_text(encoding="utf-8"))
        if re.match(r"#{1,6} ", line)
    }


def relative_links(path: Path) -> list[str]:
    prose = "\n".join(_prose(path.read_text(encoding="utf-8")))
    prose = re.sub(r"`[^`\n]*`", "", prose)  # a link in backticks is code, not a link
    return [link for link in LINK.findall(prose) if not re.match(r"[a-z]+:", link)]


def test_the_readme_is_at_most_200_lines() -> None:
    assert len(TEXT.splitlines()) <= MAX_LINES


def test_no_paragraph_of_the_readme_is_over_100_words() -> None:
    found = list(paragraphs(TEXT))
    assert len(found) > 10
    assert [p for p in found if len(p.split()) > MAX_WORDS] == []


def test_the_paragraphs_are_counted_as_a_reader_sees_them() -> None:
    text = "One two.\nThree.\n\n- a b\n  c\n- d\n\n| x | y |\n\n```sh\nnot prose\n```\n# Head\n"
    assert list(paragraphs(text)) == ["One two. Three.", "- a b c", "- d"]


def test_the_readme_has_no_dated_figures() -> None:
    prose = "\n".join(_prose(TEXT))
    assert [m.group(0) for pattern in DATED for m in pattern.finditer(prose)] == []


def test_the_date_patterns_find_dates() -> None:
    for dated in ("on 4 December 2026", "in December 2026", "2026-12-04", "(2026)"):
        assert any(pattern.search(dated) for pattern in DATED), dated
    for undated in ("2,500 servers", "permission integer `117760`", "1,000 members"):
        assert not any(pattern.search(undated) for pattern in DATED), undated


def test_the_readme_gives_exactly_the_two_set_up_commands() -> None:
    shell = re.findall(r"```sh\n(.*?)```", TEXT, re.DOTALL)
    set_up = [line for block in shell for line in block.splitlines() if "python3 -m venv" in line]
    assert set_up == [PLAYGROUND, TESTS]
    assert (REPO / ".ci" / "run").read_text(encoding="utf-8").count(TESTS) == 1


def test_the_readme_invite_link_grants_the_permissions_the_bot_needs() -> None:
    (granted,) = re.findall(r"permissions=(\d+)", TEXT)
    assert discord.Permissions(int(granted)) == discord.Permissions(
        **dict.fromkeys(NEEDED_PERMISSIONS, True)
    )
    for label in NEEDED_PERMISSIONS.values():
        assert f'"{label}"' in TEXT


def test_the_readme_docs_table_names_every_page_of_the_docs() -> None:
    rows = [line for line in TEXT.split("\n## Docs\n", 1)[1].splitlines() if line.startswith("|")]
    linked = {link for row in rows for link in LINK.findall(row)}
    assert linked == {f"docs/{page.name}" for page in PAGES}


def test_the_docs_index_names_every_page() -> None:
    linked = set(relative_links(DOCS / "README.md"))
    assert {page.name for page in PAGES} <= linked


@pytest.mark.parametrize(
    "page", [README, DOCS / "README.md", *PAGES], ids=lambda p: str(p.relative_to(REPO))
)
def test_every_relative_link_leads_somewhere(page: Path) -> None:
    broken = []
    for link in relative_links(page):
        target, _, anchor = link.partition("#")
        path = (page.parent / target).resolve() if target else page
        if not path.exists() or (anchor and path.suffix == ".md" and anchor not in anchors(path)):
            broken.append(link)
    assert broken == []
