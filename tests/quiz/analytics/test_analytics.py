"""Item analytics: the figures of a small case computed by hand, and the edge cases."""

from __future__ import annotations

import math

import pytest

from bot.quiz.analytics.items import AnswerRecord, ItemStats, analyse, discrimination

# Five members A-E (ids 1-5) answer questions a, b, c; 1 = right (option 0 is the key):
#
#        a  b  c   total
#   A    1  1  1     3
#   B    1  1  0     2
#   C    1  0  1     2
#   D    0  1  0     1
#   E    0  0  0     0
#
# Rest-score of a member on a question: their share right on the other two.
#
# a: right = 1 1 1 0 0; rest = (b+c)/2 = 1, .5, .5, .5, 0.
#    p = .6, q = .4; M1 = (1+.5+.5)/3 = 2/3; M0 = (.5+0)/2 = 1/4;
#    mean = .5, deviations .5 0 0 0 -.5, variance = .5/5 = .1, s = sqrt(.1) = .316228;
#    r = (2/3 - 1/4) / .316228 * sqrt(.24) = .416667 / .316228 * .489898 = .645497
# b: right = 1 1 0 1 0; rest = (a+c)/2 = 1, .5, 1, 0, 0.
#    M1 = (1+.5+0)/3 = .5; M0 = (1+0)/2 = .5; r = 0 (it does not tell strong from weak)
# c: right = 1 0 1 0 0; rest = (a+b)/2 = 1, 1, .5, .5, 0.
#    p = .4, q = .6; M1 = (1+.5)/2 = .75; M0 = (1+.5+0)/3 = .5;
#    mean = .6, squared deviations .16 .16 .01 .01 .36 = .7, variance .14, s = .374166;
#    r = .25 / .374166 * sqrt(.24) = .668153 * .489898 = .327327
MATRIX = {1: "111", 2: "110", 3: "101", 4: "010", 5: "000"}
QUESTIONS = ("a", "b", "c")
# The wrong option each member picked, where wrong: a: 1 and 2 tie (1 wins, the lower);
# b: 2 twice; c: 3 twice, 1 once.
WRONG = {
    ("a", 4): 1,
    ("a", 5): 2,
    ("b", 3): 2,
    ("b", 5): 2,
    ("c", 2): 1,
    ("c", 4): 3,
    ("c", 5): 3,
}
# Each member answers in the same time on every question: mean 4 s, median 3 s.
TIME_MS = {1: 1000, 2: 2000, 3: 3000, 4: 4000, 5: 10_000}


def records(
    matrix: dict[int, str] = MATRIX, wrong: dict[tuple[str, int], int] = WRONG
) -> list[AnswerRecord]:
    return [
        AnswerRecord(
            member,
            question,
            0 if row[index] == "1" else wrong[(question, member)],
            row[index] == "1",
            TIME_MS[member],
        )
        for member, row in matrix.items()
        for index, question in enumerate(QUESTIONS)
    ]


def by_id(items: tuple[ItemStats, ...]) -> dict[str, ItemStats]:
    return {item.question_id: item for item in items}


def test_the_hand_computed_case() -> None:
    report = analyse(QUESTIONS, records(), min_members=5)
    items = by_id(report.items)
    assert items["a"].discrimination == pytest.approx(math.sqrt(5 / 12))  # .645497
    assert items["a"].discrimination == pytest.approx(0.645497, abs=1e-6)
    assert items["b"].discrimination == pytest.approx(0.0, abs=1e-12)
    assert items["c"].discrimination == pytest.approx(0.327327, abs=1e-6)
    assert [item.question_id for item in report.items] == ["b", "c", "a"]  # worst first
    assert (report.members, report.answers, report.min_members) == (5, 15, 5)
    assert (items["a"].answers, items["a"].right, items["a"].share_right) == (5, 3, 0.6)
    assert (items["a"].top_wrong_option, items["a"].top_wrong_share) == (1, 0.2)
    assert (items["b"].top_wrong_option, items["b"].top_wrong_share) == (2, 0.4)
    assert (items["c"].top_wrong_option, items["c"].top_wrong_share) == (3, 0.4)
    assert items["c"].share_right == 0.4
    assert (items["a"].mean_ms, items["a"].median_ms) == (4000, 3000)
    assert items["a"].indexed_members == 5


def test_the_point_biserial_is_pearsons_r() -> None:
    right = [True, True, False, True, False]
    rest = [1.0, 0.5, 1.0, 0.0, 0.0]
    xs = [float(r) for r in right]
    mean_x, mean_y = sum(xs) / 5, sum(rest) / 5
    covariance = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, rest, strict=True))
    pearson = covariance / math.sqrt(
        sum((x - mean_x) ** 2 for x in xs) * sum((y - mean_y) ** 2 for y in rest)
    )
    assert discrimination(right, rest) == pytest.approx(pearson, abs=1e-12)
    # p = 2/3, M1 = .15, M0 = .9, mean .4, variance (.04+.25+.09)/3 = .126667, s = .355903:
    # r = -.75 / .355903 * sqrt(2/9) = -.993399
    assert discrimination([True, False, True], [0.2, 0.9, 0.1]) == pytest.approx(
        -0.993399, abs=1e-6
    )


def test_a_wrong_key_shows_as_a_negative_index() -> None:
    # The key of a flipped: who was right is now wrong; the rest-scores of a do not change.
    flipped = {member: str(1 - int(row[0])) + row[1:] for member, row in MATRIX.items()}
    wrong = WRONG | {("a", member): 1 for member in (1, 2, 3)}
    report = analyse(QUESTIONS, records(flipped, wrong), min_members=5)
    assert by_id(report.items)["a"].discrimination == pytest.approx(-math.sqrt(5 / 12))
    assert report.items[0].question_id == "a"  # the worst


def test_too_few_members_leave_the_index_undefined() -> None:
    report = analyse(QUESTIONS, records(), min_members=6)
    assert all(item.discrimination is None for item in report.items)
    assert [item.question_id for item in report.items] == ["c", "a", "b"]  # share right .4, .6
    assert report.items[0].share_right == 0.4


def test_no_answers() -> None:
    report = analyse(QUESTIONS, [])
    assert (report.members, report.answers) == (0, 0)
    assert [item.question_id for item in report.items] == ["a", "b", "c"]  # the pack's order
    empty = report.items[0]
    assert empty.answers == 0
    assert empty.share_right is None
    assert empty.top_wrong_option is None
    assert empty.median_ms is None
    assert empty.discrimination is None


def test_everyone_right_leaves_the_index_undefined() -> None:
    all_right = {member: "1" + row[1:] for member, row in MATRIX.items()}
    items = by_id(analyse(QUESTIONS, records(all_right), min_members=5).items)
    assert items["a"].share_right == 1.0
    assert items["a"].discrimination is None  # p = 1: nothing to separate
    assert items["a"].top_wrong_option is None
    assert items["b"].discrimination is not None


def test_equal_rest_scores_leave_the_index_undefined() -> None:
    assert discrimination([True, False, True], [0.5, 0.5, 0.5]) is None
    assert discrimination([], []) is None


def test_first_answers_make_the_index_and_every_answer_the_counts() -> None:
    again = [
        AnswerRecord(4, "a", 0, correct=True, response_ms=500),
        AnswerRecord(5, "a", 0, correct=True, response_ms=500),
    ]
    report = analyse(QUESTIONS, [*records(), *again], min_members=5)
    a = by_id(report.items)["a"]
    assert a.discrimination == pytest.approx(math.sqrt(5 / 12))  # as before: first answers
    assert (a.answers, a.right, report.answers) == (7, 5, 17)
    assert a.median_ms == 2000  # 500 500 1000 2000 3000 4000 10000


def test_members_with_one_answer_and_removed_questions_are_left_out() -> None:
    extra = [
        AnswerRecord(6, "a", 1, correct=False, response_ms=100),
        AnswerRecord(1, "gone", 0, correct=True, response_ms=100),
    ]
    report = analyse(QUESTIONS, [*records(), *extra], min_members=5)
    a = by_id(report.items)["a"]
    assert a.indexed_members == 5  # member 6 answered nothing else: no rest-score
    assert a.answers == 6
    assert a.discrimination == pytest.approx(math.sqrt(5 / 12))
    assert report.answers == 16  # the answer to a removed question does not count
