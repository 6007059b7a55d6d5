"""PyYAML's reading where libyaml's differs, so a pack means what it meant before libyaml.

The loader reads YAML as PyYAML's pure-Python parser does (its errors are the words the hints
build on); libyaml is only faster. libyaml accepts a few things PyYAML refuses: a tab outside
quoted texts, block texts and comments; a `?` inside a plain text in `{…}` or `[…]`; a `#` or
a tab right after a block text's `|` or `>`. ``first_stricter`` finds the first of those in a
composed tree. Where libyaml refuses a text or PyYAML is stricter, ``pyyaml_error`` has PyYAML's
parser read the text with the complete nodes away from that place blanked out (their
characters turned to spaces, line breaks kept, so every mark is where it was), which costs a
few nodes' time however large the file: PyYAML raises its own error, or finds none nearby.
Where libyaml is the stricter one (a ':' right before a bracket inside brackets, a `\ud800`
escape), its refusal stands, in the words of yamlslips: reading the whole text with PyYAML's
parser instead would cost seconds.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import yaml

from bot.quiz.reader.yamlcompose import Composition

_LINE_BREAK = re.compile(r"\r\n|[\r\n\x85\u2028\u2029]")  # where PyYAML starts a line
_NOT_BREAK = re.compile(r"[^\r\n\x85\u2028\u2029]")
_BLOCK_HEADER = re.compile(r"[|>](?:[+-][0-9]?|[0-9][+-]?)?(?=[#\t])")
_MAX_EVENTS = 20_000  # PyYAML's reading of a sketch; far more than a sketch holds


def first_stricter(text: str, composition: Composition) -> int | None:
    """The index of the first place libyaml accepted and PyYAML would refuse, if any."""
    found = [_first_flow_question_mark(text, composition), _first_block_header(text, composition)]
    if "\t" in text:
        found.append(_first_loose_tab(text, composition))
    return min((at for at in found if at is not None), default=None)


def pyyaml_error(text: str, composition: Composition, at: int) -> yaml.MarkedYAMLError | None:
    """PyYAML's error for ``text`` at or before the line after the one holding index ``at``."""
    sketched = _Sketch(composition, at).of(text)
    next_line = line_end(text, line_end(text, at) + 1)
    try:
        for count, event in enumerate(yaml.parse(sketched, Loader=yaml.SafeLoader)):
            if count > _MAX_EVENTS or (event.start_mark and event.start_mark.index > next_line):
                return None
    except yaml.MarkedYAMLError as error:
        return error
    except ValueError:  # PyYAML's scanner gives `\U00110000` to chr(), which refuses it
        return None
    return None


def _first_flow_question_mark(text: str, composition: Composition) -> int | None:
    """Inside `{…}` and `[…]` PyYAML ends a plain text at a `?`; libyaml reads on."""
    for node in composition.flow_plain:
        start = node.start_mark.index
        found = text.find("?", start + 1, node.end_mark.index)
        if found >= 0:
            return found
    return None


def _first_block_header(text: str, composition: Composition) -> int | None:
    for node in composition.quoted_and_block:
        if node.style in ("|", ">"):
            header = _BLOCK_HEADER.match(text, node.start_mark.index)
            if header is not None:
                return header.end()
    return None


def _first_loose_tab(text: str, composition: Composition) -> int | None:
    """PyYAML takes tabs only inside quoted texts, block texts' lines and comments."""
    proof = _Spans([_tab_proof_span(text, node) for node in composition.quoted_and_block])
    line_starts = [0, *(found.end() for found in _LINE_BREAK.finditer(text))]
    at = text.find("\t")
    while at >= 0:
        inside = proof.end_of_one_holding(at)
        if inside is not None:
            at = text.find("\t", inside)
            continue
        line = bisect.bisect_right(line_starts, at) - 1
        if not _comment_before(text, line_starts[line], at, proof):
            return at
        next_line = line_starts[line + 1] if line + 1 < len(line_starts) else len(text)
        at = text.find("\t", next_line)
    return None


@dataclass(frozen=True)
class _Spans:
    """Spans of text that do not overlap, in order."""

    spans: list[tuple[int, int]]
    starts: list[int] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "starts", [start for start, _ in self.spans])

    def end_of_one_holding(self, at: int) -> int | None:
        place = bisect.bisect_right(self.starts, at) - 1
        if place >= 0 and at < self.spans[place][1]:
            return self.spans[place][1]
        return None


def _tab_proof_span(text: str, node: yaml.ScalarNode) -> tuple[int, int]:
    start, end = node.start_mark.index, node.end_mark.index
    if node.style in ("|", ">"):  # the header line is read as tokens; the lines below as text
        start = min(line_end(text, start), end)
    return start, end


def _comment_before(text: str, line_start: int, at: int, quoted: _Spans) -> bool:
    """Whether a comment starts on this line before ``at``: a `#` at the line's start or after
    white space, outside quoted texts."""
    found = text.find("#", line_start, at)
    while found >= 0:
        if quoted.end_of_one_holding(found) is None and (
            found == line_start or text[found - 1] in " \t"
        ):
            return True
        found = text.find("#", found + 1, at)
    return False


def line_end(text: str, at: int) -> int:
    found = _LINE_BREAK.search(text, at)
    return len(text) if found is None else found.start()


@dataclass
class _Sketch:
    """The text with the complete nodes away from index ``at`` blanked out. Along the path of
    collections down to ``at``, each keeps its first entry, the entry before the one holding
    ``at`` and that one; any other complete collection kept keeps only its first entry."""

    composition: Composition
    at: int
    blanks: list[tuple[int, int]] = field(default_factory=list)

    def of(self, text: str) -> str:
        root = self.composition.root
        if isinstance(root, yaml.CollectionNode):
            self._path(root)
        pieces: list[str] = []
        last = 0
        for start, end in sorted(self.blanks):
            pieces += [text[last:start], _NOT_BREAK.sub(" ", text[start:end])]
            last = end
        pieces.append(text[last:])
        return "".join(pieces)

    def _path(self, node: yaml.CollectionNode) -> None:
        entries = self._entries(node)
        if not entries:
            return
        starts = [entry[0].start for entry in entries]
        holding = max(0, bisect.bisect_right(starts, self.at) - 1)
        self._blank(node, entries, 1, holding - 2)
        self._blank(node, entries, holding + 1, len(entries) - 1)
        for index in sorted({0, max(holding - 1, 0), holding}):
            for child in entries[index]:
                on_path = index == holding and child.holds(self.at)
                child.visit(self._path if on_path else self._stub)

    def _stub(self, node: yaml.CollectionNode) -> None:
        entries = self._entries(node)
        if entries:
            self._blank(node, entries, 1, len(entries) - 1)
            for child in entries[0]:
                child.visit(self._stub)

    def _blank(
        self, node: yaml.CollectionNode, entries: list[_Entry], first: int, last: int
    ) -> None:
        """Blanks entries ``first`` to ``last``; in `{…}` and `[…]` the commas after them too."""
        if first > last:
            return
        start, end = entries[first][0].start, entries[last][-1].end
        if node.flow_style and last + 1 < len(entries):
            end = entries[last + 1][0].start
        if end is not None:
            self.blanks.append((start, end))

    def _entries(self, node: yaml.CollectionNode) -> list[_Entry]:
        """Each item, or each key with its value, with where each is written."""
        aliases = self.composition.aliases
        children: list[yaml.Node] = (
            [part for pair in node.value for part in pair]
            if isinstance(node, yaml.MappingNode)
            else list(node.value)
        )
        placed = [
            _Placed.of(child, aliases.get((id(node), place)))
            for place, child in enumerate(children)
        ]
        if isinstance(node, yaml.MappingNode):
            return [placed[at : at + 2] for at in range(0, len(placed), 2)]
        return [[item] for item in placed]


@dataclass(frozen=True, slots=True)
class _Placed:
    """A child node and where it is written: an alias repeats a node written elsewhere."""

    node: yaml.Node
    start: int
    end: int | None  # None for a collection still open
    is_alias: bool

    @classmethod
    def of(cls, node: yaml.Node, alias: tuple[int, int] | None) -> _Placed:
        if alias is not None:
            return cls(node, alias[0], alias[1], is_alias=True)
        end = None if node.end_mark is None else node.end_mark.index
        return cls(node, node.start_mark.index, end, is_alias=False)

    def holds(self, at: int) -> bool:
        return self.start <= at and (self.end is None or at < self.end)

    def visit(self, visitor: Callable[[yaml.CollectionNode], None]) -> None:
        if isinstance(self.node, yaml.CollectionNode) and not self.is_alias:
            visitor(self.node)


_Entry = list[_Placed]
