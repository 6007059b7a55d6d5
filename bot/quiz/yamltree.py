"""Reading a composed YAML node tree strictly, collecting every problem with its position.

The loader never constructs Python objects from YAML: it composes the node tree with PyYAML's
safe loader and reads scalars itself, so no tag can instantiate anything.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection
from dataclasses import dataclass, field

import yaml

from bot.quiz.problems import PackError, Problem

_STANDARD = "tag:yaml.org,2002:"
# Scalars an author may have meant as text: `Yes`, `42` or `2024-01-01` are read as written.
_TEXTUAL_TAGS = frozenset(
    _STANDARD + name for name in ("str", "int", "float", "bool", "timestamp", "binary")
)
_ALLOWED_TAGS = _TEXTUAL_TAGS | {_STANDARD + "null", _STANDARD + "map", _STANDARD + "seq"}
_TRUE = frozenset({"true", "yes", "on"})
_FALSE = frozenset({"false", "no", "off"})


def compose(text: str, source: str) -> yaml.Node | None:
    """The node tree of a single-document YAML text; raises PackError for unreadable YAML."""
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = error.problem or error.context or "unreadable YAML"
        if error.context and what.startswith("but "):  # "...: but found another document"
            what = f"{error.context}, {what}"
        raise PackError([Problem(source, line, column, "yaml", what)]) from None
    except yaml.YAMLError as error:
        raise PackError([Problem(source, 1, 1, "yaml", str(error))]) from None
    except RecursionError:
        raise PackError([Problem(source, 1, 1, "yaml", "nesting is too deep")]) from None


@dataclass
class TreeReader:
    """Reads nodes as the shapes a pack expects; each mismatch becomes a Problem."""

    source: str
    problems: list[Problem] = field(default_factory=list)

    def report(self, node: yaml.Node, path: str, message: str) -> None:
        mark = node.start_mark
        field_path = path or "pack"  # the file's top level
        self.problems.append(
            Problem(self.source, mark.line + 1, mark.column + 1, field_path, message)
        )

    def known_tag(self, node: yaml.Node, path: str) -> bool:
        if node.tag in _ALLOWED_TAGS:
            return True
        self.report(node, path, f"unsupported YAML tag {node.tag}")
        return False

    def mapping(
        self,
        node: yaml.Node,
        path: str,
        allowed: Collection[str],
        required: Collection[str] = (),
    ) -> dict[str, yaml.Node] | None:
        """The keys of a mapping node; reports unknown, duplicate and missing keys."""
        if not self.known_tag(node, path):
            return None
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
                self.report(key_node, key_path, unknown_key_message(key, allowed))
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
        if not self.known_tag(node, path):
            return None
        if not isinstance(node, yaml.SequenceNode):
            self.report(node, path, "must be a list")
            return None
        return list(node.value)

    def string(self, node: yaml.Node, path: str) -> str | None:
        """A non-empty scalar, stripped of surrounding white space."""
        if not self.known_tag(node, path):
            return None
        if not isinstance(node, yaml.ScalarNode):
            self.report(node, path, "must be text, not a mapping or a list")
            return None
        value = str(node.value).strip() if node.tag in _TEXTUAL_TAGS else ""
        if not value:
            self.report(node, path, "is empty")
            return None
        return value

    def boolean(self, node: yaml.Node, path: str) -> bool | None:
        if not self.known_tag(node, path):
            return None
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


def _listing(names: Collection[str]) -> str:
    return ", ".join(names)
