"""A YAML text's node tree, composed from libyaml's events with the pack's bounds checked early.

PyYAML's own composer runs its pure-Python scanner at some 10 µs a token, and the collector's
passes over the growing tree made it worse than linear: a 256 KiB file of `[[],[],…]` took
2.2 s on a quiet machine, 7 on a busy one. libyaml, PyYAML's C binding, reads the same YAML 1.1
far faster; this composer turns its events into the nodes and marks PyYAML's SafeLoader would
compose, and stops at the first node past a bound, so no input costs more than MAX_NODES
nodes. Where PyYAML's reading is stricter than libyaml's, yamlstrict finds it; where libyaml
refuses a text, yamlstrict asks PyYAML for its own words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, cast

import yaml
from yaml import events

try:
    from yaml._yaml import CParser as _FastParser
except ImportError:  # a PyYAML built without libyaml: its own parser reads the same, slower
    _FastParser = None  # type: ignore[assignment,misc]

MAX_NODES = 30_000  # a pack of 200 questions of 5 options with every text in 4 locales: 28 000
MAX_DEPTH = 20  # lists and mappings inside each other; a pack needs 6
MAX_LINE = 16 * 1024  # characters; a whole question in two locales fits on one line
_BOM = "\ufeff"
_STANDARD = "tag:yaml.org,2002:"
# The loader reads every plain scalar as text as written except null and true/false, so those
# are all that is resolved (PyYAML's resolver would also tag `42` int, `2024-01-01` timestamp).
_PLAIN_TAGS = {
    **dict.fromkeys(("", "~", "null", "Null", "NULL"), _STANDARD + "null"),
    **dict.fromkeys(
        ("yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE"),
        _STANDARD + "bool",
    ),
    **dict.fromkeys(
        ("false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF"),
        _STANDARD + "bool",
    ),
}
_STR, _SEQ, _MAP = _STANDARD + "str", _STANDARD + "seq", _STANDARD + "map"


class _Events(Protocol):
    def get_event(self) -> events.Event: ...

    def dispose(self) -> None: ...


class LimitError(Exception):
    """A bound crossed at ``mark``; ``field`` is "file" or "yaml", as in the loader's problems."""

    def __init__(self, mark: yaml.Mark, field: str, message: str) -> None:
        super().__init__(message)
        self.mark = mark
        self.field = field
        self.message = message


@dataclass
class Composition:
    """The tree so far: complete after ``compose``, or as far as it got when an error is raised
    (``open`` holds the collections then unfinished, outermost first)."""

    root: yaml.Node | None = None
    tagged: set[int] = field(default_factory=set)  # id() of each node with a tag in the text
    open: list[yaml.CollectionNode] = field(default_factory=list)
    flow_plain: list[yaml.ScalarNode] = field(default_factory=list)  # with a '?', inside [] {}
    quoted_and_block: list[yaml.ScalarNode] = field(default_factory=list)  # scalars
    # Where each alias is written, by its parent's id() and its place among the parent's
    # children (a mapping's keys and values counted in turn): an alias's node has the marks of
    # the node it repeats.
    aliases: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)
    nodes: int = 0


def without_bom(text: str) -> str:
    """The text without a leading byte order mark, which PyYAML counts in its marks' index and
    libyaml does not (neither counts it in a column)."""
    return text.removeprefix(_BOM)


def compose(text: str, into: Composition) -> Composition:
    """Composes the single document of ``text`` into ``into``; raises yaml.YAMLError for YAML
    that does not read and LimitError past a bound, with ``into`` as far as it got."""
    _check_printable(text)
    _check_lines(text)
    parser = cast(
        "_Events", _FastParser(text) if _FastParser is not None else yaml.SafeLoader(text)
    )
    try:
        _Composer(into, text).run(parser)
    finally:
        parser.dispose()
    return into


def _check_printable(text: str) -> None:
    """PyYAML's reader refuses these characters before reading anything; so does this."""
    found = yaml.reader.Reader.NON_PRINTABLE.search(text)
    if found is not None:
        character = ord(found.group())
        what = "special characters are not allowed"
        raise yaml.reader.ReaderError("<unicode string>", found.start(), character, "unicode", what)


def _check_lines(text: str) -> None:
    """Refuses the first line longer than MAX_LINE. With the characters above refused,
    str.splitlines breaks lines where PyYAML does."""
    if len(text) <= MAX_LINE:
        return
    lines = text.splitlines()
    if max(map(len, lines)) <= MAX_LINE:
        return
    number = next(number for number, line in enumerate(lines) if len(line) > MAX_LINE)
    mark = yaml.Mark("<unicode string>", 0, number, MAX_LINE, None, 0)
    message = f"this line is {len(lines[number])} characters; the limit is {MAX_LINE}"
    raise LimitError(mark, "file", message)


class _Composer:
    def __init__(self, into: Composition, text: str) -> None:
        self.into = into
        self.text = text
        self.keys: list[yaml.Node | None] = []  # per open mapping: a key waiting for its value
        self.anchors: dict[str, yaml.Node] = {}
        self.flow_depth = 0

    def run(self, parser: _Events) -> None:
        get_event = parser.get_event
        while True:
            event = get_event()
            if isinstance(event, events.ScalarEvent):
                self._scalar(event)
            elif isinstance(event, events.CollectionStartEvent):
                self._start(event)
            elif isinstance(event, events.CollectionEndEvent):
                self._end(event)
            elif isinstance(event, events.AliasEvent):
                self._alias(event)
            elif isinstance(event, events.DocumentStartEvent) and self.into.root is not None:
                raise yaml.composer.ComposerError(
                    "expected a single document in the stream",
                    self.into.root.start_mark,
                    "but found another document",
                    _start_mark(event),
                )
            elif isinstance(event, events.StreamEndEvent):
                return

    def _scalar(self, event: events.ScalarEvent) -> None:
        tag = event.tag
        if tag is None or tag == "!":
            tag = _PLAIN_TAGS.get(event.value, _STR) if event.implicit[0] else _STR
        style = event.style or None  # libyaml says '' for plain, PyYAML None
        start, end = _start_mark(event), _end_mark(event)
        if not event.value and style is None and self._is_flow_value():
            start = end = self._after_colon(start)
        node = yaml.ScalarNode(tag, event.value, start, end, style)
        self._anchor_and_count(event, node)
        if style is not None:
            self.into.quoted_and_block.append(node)
        elif self.flow_depth and "?" in event.value:
            self.into.flow_plain.append(node)
        self._add(node)

    def _is_flow_value(self) -> bool:
        parent = self.into.open[-1] if self.into.open else None
        return bool(parent and parent.flow_style and self.keys[-1] is not None)

    def _after_colon(self, mark: yaml.Mark) -> yaml.Mark:
        """Where PyYAML places an empty value in `{key: , …}`: right after the ':'; libyaml
        places it at the ',' or '}' that follows."""
        index = mark.index
        while index > 0 and self.text[index - 1] in " \t":
            index -= 1
        if index == 0 or self.text[index - 1] != ":" or mark.index - index > mark.column:
            return mark  # no ':' just before on the same line
        return yaml.Mark(mark.name, index, mark.line, mark.column - (mark.index - index), None, 0)

    def _start(self, event: events.CollectionStartEvent) -> None:
        is_mapping = type(event) is events.MappingStartEvent
        default = _MAP if is_mapping else _SEQ
        tag = default if event.tag is None or event.tag == "!" else event.tag
        node_class = yaml.MappingNode if is_mapping else yaml.SequenceNode
        node = node_class(tag, [], _start_mark(event), None, flow_style=event.flow_style)
        self._anchor_and_count(event, node)
        if len(self.into.open) >= MAX_DEPTH:
            message = (
                f"nesting is too deep: more than {MAX_DEPTH} lists and mappings inside each other"
            )
            raise LimitError(_start_mark(event), "yaml", message)
        self._add(node)
        self.into.open.append(node)
        self.keys.append(None)
        self.flow_depth += bool(event.flow_style)

    def _end(self, event: events.CollectionEndEvent) -> None:
        node = self.into.open.pop()
        self.keys.pop()
        node.end_mark = _end_mark(event)
        self.flow_depth -= bool(node.flow_style)

    def _alias(self, event: events.AliasEvent) -> None:
        node = self.anchors.get(event.anchor or "")
        if node is None:
            problem = f"found undefined alias {event.anchor!r}"
            raise yaml.composer.ComposerError(None, None, problem, _start_mark(event))
        parent = self.into.open[-1]  # an alias cannot be the root: nothing is anchored yet
        place = len(parent.value)
        if type(parent) is yaml.MappingNode:
            place = 2 * place + (self.keys[-1] is not None)
        self.into.aliases[id(parent), place] = (_start_mark(event).index, _end_mark(event).index)
        self._add(node)

    def _anchor_and_count(self, event: events.NodeEvent, node: yaml.Node) -> None:
        anchor = event.anchor
        if anchor is not None:
            if anchor in self.anchors:
                raise yaml.composer.ComposerError(
                    f"found duplicate anchor {anchor!r}; first occurrence",
                    self.anchors[anchor].start_mark,
                    "second occurrence",
                    _start_mark(event),
                )
            self.anchors[anchor] = node
        if getattr(event, "tag", None) is not None:
            self.into.tagged.add(id(node))
        self.into.nodes += 1
        if self.into.nodes > MAX_NODES:
            message = f"more than {MAX_NODES} values, lists and mappings; a pack needs far fewer"
            raise LimitError(_start_mark(event), "yaml", message)

    def _add(self, node: yaml.Node) -> None:
        if not self.into.open:
            self.into.root = node
            return
        parent = self.into.open[-1]
        if type(parent) is yaml.SequenceNode:
            parent.value.append(node)
            return
        key = self.keys[-1]
        if key is None:
            self.keys[-1] = node
        else:
            parent.value.append((key, node))
            self.keys[-1] = None


def _start_mark(event: events.Event) -> yaml.Mark:
    """libyaml's marks are a class of its own, with the same fields as PyYAML's."""
    return cast("yaml.Mark", event.start_mark)


def _end_mark(event: events.Event) -> yaml.Mark:
    return cast("yaml.Mark", event.end_mark)
