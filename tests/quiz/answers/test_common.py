"""Which wrong answers a reveal shows."""

from __future__ import annotations

from bot.quiz.answers.common import CommonAnswer, common_wrong_answers


def test_only_answers_three_members_typed_alike_are_shown() -> None:
    given = [("All-Reduce", 1), ("all-reduce", 2), ("broadcast", 2), ("<@123>", 1)]
    assert common_wrong_answers(given) == (CommonAnswer("all-reduce", 3),)


def test_at_most_three_are_shown_most_typed_first_and_each_is_cut() -> None:
    long = "x" * 100
    given = [("a1", 3), ("b2", 5), ("c3", 4), ("d4", 3), (long, 9)]
    shown = common_wrong_answers(given)
    assert [answer.count for answer in shown] == [9, 5, 4]
    assert shown[0].text == "x" * 39 + "…"


def test_punctuation_alone_is_never_an_answer() -> None:
    assert common_wrong_answers([("...", 10)]) == ()
