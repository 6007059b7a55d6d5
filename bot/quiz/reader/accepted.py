"""What a typed or a number question accepts, read from its pack: ``answers:`` and ``match:``,
or ``answer:``, ``tolerance:`` and ``unit:`` (docs/packs.md)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

import yaml

from bot.quiz.answers.typed import normalized
from bot.quiz.model import Kind, Match, NumberAnswer, Text, TypedAnswers
from bot.quiz.reader.yamltree import TreeReader

MAX_ANSWERS = 10  # accepted answers per locale
MAX_ANSWER = 100  # characters of one accepted answer
MAX_NUMBER = 30  # characters of a written number
MAX_UNIT = 20

# The keys each kind of question has beyond the ones all share, and which of them it needs.
KIND_KEYS = {
    Kind.CHOICE: ("options",),
    Kind.TYPED: ("answers", "match"),
    Kind.NUMBER: ("answer", "tolerance", "unit"),
}
KIND_REQUIRED = {Kind.CHOICE: ("options",), Kind.TYPED: ("answers",), Kind.NUMBER: ("answer",)}

TextReader = Callable[[yaml.Node | None, str, str], Text | None]


def kind_of(tree: TreeReader, node: yaml.Node | None, path: str) -> Kind | None:
    """A question's ``kind:``, choice when it has none."""
    if node is None:
        return Kind.CHOICE
    value = tree.string(node, f"{path}.kind")
    if value is None:
        return None
    try:
        return Kind(value)
    except ValueError:
        names = ", ".join(kind.value for kind in Kind)
        tree.report(node, f"{path}.kind", f"'{value}' must be one of {names}")
        return None


def kind_keys_fit(
    tree: TreeReader, node: yaml.Node, fields: dict[str, yaml.Node], kind: Kind, path: str
) -> bool:
    """Whether a question of ``kind`` has its kind's required keys and none of another's."""
    fits = True
    for other, keys in KIND_KEYS.items():
        for key in keys:
            if other is not kind and key in fields:
                message = f"belongs to kind: {other.value} questions; this one is {kind.value}"
                tree.report(fields[key], f"{path}.{key}", message)
                fits = False
    for key in KIND_REQUIRED[kind]:
        if key not in fields:
            tree.report(node, f"{path}.{key}", f"is required in a {kind.value} question")
            fits = False
    return fits


@dataclass
class AcceptedReader:
    tree: TreeReader
    locales: tuple[str, ...]
    text: TextReader  # the loader's reader of a text in every locale

    def typed(self, fields: dict[str, yaml.Node], path: str) -> TypedAnswers | None:
        match = self._match(fields.get("match"), f"{path}.match")
        node = fields["answers"]
        if isinstance(node, yaml.MappingNode):
            entries = self.tree.mapping(node, f"{path}.answers", self.locales, self.locales)
            if entries is None:
                return None
            by_locale = {
                locale: self._answers(entries.get(locale), f"{path}.answers.{locale}")
                for locale in self.locales
            }
        elif len(self.locales) > 1:
            wanted = ", ".join(self.locales)
            message = f"must give the accepted answers for each locale ({wanted})"
            self.tree.report(node, f"{path}.answers", message)
            return None
        else:
            by_locale = {self.locales[0]: self._answers(node, f"{path}.answers")}
        answers = {locale: found for locale, found in by_locale.items() if found is not None}
        if match is None or len(answers) != len(self.locales):
            return None
        return TypedAnswers(answers, self.locales[0], match)

    def _match(self, node: yaml.Node | None, path: str) -> Match | None:
        if node is None:
            return Match.NORMAL
        value = self.tree.string(node, path)
        if value is None:
            return None
        try:
            return Match(value)
        except ValueError:
            names = ", ".join(match.value for match in Match)
            self.tree.report(node, path, f"'{value}' must be one of {names}")
            return None

    def _answers(self, node: yaml.Node | None, path: str) -> tuple[str, ...] | None:
        """One accepted answer, or a list of 1 to MAX_ANSWERS."""
        if node is None:
            return None
        items = [node] if isinstance(node, yaml.ScalarNode) else self.tree.sequence(node, path)
        if items is None:
            return None
        if not 1 <= len(items) <= MAX_ANSWERS:
            self.tree.report(node, path, f"lists {len(items)} answers; give 1 to {MAX_ANSWERS}")
            return None
        answers = [self._answer(item, f"{path}[{i}]") for i, item in enumerate(items)]
        if None in answers:
            return None
        return tuple(answer for answer in answers if answer is not None)

    def _answer(self, node: yaml.Node, path: str) -> str | None:
        value = self.tree.string(node, path)
        if value is None:
            return None
        if len(value) > MAX_ANSWER:
            self.tree.report(node, path, f"is {len(value)} characters; the limit is {MAX_ANSWER}")
            return None
        if not normalized(value):
            self.tree.report(node, path, f"'{value}' is only punctuation, which no match compares")
            return None
        return value

    def number(self, fields: dict[str, yaml.Node], path: str) -> NumberAnswer | None:
        value = self._number(fields["answer"], f"{path}.answer")
        tolerance = (
            self._number(fields["tolerance"], f"{path}.tolerance")
            if "tolerance" in fields
            else Decimal(0)
        )
        if tolerance is not None and tolerance < 0:
            self.tree.report(fields["tolerance"], f"{path}.tolerance", "must not be negative")
            tolerance = None
        unit = self.text(fields["unit"], f"{path}.unit", "unit") if "unit" in fields else None
        if value is None or tolerance is None or ("unit" in fields and unit is None):
            return None
        return NumberAnswer(value, tolerance, unit)

    def _number(self, node: yaml.Node, path: str) -> Decimal | None:
        """A number as written (``3.5``, ``-12``, ``1e-3``): read as a decimal, never as a float,
        so that ``0.1`` is exactly a tenth."""
        written = self.tree.string(node, path)
        if written is None:
            return None
        try:
            number = Decimal(written) if len(written) <= MAX_NUMBER else None
        except InvalidOperation:
            number = None
        if number is None or not number.is_finite():
            self.tree.report(node, path, f"'{written[:MAX_NUMBER]}' is not a number such as 3.5")
            return None
        return number
