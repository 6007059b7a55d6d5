"""The inputs of bench/loader/benchmark.py: each kind's worst as large as a given size, and whether
the loader accepts it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass

from bot.quiz.reader.loader import MAX_QUESTIONS
from bot.quiz.reader.yamlcompose import MAX_DEPTH, MAX_LINE

HEAD = "id: worst\nlocales: [en, el]\ntitle: {en: Worst, el: Χειρότερο}\n"
HEAD += "summary: {en: The worst., el: Το χειρότερο.}\ndifficulty: hard\n"
LINE = MAX_LINE // 2  # how long the repeating inputs' lines are, well within the bound
_SCALES = (1.0, 0.8, 0.6, 0.45, 0.3, 0.2, 0.1)  # of the texts' longest, down to fit a size


@dataclass(frozen=True)
class Worst:
    """An input of about ``size`` bytes (never more) and whether the loader accepts it."""

    make: Callable[[int], str]
    _: KW_ONLY
    accepted: bool
    what: str


def _fill(head: str, unit: str, tail: str, size: int, *, per_line: int = 0) -> str:
    """``head``, as many ``unit`` as fit in ``size`` bytes with ``tail``, a line break after
    every ``per_line`` units (0: none)."""
    room = size - len(head.encode()) - len(tail.encode())
    unit_bytes = len(unit.encode()) + (1 / per_line if per_line else 0)
    count = max(0, int(room // unit_bytes))
    body = "".join(
        unit + ("\n" if per_line and (index + 1) % per_line == 0 else "") for index in range(count)
    )
    return head + body + tail


def _question(index: int, text: Callable[[str, int], str]) -> str:
    options = "".join(
        f"      - text: {{en: {text('option', 60)}, el: {text('επιλογή', 60)}}}\n"
        + ("        correct: true\n" if number == 0 else "")
        + f"        why: {{en: {text('why', 120)}, el: {text('γιατί', 120)}}}\n"
        for number in range(5)
    )
    return (
        f"  - id: q{index}\n    prompt: {{en: {text('prompt', 240)}, el: {text('ερώτηση', 240)}}}\n"
        f"    options:\n{options}"
        f"    explanation: {{en: {text('why so', 300)}, el: {text('εξήγηση', 300)}}}\n"
    )


def _largest_valid(text: Callable[[str, int], str], size: int) -> str:
    """200 questions of 5 options, every text in two locales, texts cut to fit ``size`` (and
    fewer questions where even short texts do not fit)."""
    head = HEAD + "questions:\n"
    for scale in _SCALES:

        def scaled(word: str, length: int, scale: float = scale) -> str:
            return text(word, max(1, int(length * scale)))

        questions = [_question(index, scaled) for index in range(MAX_QUESTIONS)]
        room = size - len(head.encode())
        fitting = room // max(len(question.encode()) for question in questions)
        if fitting >= MAX_QUESTIONS or scale == _SCALES[-1]:
            return head + "".join(questions[: max(1, min(fitting, MAX_QUESTIONS))])
    raise AssertionError  # the loop returns at its last scale


def _plain(word: str, length: int) -> str:
    return '"' + " ".join([word] * max(1, length // (len(word) + 1))) + '"'


def _distinct(head: str, unit: Callable[[int], str], size: int) -> str:
    """``head`` and ``unit(0)``, ``unit(1)``, … as long as they fit in ``size`` bytes."""
    parts, used = [head], len(head.encode())
    while used + len(unit(len(parts)).encode()) <= size:
        parts.append(unit(len(parts)))
        used += len(parts[-1].encode())
    return "".join(parts)


def _one_huge_line(size: int) -> str:
    """A line as long as the bound allows (or half the size), then a large pack."""
    length = min(MAX_LINE, size // 2)
    line = "summary: " + "a" * (length - len("summary: "))
    rest = _largest_valid(_plain, size - length - 1).replace("summary:", "summary0:", 1)
    return line + "\n" + rest


def _escaped(word: str, length: int) -> str:
    written = "".join(f"\\u{ord(character):04x}" for character in word)
    return '"' + " \\x41\\t\\U0001F642 ".join([written] * max(1, length // 40)) + '"'


def _tab_at_the_end(size: int) -> str:
    pack = _largest_valid(_plain, size - 64)
    return pack + "extra:\t1\n"


def _slip_at_the_end(size: int) -> str:
    return _largest_valid(_plain, size - 64) + "  - id: last\n    prompt: {en: Why? Then., el: x}\n"


def _unclosed_quote_at_the_top(size: int) -> str:
    return HEAD.replace("title: {en: Worst", "title: {en: 'Worst") + _largest_valid(
        _plain, size - 64
    ).removeprefix(HEAD)


def _aliases(size: int) -> str:
    """A mapping of 300 wrong keys, aliased into 7 texts of each of 200 questions."""
    broken = "{" + ", ".join(f"k{index}: x" for index in range(300)) + "}"
    question = "  - {id: q, prompt: *b, options: [*b, *b, *b, *b, *b], explanation: *b}\n"
    return _padded(f"{HEAD}questions:\n", question, size, head_after=f"bad: &b {broken}\n")


def _laughs(size: int) -> str:
    """Lists of ten aliases of the list before, twelve deep, as each of 200 questions."""
    levels = [f"l0: &l0 [{', '.join(['lol'] * 10)}]"]
    levels += [f"l{n}: &l{n} [{', '.join([f'*l{n - 1}'] * 10)}]" for n in range(1, 12)]
    return _padded(HEAD + "\n".join(levels) + "\nquestions:\n", "  - *l11\n", size)


def _padded(head: str, question: str, size: int, head_after: str = "") -> str:
    """``head`` (then ``head_after``), as many of ``question`` as a pack may have and as fit,
    then comment lines up to ``size``."""
    start = head_after + head
    count = min(MAX_QUESTIONS, (size - len(start.encode())) // len(question.encode()))
    return _fill(start + question * count, "# " + "x" * 78 + "\n", "", size)


def _many_problems(size: int) -> str:
    """200 questions with every field wrong (far more problems than are listed), then
    comments to the size."""
    question = (
        "  - {id: Not A Slug, prompt: '', options: [{text: x, correct: maybe}, {txt: y}], "
        "explanation: {de: z}, extra: 1}\n"
    )
    return _padded(HEAD.replace("hard", "brutal") + "questions:\n", question, size)


def _tabs_in_comments(size: int) -> str:
    pack = _largest_valid(_plain, size // 2)
    return _fill(pack, "#\tcomment\twith\ttabs\n", "", size)


WORST: dict[str, Worst] = {
    "empty-lists-one-line": Worst(
        lambda size: _fill(HEAD + "questions: [", "[],", "[]]\n", size),
        accepted=False,
        what="issue 20's file",
    ),
    "empty-lists": Worst(
        lambda size: _fill(HEAD + "questions: [", "[],", "[]]\n", size, per_line=LINE // 3),
        accepted=False,
        what="the same in lines within the bound",
    ),
    "nesting-at-the-bound": Worst(
        lambda size: _fill(
            HEAD + "questions:\n",
            "  - " + "[" * (MAX_DEPTH - 2) + "x" + "]" * (MAX_DEPTH - 2) + "\n",
            "",
            size,
        ),
        accepted=False,
        what=f"lists {MAX_DEPTH - 1} deep, over and over",
    ),
    "nesting-past-the-bound": Worst(
        lambda size: _fill(HEAD + "questions:\n", "  [\n", "", size),
        accepted=False,
        what="a [ on every line",
    ),
    "tiny-questions": Worst(
        lambda size: _fill(
            HEAD + "questions:\n",
            "  - {id: a, prompt: p, options: [{text: a, correct: true}, {text: b}], "
            "explanation: e}\n",
            "",
            size,
        ),
        accepted=False,
        what="thousands of one-line questions",
    ),
    "largest-valid": Worst(
        lambda size: _largest_valid(_plain, size), accepted=True, what="200 full questions"
    ),
    "escapes-everywhere": Worst(
        lambda size: _largest_valid(_escaped, size), accepted=True, what="every text in \\u escapes"
    ),
    "one-huge-line": Worst(
        _one_huge_line, accepted=False, what="a line at the bound, then a large pack"
    ),
    "line-past-the-bound": Worst(
        lambda size: _fill(HEAD + "summary2: ", "ab", "\n", size),
        accepted=False,
        what="the rest on one line",
    ),
    "many-keys": Worst(
        lambda size: _distinct(HEAD, lambda index: f"k{index}: 1\n", size),
        accepted=False,
        what="unknown keys, each with a did-you-mean",
    ),
    "long-flow-sequences": Worst(
        lambda size: _fill(HEAD + "questions: [", "a, ", "a]\n", size, per_line=LINE // 3),
        accepted=False,
        what="scalars in [...] across lines",
    ),
    "alias-repeats-problems": Worst(
        _aliases, accepted=False, what="one broken mapping in every text"
    ),
    "alias-laughs": Worst(_laughs, accepted=False, what="ten aliases of ten, twelve deep"),
    "many-problems": Worst(
        _many_problems, accepted=False, what="every field wrong, again and again"
    ),
    "tabs-in-comments": Worst(
        _tabs_in_comments, accepted=True, what="a valid pack, tabs in comments"
    ),
    "tab-at-the-end": Worst(_tab_at_the_end, accepted=False, what="a loose tab after a large pack"),
    "slip-at-the-end": Worst(
        _slip_at_the_end, accepted=False, what="a YAML slip after a large pack"
    ),
    "unclosed-quote-at-the-top": Worst(
        _unclosed_quote_at_the_top, accepted=False, what="a quote that runs to the end"
    ),
}
