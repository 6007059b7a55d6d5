"""Reading a composed YAML node tree strictly, collecting every problem with its position.

The loader never constructs Python objects from YAML: it composes the node tree with PyYAML's
safe loader and reads scalars itself, so nothing in a pack can instantiate anything; YAML tags
are refused outright. Unreadable YAML is reported with a hint at the slip (see yamlhints).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field

import yaml

from bot.quiz.reader import yamlcompose
from bot.quiz.reader.cleantext import described, first_refused, refusal
from bot.quiz.reader.problems import MAX_PROBLEMS, PackError, Problem, TooManyProblems, stop_note
from bot.quiz.reader.yamlcompose import Composition, LimitError, without_bom
from bot.quiz.reader.yamlhints import explain
from bot.quiz.reader.yamllines import Lines
from bot.quiz.reader.yamlscalar import character_place
from bot.quiz.reader.yamlstrict import first_stricter, pyyaml_error

_STANDARD = "tag:yaml.org,2002:"
# Scalars an author may have meant as text: `Yes`, `42` or `2024-01-01` are read as written. With
# explicit tags refused, every tag left is one PyYAML resolved from how a scalar looks.
_TEXTUAL_TAGS = frozenset(
    _STANDARD + name for name in ("str", "int", "float", "bool", "timestamp", "merge", "value")
)
_TRUE = frozenset({"true", "yes", "on"})
_FALSE = frozenset({"false", "no", "off"})
_WRITTEN_TAG = re.compile(r"(?:&\S+[ \t]+)?(!\S*)")


def compose(text: str, source: str) -> yaml.Node | None:
    """The node tree of a single-document YAML text; raises PackError for unreadable YAML and
    for a text past a bound (yamlcompose: nodes, nesting, line length).

    Tags are refused: a pack means the same in every YAML reader, and nothing in it is typed.
    """
    text = without_bom(text)
    composition = Composition()
    try:
        root = _compose(text, composition)
    except yaml.MarkedYAMLError as error:
        raise PackError([_syntax_problem(text, source, error)]) from None
    except LimitError as error:
        line, column = error.mark.line + 1, error.mark.column + 1
        raise PackError([Problem(source, line, column, error.field, error.message)]) from None
    except yaml.reader.ReaderError as error:
        line, column = _position(text, error.position)
        what = f"{described(chr(error.character))} is not allowed in a YAML file; remove it"
        raise PackError([Problem(source, line, column, "yaml", what)]) from None
    except yaml.YAMLError as error:
        raise PackError([Problem(source, 1, 1, "yaml", str(error))]) from None
    except ValueError:  # only PyYAML's own parser, without libyaml: `\U00110000` to chr()
        what = "an escape in a quoted text is past U+10FFFF, the last character there is"
        raise PackError([Problem(source, 1, 1, "yaml", what)]) from None
    if root is not None and composition.tagged:
        raise PackError(_tag_problems(text, source, root, composition.tagged))
    return root


def _compose(text: str, composition: Composition) -> yaml.Node | None:
    """libyaml's tree, or PyYAML's first error where PyYAML reads the text otherwise."""
    try:
        yamlcompose.compose(text, composition)
    except yaml.MarkedYAMLError as error:
        raise _first_error(text, composition, error) or error from None
    refusal = _first_error(text, composition, None)
    if refusal is not None:
        raise refusal
    return composition.root


def _first_error(
    text: str, composition: Composition, error: yaml.MarkedYAMLError | None
) -> yaml.MarkedYAMLError | None:
    """The error PyYAML's parser raises first: one where it is stricter than libyaml before
    ``error``, else ``error`` (libyaml's in PyYAML's words, where PyYAML agrees nearby)."""
    stricter = first_stricter(text, composition)
    if error is None:
        return None if stricter is None else pyyaml_error(text, composition, stricter)
    mark = error.problem_mark or error.context_mark
    at = len(text) if mark is None else mark.index
    if stricter is not None and stricter < at:
        found = pyyaml_error(text, composition, stricter)
        if found is not None:
            return found
    if isinstance(error, yaml.composer.ComposerError):
        return error  # the composer's own errors are in PyYAML's words already
    return pyyaml_error(text, composition, at) or error


def _syntax_problem(text: str, source: str, error: yaml.MarkedYAMLError) -> Problem:
    """The hint for the slip, where to fix it, then PyYAML's own words and position."""
    mark = error.problem_mark or error.context_mark
    line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    what = error.problem or error.context or "unreadable YAML"
    if error.context and what.startswith("but "):  # "...: but found another document"
        what = f"{error.context}, {what}"
    elif error.context and error.context_mark and not error.context.startswith("while"):
        what = f"{error.context} at line {error.context_mark.line + 1}, {what}"  # two places
    hint = explain(text, error)
    if hint is None:
        return Problem(source, line, column, "yaml", what)
    where = "" if (hint.line + 1, hint.column + 1) == (line, column) else f" at {line}:{column}"
    message = f"{hint.message} (PyYAML: {what}{where})"
    return Problem(source, hint.line + 1, hint.column + 1, "yaml", message)


def _position(text: str, index: int) -> tuple[int, int]:
    lines = Lines(text[:index])
    return len(lines.lines), len(lines.lines[-1]) + 1


def _tag_problems(text: str, source: str, root: yaml.Node, tagged: set[int]) -> list[Problem]:
    lines = Lines(text)
    problems = []
    for node, path in _walk(root):
        if id(node) not in tagged:
            continue
        mark = node.start_mark
        written = _WRITTEN_TAG.match(lines.text_of(mark.line), mark.column)
        tag, column = (written.group(1)[:40], written.start(1)) if written else ("", mark.column)
        message = (
            f"tags are not allowed ({tag}); remove it, and put a value that must stay text in "
            "quotes, as in '42'"
        )
        problems.append(Problem(source, mark.line + 1, column + 1, path or "pack", message))
        if len(problems) == MAX_PROBLEMS:
            problems.append(stop_note(source, mark.line + 1, column + 1))
            break
    return problems


def _walk(root: yaml.Node) -> Iterator[tuple[yaml.Node, str]]:
    """Every node once, with its field path; aliases may repeat or even enclose a node."""
    seen: set[int] = set()
    pending: list[tuple[yaml.Node, str]] = [(root, "")]
    while pending:
        node, path = pending.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        yield node, path
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                key_path = join(path, str(key.value) if isinstance(key, yaml.ScalarNode) else "?")
                pending += [(key, key_path), (value, key_path)]
        elif isinstance(node, yaml.SequenceNode):
            pending += [(item, f"{path}[{index}]") for index, item in enumerate(node.value)]


@dataclass
class TreeReader:
    """Reads nodes as the shapes a pack expects; each mismatch becomes a Problem. Raises
    TooManyProblems at the MAX_PROBLEMS-th, so that an alias repeating a broken node into
    every question costs no more than listing the first problems."""

    source: str
    text: str = ""  # the YAML text the nodes come from, to place a problem inside a scalar
    problems: list[Problem] = field(default_factory=list)

    def report(self, node: yaml.Node, path: str, message: str) -> None:
        mark = node.start_mark
        self.report_at(mark.line + 1, mark.column + 1, path, message)

    def report_at(self, line: int, column: int, path: str, message: str) -> None:
        field_path = path or "pack"  # the file's top level
        self.problems.append(Problem(self.source, line, column, field_path, message))
        if len(self.problems) >= MAX_PROBLEMS:
            self.problems.append(stop_note(self.source, line, column))
            raise TooManyProblems

    def mapping(
        self,
        node: yaml.Node,
        path: str,
        allowed: Collection[str],
        required: Collection[str] = (),
    ) -> dict[str, yaml.Node] | None:
        """The keys of a mapping node; reports unknown, duplicate and missing keys."""
        if not isinstance(node, yaml.MappingNode):
            self.report(node, path, f"must be a mapping with {_listing(allowed)}")
            return None
        entries: dict[str, yaml.Node] = {}
        for key_node, value_node in node.value:
            key = self.key(key_node, path)
            if key is None:
                continue
            key_path = join(path, key)
            if key in entries:
                first = entries[key].start_mark
                self.report(key_node, key_path, f"duplicate key (first at line {first.line + 1})")
            elif key not in allowed:
                message = _slip_in_key(key, allowed, node, value_node)
                self.report(key_node, key_path, message or unknown_key_message(key, allowed))
            else:
                entries[key] = value_node
        for key in required:
            if key not in entries:
                self.report(node, join(path, key), "is required")
        return entries

    def key(self, node: yaml.Node, path: str) -> str | None:
        if isinstance(node, yaml.ScalarNode) and node.tag in _TEXTUAL_TAGS:
            return str(node.value)
        self.report(node, path, "keys must be plain names")
        return None

    def sequence(self, node: yaml.Node, path: str) -> list[yaml.Node] | None:
        if not isinstance(node, yaml.SequenceNode):
            self.report(node, path, "must be a list")
            return None
        return list(node.value)

    def string(self, node: yaml.Node, path: str, *, long: bool = False) -> str | None:
        """A non-empty scalar, stripped of surrounding white space, holding only characters a
        text may hold (bot/quiz/reader/cleantext.py; ``long`` for the long texts)."""
        if not isinstance(node, yaml.ScalarNode):
            self.report(node, path, "must be text, not a mapping or a list")
            return None
        written = str(node.value) if node.tag in _TEXTUAL_TAGS else ""
        value = written.strip()
        if not value:
            self.report(node, path, "is empty")
            return None
        refused = first_refused(value, long=long)
        if refused is not None:
            lead = len(written) - len(written.lstrip())
            line, column = character_place(self.text, node, lead + refused)
            self.report_at(line, column, path, refusal(value[refused]))
            return None
        return value

    def boolean(self, node: yaml.Node, path: str) -> bool | None:
        word = str(node.value).lower() if isinstance(node, yaml.ScalarNode) else ""
        if node.tag == _STANDARD + "bool" and word in _TRUE | _FALSE:
            return word in _TRUE
        self.report(node, path, "must be true or false")
        return None


def join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def unknown_key_message(key: str, allowed: Collection[str]) -> str:
    close = difflib.get_close_matches(key, sorted(allowed), n=1, cutoff=0.6)
    hint = f"did you mean '{close[0]}'?" if close else f"expected one of {_listing(allowed)}"
    return f"unknown key '{key}'; {hint}"


def _slip_in_key(
    key: str, allowed: Collection[str], mapping: yaml.MappingNode, value: yaml.Node
) -> str | None:
    """A key that is really a slip in YAML: `en:x` for `en: x`, or a text cut at a comma."""
    name, colon, rest = key.partition(":")
    if colon and name in allowed and rest and not rest[0].isspace():
        return f"unknown key '{key}'; put a space after the ':' ({name}: {rest})"
    if mapping.flow_style and value.tag == _STANDARD + "null" and not value.value:
        return f"unknown key '{key}'; a ',' ends a text inside {{…}}, so quote a text with ','"
    return None


def _listing(names: Collection[str]) -> str:
    return ", ".join(names)
