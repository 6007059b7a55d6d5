"""A pack written as the YAML the loader reads (docs/packs.md): for
`/quiz pack export`, so a server can move its packs and an author can go on in an editor, and
for imported questions, which are stored as the pack they make.

Keys come in the order docs/packs.md shows them; a one-locale pack's texts are plain strings,
others a mapping by locale; a text of several lines is a literal block, as an author would
write it. Loading what ``pack_yaml`` writes gives the same pack (comments of the file it was
loaded from are not kept: the pack holds none); a question's picture is written as its file's
name and alt text, the picture itself going beside the YAML (bot/app/packs/exports.py).
A typed question's ``match:`` and a number's ``tolerance:`` are written only when not the
default; numbers exactly, as the loader reads them back (never through a float).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any, cast

import yaml

from bot.quiz.model import Guide, Match, NumberAnswer, Option, Pack, Question, Text, TypedAnswers

WIDTH = 100


class _PackDumper(yaml.SafeDumper):
    """Lists indented under their key, as docs/packs.md writes them."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:  # noqa: ARG002, FBT001, FBT002
        super().increase_indent(flow, indentless=False)


def _text_block(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


def number_text(value: Decimal) -> str:
    """A finite number written so the loader reads it back as the same Decimal: the shortest
    of its plain (``0.25``), scientific (``1E-7``) and whole-coefficient (``25e30``) forms, so
    that a number the loader took (at most MAX_NUMBER characters as written) fits again."""
    sign, digits, exponent = value.as_tuple()
    coefficient = ("-" if sign else "") + "".join(map(str, digits))
    return min((format(value, "f"), str(value), f"{coefficient}e{exponent}"), key=len)


def _number(dumper: yaml.SafeDumper, value: Decimal) -> yaml.ScalarNode:
    """A plain scalar (``answer: 1.5``, not ``'1.5'``): tagged as YAML resolves its text, so
    the emitter need not quote it; the loader reads a number's text, whatever its tag."""
    text = number_text(value)
    resolve = cast("Callable[[type[yaml.Node], str, tuple[bool, bool]], str]", dumper.resolve)
    return dumper.represent_scalar(resolve(yaml.ScalarNode, text, (True, False)), text)


_PackDumper.add_representer(str, _text_block)
_PackDumper.add_representer(Decimal, _number)


def yaml_text(document: dict[str, Any]) -> str:
    """A pack document (as the importers build it) as YAML."""
    dumped = yaml.dump(
        document, Dumper=_PackDumper, allow_unicode=True, sort_keys=False, width=WIDTH
    )
    return str(dumped)


def pack_yaml(pack: Pack, pack_id: str) -> str:
    """``pack`` as YAML under the id ``pack_id`` (a server pack's id as members see it)."""
    document: dict[str, Any] = {
        "id": pack_id,
        "locales": list(pack.locales),
        "title": _text(pack, pack.title),
        "summary": _text(pack, pack.summary),
        "difficulty": pack.difficulty.value,
    }
    if pack.guide is not None:
        document["guide"] = _guide(pack, pack.guide)
    document["questions"] = [_question(pack, question) for question in pack.questions]
    return yaml_text(document)


def _text(pack: Pack, text: Text) -> str | dict[str, str]:
    if len(pack.locales) == 1:
        return text.by_locale[pack.locales[0]]
    return {locale: text.by_locale[locale] for locale in pack.locales}


def _guide(pack: Pack, guide: Guide) -> dict[str, Any]:
    written: dict[str, Any] = {"title": _text(pack, guide.title)}
    if guide.url is not None:
        written["url"] = guide.url
    return written


def _question(pack: Pack, question: Question) -> dict[str, Any]:
    written: dict[str, Any] = {"id": question.id}
    if question.accepts is not None:
        written["kind"] = question.kind.value
    written["prompt"] = _text(pack, question.prompt)
    if question.image is not None:  # the file's name: the picture itself travels beside it
        written["image"] = question.image.file
        written["image_alt"] = _text(pack, question.image.alt)
    written.update(_answered(pack, question))
    written["explanation"] = _text(pack, question.explanation)
    return written


def _answered(pack: Pack, question: Question) -> dict[str, Any]:
    """What a member answers with: options, or the typed answers or number accepted."""
    accepts = question.accepts
    if isinstance(accepts, TypedAnswers):
        written: dict[str, Any] = {"answers": _answers(pack, accepts)}
        if accepts.match is not Match.NORMAL:
            written["match"] = accepts.match.value
        return written
    if isinstance(accepts, NumberAnswer):
        written = {"answer": accepts.value}
        if accepts.tolerance:
            written["tolerance"] = accepts.tolerance
        if accepts.unit is not None:
            written["unit"] = _text(pack, accepts.unit)
        return written
    return {"options": [_option(pack, option) for option in question.options]}


def _answers(pack: Pack, accepts: TypedAnswers) -> list[str] | dict[str, list[str]]:
    if len(pack.locales) == 1:
        return list(accepts.by_locale[pack.locales[0]])
    return {locale: list(accepts.by_locale[locale]) for locale in pack.locales}


def _option(pack: Pack, option: Option) -> dict[str, Any]:
    written: dict[str, Any] = {"text": _text(pack, option.text)}
    if option.correct:
        written["correct"] = True
    if option.why is not None:
        written["why"] = _text(pack, option.why)
    return written
