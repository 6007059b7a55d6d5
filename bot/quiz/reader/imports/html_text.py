"""HTML as the plain text a member reads: what Moodle's ``[html]`` questions and Anki's notes
hold. Line-breaking tags become line breaks, other tags go, entities are read, and runs of
spaces are one space, as a browser shows them. A picture keeps its ``alt`` text.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

_BREAKS = frozenset({"br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol"})
_SKIPPED = frozenset({"script", "style"})
_SPACES = re.compile(r"[ \t\r\f\v]+")
_LINES = re.compile(r" *\n *")
_BLANKS = re.compile(r"\n{3,}")
_TAG = re.compile(
    r"</?(br|p|div|span|b|i|u|em|strong|img|ul|ol|li|sub|sup|font)\b[^>]*>", re.IGNORECASE
)


def looks_like_html(text: str) -> bool:
    """Whether a text holds tags of the kinds Anki and Moodle write."""
    return _TAG.search(text) is not None or "&nbsp;" in text


def html_text(markup: str) -> str:
    reader = _TextReader()
    reader.feed(markup)
    reader.close()
    text = _SPACES.sub(" ", "".join(reader.parts).replace("\xa0", " "))
    return _BLANKS.sub("\n\n", _LINES.sub("\n", text)).strip()


class _TextReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIPPED:
            self._skipping += 1
        elif tag == "li":
            self.parts.append("\n- ")
        elif tag in _BREAKS:
            self.parts.append("\n")
        elif tag == "img":
            alt = dict(attrs).get("alt")
            if alt:
                self.parts.append(alt)

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED:
            self._skipping = max(0, self._skipping - 1)
        elif tag in _BREAKS and tag != "br":
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self.parts.append(data.replace("\n", " "))
