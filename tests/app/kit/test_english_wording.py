"""The English catalogue's wording, pinned where it once went wrong: Discord's own names quoted
exactly (as the Greek quotes Discord's Greek ones), and a review that speaks as a review."""

from __future__ import annotations

import re
from functools import cache

from bot.app.kit.catalogue import keys, render, tr
from tests.app.kit.test_i18n import every_params

# Discord's English names as its client shows them: permissions, then settings.
PERMISSIONS = {
    "Manage Server",
    "View Channel",
    "Send Messages",
    "Embed Links",
    "Attach Files",
    "Read Message History",
    "Mention @everyone, @here, and All Roles",
}
SETTINGS = {"Server Settings", "Roles", "Allow anyone to @mention this role"}
QUOTED = re.compile(r"“([^”]*)”")


@cache  # the same renderings for each test of the module
def english_texts() -> dict[str, list[str]]:
    """Every English message, rendered with each combination of its variables."""
    return {key: [render("en", key, p) for p in every_params(key)] for key in keys("en")}


def test_discord_names_are_quoted_exactly() -> None:
    named = set()
    for key, texts in english_texts().items():
        for text in texts:
            outside_quotes = QUOTED.sub("", text)
            for name in (*PERMISSIONS, "Server Settings", "Mention @everyone"):
                assert name not in outside_quotes, (key, text)
            named |= {n for n in QUOTED.findall(text) if n in PERMISSIONS | SETTINGS}
    assert named == PERMISSIONS | SETTINGS  # each one the catalogue names, quoted somewhere


def test_a_permission_is_called_a_permission() -> None:
    assert tr("en", "errors.not_manager") == (
        "Only members with the “Manage Server” permission can change quiz settings."
    )
    assert "(needs the “Manage Server” permission)" in tr("en", "cmd.quiz.settings.description")


def test_a_second_click_on_a_review_card_speaks_of_the_review_not_of_a_rounds_score() -> None:
    assert tr("en", "review.already_answered") == (
        "You already answered this question in your review: your first answer set when it "
        "comes back, so this click changes nothing."
    )
    assert tr("el", "review.already_answered") == (
        "Έχετε ήδη απαντήσει σε αυτή την ερώτηση της επανάληψης: η πρώτη σας απάντηση όρισε "
        "πότε θα εμφανιστεί ξανά, οπότε αυτό το πάτημα δεν αλλάζει τίποτα."
    )
