"""The Greek catalogue's wording, pinned where it once went wrong: verbs agree with a count of
one, one word for each thing, the server never speaks or answers, Discord's names exactly."""

from __future__ import annotations

import re
from functools import cache

from bot.app.kit.catalogue import keys, render, tr
from tests.app.kit.test_i18n import every_params

# Discord's own Greek names, quoted exactly; the prose says «server» (el.ftl's header).
DISCORD_NAMES = {
    "Διαχείριση διακομιστή",
    "Ρυθμίσεις διακομιστή",
    # Permissions a reward role may not carry (permission-* in el.ftl)
    "Προβολή στατιστικών διακομιστή",
    "Προβολή στατιστικών συνδρομών διακομιστή",
}


@cache  # the same renderings for each test of the module
def greek_texts() -> dict[str, list[str]]:
    """Every Greek message, rendered with each combination of its variables."""
    return {key: [render("el", key, p) for p in every_params(key)] for key in keys("el")}


def test_a_count_of_one_takes_a_singular_verb() -> None:
    assert tr("el", "analytics.unanswered", count=1) == (
        "1 ερώτηση δεν έχει απαντηθεί ακόμη σε αυτόν τον server."
    )
    assert "δεν έχουν απαντηθεί" in tr("el", "analytics.unanswered", count=3)


def test_the_analytics_footer_says_who_got_it_right_grammatically() -> None:
    footer = tr("el", "analytics.footer", min=5)
    assert footer.endswith("ή σε αυτήν απάντησαν σωστά είτε όλοι είτε κανείς.")
    assert "(ή κανείς)" not in footer


def test_more_questions_are_counted_one_way() -> None:
    assert tr("el", "analytics.more", count=1) == "…και 1 ακόμη ερώτηση."
    assert tr("el", "analytics.more", count=4) == "…και 4 ακόμη ερωτήσεις."


def test_no_points_is_not_ambiguous_under_negation() -> None:
    text = tr("el", "standings.no_points")
    assert text == "Σε αυτόν τον γύρο δεν δόθηκε καμία σωστή απάντηση."


def test_the_server_does_not_answer_its_members_do() -> None:
    assert tr("el", "round.how_answered") == "Πώς απάντησαν τα μέλη"
    assert "τα μέλη απάντησαν" in tr("el", "cmd.quiz.start.mode.description")
    for key, texts in greek_texts().items():
        for text in texts:
            assert not re.search(r"ο server (απάντησε|χρειάζεται|είδε)", text), (key, text)


def test_a_recorded_answer_is_called_one_thing() -> None:
    recorded = {
        word
        for texts in greek_texts().values()
        for text in texts
        for word in re.findall(r"καταχωρίστηκε|καταγράφηκε", text)
    }
    assert recorded == {"καταχωρίστηκε"}


def test_someone_not_in_the_server_is_named_without_a_gender() -> None:
    text = tr("el", "stats.not_in_server", member="<@1>")
    assert text.startswith("<@1> δεν είναι μέλος")


def test_discord_names_are_quoted_exactly_and_permissions_called_one_thing() -> None:
    for key, texts in greek_texts().items():
        for text in texts:
            outside_quotes = re.sub(r"«[^»]*»", "", text)
            assert "διακομιστ" not in outside_quotes.lower(), (key, text)  # prose: «server»
            for name in re.findall(r"«([^»]*διακομιστ[^»]*)»", text):
                assert name in DISCORD_NAMES, (key, name)
            for _ in re.findall(r"«Διαχείριση διακομιστή»", text):
                assert "το δικαίωμα «Διαχείριση διακομιστή»" in text, (key, text)
            assert "άδεια" not in text, (key, text)  # Discord's permissions: «δικαιώματα»
