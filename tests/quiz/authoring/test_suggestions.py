"""The suggestions' rules: why a member may not suggest (in the order a member needs to hear
it), what a rejection's reason may hold, and an approval finding its question already in the
pack, which makes approving twice add it once."""

from __future__ import annotations

from dataclasses import replace

from bot.quiz.authoring.suggestions import (
    MAX_PENDING,
    PER_MEMBER,
    reason_problem,
    same_question,
    suggest_refusal,
)
from bot.quiz.model import Text
from tests.storage.factories import make_pack


def test_a_member_is_told_the_first_reason_that_applies() -> None:
    assert suggest_refusal(taking=True, sent_in_window=0, pending=0) is None
    full = {"sent_in_window": PER_MEMBER, "pending": MAX_PENDING}
    assert suggest_refusal(taking=False, **full) == "suggest.closed"
    assert suggest_refusal(taking=True, **full) == "suggest.too_many"
    assert suggest_refusal(taking=True, sent_in_window=PER_MEMBER - 1, pending=MAX_PENDING) == (
        "suggest.queue_full"
    )


def test_a_reason_holds_lines_but_no_control_characters() -> None:
    assert reason_problem("Off topic.\nAsk about Greece.") is None
    assert reason_problem("Off\x07topic") == "U+0007"
    assert reason_problem("\u202eevil") == "U+202E"


def test_an_approval_finds_the_question_it_would_add() -> None:
    pack = make_pack("capitals", 3)
    again = replace(pack.questions[1], id="a-new-id")  # what the suggestion says, another id
    assert same_question(pack, again) == pack.questions[1].id
    reworded = replace(again, prompt=Text.of({"en": "Something else?"}, "en"))
    assert same_question(pack, reworded) is None
