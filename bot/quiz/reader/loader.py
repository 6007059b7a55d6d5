"""The quiz-pack loader: YAML bytes in, an immutable Pack out, or a PackError listing every problem.

The format is a user-facing contract, documented in docs/packs.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

import yaml

from bot.english import counted
from bot.quiz.model import Difficulty, Guide, Image, Kind, Option, Pack, Question, Text
from bot.quiz.reader.accepted import MAX_UNIT, AcceptedReader, kind_keys_fit, kind_of
from bot.quiz.reader.cleantext import LONG_TEXTS
from bot.quiz.reader.pictures import MAX_ALT, image_file_problem
from bot.quiz.reader.problems import PackError, Problem, TooManyProblems
from bot.quiz.reader.yamlcompose import without_bom
from bot.quiz.reader.yamltree import TreeReader, compose

MAX_FILE_BYTES = 1024 * 1024
MAX_PACK_BYTES = 256 * 1024  # a server's uploaded pack
MAX_QUESTIONS = 200
MAX_LOCALES = 32  # as many as Discord has; every text is checked for each
MIN_OPTIONS, MAX_OPTIONS = 2, 5
MAX_URL = 512  # Discord's limit for a link button's url
LIMITS = {
    "title": 100,
    "summary": 300,
    "prompt": 1000,
    "option": 200,
    "explanation": 1500,
    "why": 500,
    "image_alt": MAX_ALT,
    "unit": MAX_UNIT,
}

SLUG = re.compile(r"[a-z0-9-]{1,40}")
LOCALE = re.compile(r"[a-z]{2,3}(-[A-Z]{2})?")

# The keys of each mapping and the required ones (bot/quiz/reader/schema.py: the same rules).
PACK_KEYS = ("id", "locales", "title", "summary", "difficulty", "guide", "questions")
PACK_REQUIRED = ("id", "locales", "title", "summary", "difficulty", "questions")
QUESTION_KEYS = (
    *("id", "kind", "prompt", "image", "image_alt", "options"),
    *("answers", "match", "answer", "tolerance", "unit", "explanation"),
)
QUESTION_REQUIRED = ("id", "prompt", "explanation")  # and each kind's own (reader/accepted.py)
OPTION_KEYS = ("text", "correct", "why")
OPTION_REQUIRED = ("text",)
GUIDE_KEYS = ("title", "url")
GUIDE_REQUIRED = ("title",)
URL_SCHEMES = ("http", "https")


def slug_problem(value: str) -> str | None:
    """What is wrong with ``value`` as a pack or question id, or None if it is a good one."""
    if SLUG.fullmatch(value):
        return None
    return f"'{value}' must be 1 to 40 characters of a-z, 0-9 and -"


def parse_pack(data: bytes, source: str) -> Pack:
    """Reads one pack file's bytes; ``source`` names the file in problem messages."""
    if len(data) > MAX_FILE_BYTES:
        size = f"{len(data) / MAX_FILE_BYTES:.1f} MiB"
        raise PackError([Problem(source, 1, 1, "file", f"is {size}; the limit is 1 MiB")])
    try:
        text = without_bom(data.decode("utf-8"))
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise PackError([Problem(source, line, 1, "file", "is not valid UTF-8")]) from None
    root = compose(text, source)
    if root is None:
        raise PackError([Problem(source, 1, 1, "file", "is empty; a pack is a YAML mapping")])
    reader = _PackReader(TreeReader(source, text))
    try:
        pack = reader.pack(root)
    except TooManyProblems:
        pack = None
    if reader.tree.problems or pack is None:
        raise PackError(reader.tree.problems)
    return pack


@dataclass
class _PackReader:
    tree: TreeReader
    locales: tuple[str, ...] | None = None

    def pack(self, root: yaml.Node) -> Pack | None:
        fields = self.tree.mapping(root, "", PACK_KEYS, PACK_REQUIRED)
        if fields is None:
            return None
        locales = self.locales = self._locales(fields.get("locales"))
        pack_id = self._slug(fields.get("id"), "id")
        title = self._text(fields.get("title"), "title", "title")
        summary = self._text(fields.get("summary"), "summary", "summary")
        difficulty = self._difficulty(fields.get("difficulty"))
        guide = self._guide(fields["guide"]) if "guide" in fields else None
        questions = self._questions(fields.get("questions"))
        if (
            pack_id is None
            or locales is None
            or title is None
            or summary is None
            or difficulty is None
            or questions is None
            or ("guide" in fields and guide is None)
        ):
            return None
        return Pack(
            id=pack_id,
            locales=locales,
            title=title,
            summary=summary,
            difficulty=difficulty,
            questions=questions,
            guide=guide,
            source=self.tree.source,
        )

    def _locales(self, node: yaml.Node | None) -> tuple[str, ...] | None:
        items = None if node is None else self.tree.sequence(node, "locales")
        if node is None or items is None:
            return None
        if not 1 <= len(items) <= MAX_LOCALES:
            many = f"lists {len(items)} locales; the limit is {MAX_LOCALES}"
            self.tree.report(node, "locales", many if items else "must list at least one locale")
            return None
        locales: list[str] = []
        for index, item in enumerate(items):
            path = f"locales[{index}]"
            locale = self.tree.string(item, path)
            if locale is None:
                return None
            if not LOCALE.fullmatch(locale):
                self.tree.report(item, path, f"'{locale}' is not a locale such as en, el or pt-BR")
                return None
            if locale in locales:
                self.tree.report(item, path, f"'{locale}' is listed twice")
                return None
            locales.append(locale)
        return tuple(locales)

    def _slug(self, node: yaml.Node | None, path: str) -> str | None:
        value = None if node is None else self.tree.string(node, path)
        if node is None or value is None:
            return None
        problem = slug_problem(value)
        if problem is not None:
            self.tree.report(node, path, problem)
            return None
        return value

    def _difficulty(self, node: yaml.Node | None) -> Difficulty | None:
        value = None if node is None else self.tree.string(node, "difficulty")
        if node is None or value is None:
            return None
        try:
            return Difficulty(value)
        except ValueError:
            names = ", ".join(level.value for level in Difficulty)
            self.tree.report(node, "difficulty", f"'{value}' must be one of {names}")
            return None

    def _text(self, node: yaml.Node | None, path: str, kind: str) -> Text | None:
        """A text in every pack locale: a mapping by locale, or a string for a one-locale pack.
        ``kind`` names its limit (LIMITS) and whether it is a long text (LONG_TEXTS)."""
        if node is None or self.locales is None:  # a broken locales list is reported already
            return None
        if isinstance(node, yaml.ScalarNode):
            return self._single_text(node, path, kind)
        entries = self.tree.mapping(node, path, self.locales, self.locales)
        if entries is None:
            return None
        texts = {
            locale: self._string(entries.get(locale), f"{path}.{locale}", kind)
            for locale in self.locales
        }
        values = {locale: text for locale, text in texts.items() if text is not None}
        if len(values) != len(self.locales):
            return None
        return Text.of(values, self.locales[0])

    def _single_text(self, node: yaml.ScalarNode, path: str, kind: str) -> Text | None:
        value = self._string(node, path, kind)
        if value is None or self.locales is None:
            return None
        if len(self.locales) > 1:
            wanted = ", ".join(self.locales)
            self.tree.report(node, path, f"must give a text for each locale ({wanted})")
            return None
        return Text.of({self.locales[0]: value}, self.locales[0])

    def _string(self, node: yaml.Node | None, path: str, kind: str) -> str | None:
        long = kind in LONG_TEXTS
        value = None if node is None else self.tree.string(node, path, long=long)
        if node is None or value is None:
            return None
        limit = LIMITS.get(kind, MAX_URL)
        if len(value) > limit:
            self.tree.report(node, path, f"is {len(value)} characters; the limit is {limit}")
            return None
        return value

    def _guide(self, node: yaml.Node) -> Guide | None:
        fields = self.tree.mapping(node, "guide", GUIDE_KEYS, GUIDE_REQUIRED)
        if fields is None:
            return None
        title = self._text(fields.get("title"), "guide.title", "title")
        url = self._url(fields["url"]) if "url" in fields else None
        if title is None or ("url" in fields and url is None):
            return None
        return Guide(title=title, url=url)

    def _url(self, node: yaml.Node) -> str | None:
        value = self._string(node, "guide.url", "url")
        if value is None:
            return None
        try:
            parts = urlsplit(value)
        except ValueError:  # an unbalanced [ of an IPv6 host, say
            parts = urlsplit("")
        if parts.scheme not in URL_SCHEMES or not parts.netloc:
            self.tree.report(node, "guide.url", f"'{value}' must be an http:// or https:// address")
            return None
        return value

    def _questions(self, node: yaml.Node | None) -> tuple[Question, ...] | None:
        items = None if node is None else self.tree.sequence(node, "questions")
        if node is None or items is None:
            return None
        if not 1 <= len(items) <= MAX_QUESTIONS:
            message = f"has {counted(len(items), 'question')}; a pack has 1 to {MAX_QUESTIONS}"
            self.tree.report(node, "questions", message)
            return None
        questions = [self._question(item, f"questions[{i}]") for i, item in enumerate(items)]
        self._report_duplicate_ids(items)
        if None in questions:
            return None
        return tuple(q for q in questions if q is not None)

    def _report_duplicate_ids(self, items: list[yaml.Node]) -> None:
        """Reads the ids straight from the nodes, so a clash shows even in a broken question."""
        first_seen: dict[str, yaml.Node] = {}
        for index, item in enumerate(items):
            id_node = _value_of(item, "id")
            if not isinstance(id_node, yaml.ScalarNode):
                continue
            question_id = str(id_node.value)
            if question_id not in first_seen:
                first_seen[question_id] = id_node
                continue
            mark = first_seen[question_id].start_mark
            first = f"{self.tree.source}:{mark.line + 1}:{mark.column + 1}"
            message = f"duplicate question id '{question_id}' (first used at {first})"
            self.tree.report(id_node, f"questions[{index}].id", message)

    def _question(self, node: yaml.Node, path: str) -> Question | None:
        fields = self.tree.mapping(node, path, QUESTION_KEYS, QUESTION_REQUIRED)
        if fields is None:
            return None
        question_id = self._slug(fields.get("id"), f"{path}.id")
        prompt = self._text(fields.get("prompt"), f"{path}.prompt", "prompt")
        explanation = self._text(fields.get("explanation"), f"{path}.explanation", "explanation")
        pictured = "image" in fields or "image_alt" in fields
        image = self._image(fields, path) if pictured else None
        kind = kind_of(self.tree, fields.get("kind"), path)
        fits = kind is not None and kind_keys_fit(self.tree, node, fields, kind, path)
        if kind is None or not fits or self.locales is None:
            return None
        accepted = AcceptedReader(self.tree, self.locales, self._text)
        accepts = (
            accepted.typed(fields, path)
            if kind is Kind.TYPED
            else accepted.number(fields, path)
            if kind is Kind.NUMBER
            else None
        )
        options = (
            self._options(fields.get("options"), f"{path}.options") if kind is Kind.CHOICE else ()
        )
        if question_id is None or prompt is None or options is None or explanation is None:
            return None
        if (pictured and image is None) or (kind is not Kind.CHOICE and accepts is None):
            return None
        return Question(question_id, prompt, options, explanation, image, accepts)

    def _options(self, node: yaml.Node | None, path: str) -> tuple[Option, ...] | None:
        items = None if node is None else self.tree.sequence(node, path)
        if node is None or items is None:
            return None
        if not MIN_OPTIONS <= len(items) <= MAX_OPTIONS:
            has = counted(len(items), "option")
            message = f"has {has}; a question has {MIN_OPTIONS} to {MAX_OPTIONS}"
            self.tree.report(node, path, message)
            return None
        options = [self._option(item, f"{path}[{i}]") for i, item in enumerate(items)]
        if None in options:
            return None
        chosen = [option for option in options if option is not None]
        right = sum(option.correct for option in chosen)
        if not 0 < right < len(chosen):  # one right (or several: all that apply), one wrong
            says = "none is" if not right else "all are"
            message = f"at least one option must be correct: true, and one not; {says}"
            self.tree.report(node, path, message)
            return None
        return tuple(chosen)

    def _option(self, node: yaml.Node, path: str) -> Option | None:
        fields = self.tree.mapping(node, path, OPTION_KEYS, OPTION_REQUIRED)
        if fields is None:
            return None
        text = self._text(fields.get("text"), f"{path}.text", "option")
        correct = (
            self.tree.boolean(fields["correct"], f"{path}.correct")
            if "correct" in fields
            else False
        )
        why = self._text(fields["why"], f"{path}.why", "why") if "why" in fields else None
        if text is None or correct is None or ("why" in fields and why is None):
            return None
        return Option(text=text, correct=correct, why=why)

    def _image(self, fields: dict[str, yaml.Node], path: str) -> Image | None:
        """A question's picture, named by file, with its alt text: both or neither. Only the
        name is checked here; the file itself by bot/quiz/packs/pack_pictures.py."""
        file_node, alt_node = fields.get("image"), fields.get("image_alt")
        if file_node is None or alt_node is None:
            if alt_node is not None:
                message = "is the alt text of an image; give the image too, or remove it"
                self.tree.report(alt_node, f"{path}.image_alt", message)
            if file_node is not None:
                message = "needs image_alt: what the picture shows, in every locale"
                self.tree.report(file_node, f"{path}.image", message)
            return None
        file = self.tree.string(file_node, f"{path}.image")
        problem = None if file is None else image_file_problem(file)
        if problem is not None:
            self.tree.report(file_node, f"{path}.image", problem)
        alt = self._text(alt_node, f"{path}.image_alt", "image_alt")
        if file is None or problem is not None or alt is None:
            return None
        mark = file_node.start_mark
        return Image(file, alt, line=mark.line + 1, column=mark.column + 1)


def _value_of(node: yaml.Node, key: str) -> yaml.Node | None:
    if not isinstance(node, yaml.MappingNode):
        return None
    return next((value for k, value in node.value if k.value == key), None)
