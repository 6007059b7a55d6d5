"""A pack written as the YAML the loader reads (docs/packs.md): for
`/quiz pack export`, so a server can move its packs and an author can go on in an editor, and
for imported questions, which are stored as the pack they make.

Keys come in the order docs/packs.md shows them; a one-locale pack's texts are plain strings,
others a mapping by locale; a text of several lines is a literal block, as an author would
write it. Loading what ``pack_yaml`` writes gives the same pack (comments of the file it was
loaded from are not kept: the pack holds none); a question's picture is written as its file's
name and alt text, the picture itself going beside the YAML (bot/app/packs/exports.py).
"""

from __future__ import annotations

from typing import Any

import yaml

from bot.quiz.model import Guide, Option, Pack, Question, Text

WIDTH = 100


class _PackDumper(yaml.SafeDumper):
    """Lists indented under their key, as docs/packs.md writes them."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:  # noqa: ARG002, FBT001, FBT002
        super().increase_indent(flow, indentless=False)


def _text_block(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_PackDumper.add_representer(str, _text_block)


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
    written: dict[str, Any] = {"id": question.id, "prompt": _text(pack, question.prompt)}
    if question.image is not None:  # the file's name: the picture itself travels beside it
        written["image"] = question.image.file
        written["image_alt"] = _text(pack, question.image.alt)
    written["options"] = [_option(pack, option) for option in question.options]
    written["explanation"] = _text(pack, question.explanation)
    return written


def _option(pack: Pack, option: Option) -> dict[str, Any]:
    written: dict[str, Any] = {"text": _text(pack, option.text)}
    if option.correct:
        written["correct"] = True
    if option.why is not None:
        written["why"] = _text(pack, option.why)
    return written
