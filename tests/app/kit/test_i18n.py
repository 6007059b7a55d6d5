"""The message catalogues: every message renders in both languages with the right plural forms,
the languages agree on keys and variables, and every key the code asks for exists."""

from __future__ import annotations

import ast as python
import itertools
import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import discord
import pytest
from babel import Locale
from discord import app_commands
from fluent.syntax import ast, visitor

from bot.app.kit.catalogue import (
    FALLBACK,
    LANGUAGES,
    key_of,
    keys,
    language_for,
    lookup,
    number,
    percent,
    render,
    resource,
    tr,
)
from bot.app.kit.command_text import CatalogueTranslator
from bot.app.kit.retry import LOST_CHANNEL_CODES
from bot.app.runtime.command_tree import quiz_commands, top_level_cogs
from bot.quiz.boards.scoring import Period
from bot.quiz.model import Difficulty
from bot.quiz.rounds.review_round import RoundMode
from bot.quiz.schedules.series import DAILY, WEEKDAY_NAMES, Outcome, Problem
from bot.storage.packs.server_packs import Removal

BOT = Path(__file__).resolve().parents[3] / "bot"
COUNTS = (0, 1, 2, 5)
PLURAL_CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")
# A count's noun must agree with it: "1 question", "2 questions"; "1 ερώτηση", "2 ερωτήσεις".
SINGULAR_PLURAL = {
    "en": {
        "question": "questions",
        "second": "seconds",
        "day": "days",
        "pack": "packs",
        "member": "members",
        "answer": "answers",
    },
    "el": {
        "ερώτηση": "ερωτήσεις",
        "δευτερόλεπτο": "δευτερόλεπτα",
        "ημέρα": "ημέρες",
        "σωστή": "σωστές",
        "απάντηση": "απαντήσεις",
        "πακέτο": "πακέτα",
        "μέλος": "μέλη",
    },
}
# Greek verbs before a count agree with it too: "κατακτήθηκε 1", "κατακτήθηκαν 3".
VERB_SINGULAR_PLURAL = {
    "en": {},
    "el": {
        "κατακτήθηκε": "κατακτήθηκαν",
        "απαντήθηκε": "απαντήθηκαν",
        "Επαναλήφθηκε": "Επαναλήφθηκαν",
    },
}


class Variables(visitor.Visitor):
    """The variables a message uses, and the variant keys of each variable it selects on."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()
        self.choices: dict[str, set[str]] = {}

    def visit_VariableReference(self, node: ast.VariableReference) -> None:  # noqa: N802
        self.names.add(node.id.name)

    def visit_SelectExpression(self, node: ast.SelectExpression) -> None:  # noqa: N802
        if isinstance(node.selector, ast.VariableReference):
            found = self.choices.setdefault(node.selector.id.name, set())
            for variant in node.variants:
                key = variant.key
                found.add(key.name if isinstance(key, ast.Identifier) else key.value)
        self.generic_visit(node)


@cache  # every key's checks look up its message: one index per language, not one per key
def messages(language: str) -> dict[str, ast.Message]:
    body = resource(language).body
    return {key_of(m.id.name): m for m in body if isinstance(m, ast.Message)}


def variables(language: str, key: str) -> Variables:
    found = Variables()
    found.visit(messages(language)[key])
    return found


def is_plural_choice(keys_: set[str]) -> bool:
    return keys_ <= PLURAL_CATEGORIES or all(k.isdigit() for k in keys_ - PLURAL_CATEGORIES)


@cache  # the wording tests render every combination again
def every_params(key: str) -> tuple[dict[str, object], ...]:
    """Each combination of values: 0, 1, 2 and 5 for a variable, or each variant of a choice
    such as self/other; a text variable gets numbers too, which any message must survive."""
    found = [variables(language, key) for language in LANGUAGES]
    names = sorted(set().union(*(v.names for v in found)))
    values: list[tuple[object, ...]] = []
    for name in names:
        choice = set().union(*(v.choices.get(name, set()) for v in found))
        values.append(COUNTS if not choice or is_plural_choice(choice) else tuple(sorted(choice)))
    return tuple(dict(zip(names, combo, strict=True)) for combo in itertools.product(*values))


def disagreements(language: str, text: str) -> list[str]:
    """Counts whose noun (after) or Greek verb (before) has the wrong number."""
    wrong = []
    for singular, plural in SINGULAR_PLURAL[language].items():
        wrong += re.findall(rf"(?<![\d.,])1 {plural}\b", text)
        wrong += [m for m in re.findall(rf"\b(\d+) {singular}\b", text) if m != "1"]
    for singular, plural in VERB_SINGULAR_PLURAL[language].items():
        wrong += re.findall(rf"\b{plural} 1(?![\d.,])", text)
        wrong += [m for m in re.findall(rf"\b{singular} (\d+)", text) if m != "1"]
    return wrong


def test_the_agreement_check_catches_a_count_without_its_plural() -> None:
    assert disagreements("en", "Easy · 1 questions") == ["1 questions"]
    assert disagreements("en", "2 question") == ["2"]
    assert disagreements("el", "1 ερωτήσεις · 1 σωστές") == ["1 ερωτήσεις", "1 σωστές"]
    assert disagreements("el", "απαντήθηκε 3") == ["3"]
    assert disagreements("el", "12 ερωτήσεις · 1 ερώτηση · 0,1 σωστές") == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_renders_with_counts_0_1_2_5_and_agrees_with_them(language: str) -> None:
    rendered = 0
    for key in sorted(keys(language)):
        for params in every_params(key):
            text = render(language, key, params)
            assert text.strip(), key
            assert not {"{", "}", "\u2068", "\u2069"} & set(text), (key, text)  # no bidi marks
            assert not disagreements(language, text), (key, params, text)
            rendered += 1
    assert rendered > len(keys(language))


@pytest.mark.parametrize(
    ("language", "key", "params", "expected"),
    [
        ("en", "packs.line", {"questions": 1}, "· 1 question"),
        ("en", "packs.line", {"questions": 2}, "· 2 questions"),
        ("el", "packs.line", {"questions": 1}, "· 1 ερώτηση"),
        ("el", "packs.line", {"questions": 2}, "· 2 ερωτήσεις"),
        ("el", "packs.line", {"questions": 0}, "· 0 ερωτήσεις"),
        ("en", "round.start_body", {"questions": 1, "seconds": 1}, "1 question · 1 second each"),
        ("el", "round.start_body", {"questions": 5, "seconds": 1}, "5 ερωτήσεις · 1 δευτερόλεπτο"),
        ("en", "stats.streak_days", {"days": 1}, "1 day"),
        ("en", "stats.streak_days", {"days": 0}, "0 days"),
        ("el", "stats.streak_days", {"days": 1}, "1 ημέρα"),
        ("el", "stats.streak_days", {"days": 5}, "5 ημέρες"),
        ("el", "round.standings_line", {"points": 1, "seconds": 0.5}, "1 σωστή · 0,5 δευτ."),
        ("en", "round.standings_line", {"points": 2, "seconds": 0.5}, "2 correct · 0.5 s"),
        (
            "el",
            "leaderboard.line",
            {"points": 2, "seconds": 1.5, "answered": 1},
            "2 σωστές · 1,5 δευτ. (1 απάντηση)",
        ),
        ("el", "leaderboard.your_rank", {"points": 1}, "με 1 σωστή απάντηση."),
        ("en", "review.summary", {"reviewed": 1, "correct": 0}, "Reviewed 1 question · 0 right"),
        (
            "el",
            "review.summary",
            {"reviewed": 2, "correct": 1},
            "2 ερωτήσεις · 1 σωστή",
        ),
        ("el", "stats.mastery_line", {"mastered": 1, "seen": 2}, "κατακτήθηκε 1/5, απαντήθηκαν 2"),
        ("el", "round.answered", {"count": 1}, "1 απάντηση"),
        ("el", "round.fastest_entry", {"seconds": 12.25}, "12,2 δευτ."),
        ("en", "analytics.summary", {"members": 1, "answers": 2}, "1 member gave 2 answers"),
        ("el", "analytics.summary", {"members": 2, "answers": 1}, "2 μέλη έδωσαν 1 απάντηση"),
        ("en", "analytics.more", {"count": 1}, "…and 1 more question."),
        ("el", "analytics.unanswered", {"count": 1}, "1 ερώτηση δεν έχει απαντηθεί"),
        ("el", "analytics.figures", {"right": 0.75, "median": 1.5}, "σωστές 75%"),
        ("el", "analytics.footer", {"min": 1}, "λιγότερα από 1 μέλος,"),
    ],
)
def test_known_plural_and_number_forms(
    language: str, key: str, params: dict[str, object], expected: str
) -> None:
    full = dict.fromkeys(variables(FALLBACK, key).names, 5) | params
    assert expected in render(language, key, full)


def test_numbers_on_their_own_follow_the_language() -> None:
    assert number("en-US", 12345) == "12,345"
    assert number("el", 12345) == "12.345"
    assert percent("el", 0.5) == "50%"
    assert number("el", -0.345, decimals=2) == "-0,34"
    assert tr("el", "round.fastest_entry", member="<@1>", seconds=1234.5) == "<@1> 1.234,5 δευτ."


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != FALLBACK])
def test_every_language_has_every_key_with_the_same_variables(language: str) -> None:
    assert keys(language) == keys(FALLBACK)
    for key in keys(FALLBACK):
        english, other = variables(FALLBACK, key), variables(language, key)
        assert other.names == english.names, key
        for name, choice in english.choices.items():
            if not is_plural_choice(choice):  # a choice such as self/other: the same in both
                assert other.choices.get(name) == choice, (key, name)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_plural_choice_covers_every_cldr_category_of_the_language(language: str) -> None:
    categories = Locale.parse(language).plural_form.tags | {"other"}
    for key in keys(language):
        for name, choice in variables(language, key).choices.items():
            if is_plural_choice(choice):
                assert categories <= choice, (language, key, name)


FILE_SUFFIXES = (".png",)


def used_keys() -> set[str]:
    """String constants in bot/ that look like catalogue keys: tr(...), say(...), _(...) and
    the keys handed on to them (buttons, failure keys) alike."""
    sections = {key.split(".", 1)[0] for key in keys(FALLBACK)}
    pattern = re.compile(r"^[a-z_]+(\.[a-z0-9_]+)+$")
    found = set()
    for path in BOT.rglob("*.py"):
        if "storage" in path.parts:
            continue  # the database speaks no interface language (nor does standin/, outside bot/)
        for node in python.walk(python.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, python.Constant) and isinstance(node.value, str):
                text = node.value
                # A file name such as "stats.png" (the /stats chart) looks like a key too.
                is_file = text.endswith(FILE_SUFFIXES)
                if pattern.match(text) and text.split(".", 1)[0] in sections and not is_file:
                    found.add(text)
    return found


def test_every_key_the_code_uses_exists() -> None:
    used = used_keys()
    assert {"round.locked_in", "errors.failed", "cmd.stats.description"} <= used  # it finds them
    assert used - keys(FALLBACK) == set()


def test_every_key_the_code_builds_exists() -> None:
    built = {f"choice.{period.value}" for period in Period}
    built |= {f"difficulty.{difficulty.value}" for difficulty in Difficulty}
    built |= {f"round.lost.{code}" for code in LOST_CHANNEL_CODES}
    built |= {f"serverpacks.{removal.value}" for removal in Removal}
    built |= {f"cmd.quiz.start.mode.{mode.value}" for mode in RoundMode}
    built |= {"choice.greek", "choice.english"}
    built |= {f"schedule.problem.{problem.value}" for problem in Problem}
    built |= {f"schedule.outcome.{outcome.value}" for outcome in Outcome if outcome.told}
    built |= {f"cmd.quiz.schedule.add.day.{day}" for day in (DAILY, *WEEKDAY_NAMES)}
    assert built - keys(FALLBACK) == set()


async def test_every_command_option_and_choice_has_its_greek_localisation() -> None:
    client = discord.Client(intents=discord.Intents.none())
    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(client)
    translator = CatalogueTranslator()
    ctx: Any = None  # the command tree is declared without the bot's services
    tops = [quiz_commands(ctx), *(c for cog in top_level_cogs(ctx) for c in cog.get_app_commands())]
    payloads = [await command.get_translated_payload(tree, translator) for command in tops]
    assert {p["name"] for p in payloads} == {"quiz", "review", "leaderboard", "stats", "settings"}
    for payload in payloads:
        for entry in walk_payload(payload):
            assert "el" in entry["name_localizations"], entry["name"]
            if "description" in entry:
                assert "el" in entry["description_localizations"], entry["name"]
    await client.close()


def walk_payload(entry: dict[str, Any]) -> list[dict[str, Any]]:
    nested = [e for option in entry.get("options", []) for e in walk_payload(option)]
    choices: list[dict[str, Any]] = entry.get("choices", [])
    return [entry, *nested, *choices]


@pytest.mark.parametrize("language", LANGUAGES)
def test_command_names_and_descriptions_fit_discord(language: str) -> None:
    for key in keys(language):
        text = lookup(language, key) if key.startswith("cmd.") else None
        if text is not None and key.endswith(".name"):
            assert COMMAND_NAME.match(text), key
            assert text == text.lower(), key
        if text is not None and key.endswith(".description"):
            assert 1 <= len(text) <= 100, key


def test_members_see_their_client_language_else_english() -> None:
    assert language_for("el") == "el"
    assert language_for("en-GB") == "en"
    assert language_for("ja") == "en"
    assert language_for(None) == "en"
    assert tr("el", "review.next_button") != tr("en-US", "review.next_button")
    assert tr("en-US", "round.locked_in", letter="B").startswith("Locked in: **B**")


def test_messages_about_someone_else_are_in_the_third_person() -> None:
    assert tr("el", "stats.no_packs", whose="self").startswith("Δεν έχετε")
    assert tr("el", "stats.no_packs", whose="other").startswith("Δεν έχει ")
    assert tr("en", "stats.no_packs", whose="other") == "No pack started yet."


def test_messages_name_the_commands_as_the_member_sees_them() -> None:
    assert tr("el", "review.not_yours").endswith("με /επανάληψη.")
    assert "/quiz stop" in tr("en", "round.already_running", channel="#c")


def test_a_missing_variable_fails_loudly_rather_than_showing_a_hole() -> None:
    with pytest.raises(Exception, match="letter"):
        tr("en", "round.locked_in")


def test_a_long_pack_text_is_passed_through_whole() -> None:
    why = "w" * 6000  # Fluent alone refuses placeables over 2,500 characters
    assert tr("el", "round.why_wrong", letter="A", why=why) == f"Επιλέξατε **A**. {why}"


def test_the_catalogues_ship_in_the_package() -> None:
    pyproject = tomllib.loads((BOT.parent / "pyproject.toml").read_text(encoding="utf-8"))
    assert "*.ftl" in pyproject["tool"]["setuptools"]["package-data"]["*"]
    assert {f"{language}.ftl" for language in LANGUAGES} <= {
        path.name for path in (BOT / "app" / "kit" / "locales").iterdir()
    }
