"""The life scenarios of the learning benchmark (issue 40): the loop with no life is the plain
loop answer for answer, days off and the limit hold in it, and the small run end to end."""

from __future__ import annotations

import random
from zoneinfo import ZoneInfo

from bench.learning.benchmark import parser
from bench.learning.life import EASY_WEEKENDS, absence_of
from bench.learning.life_run import run
from bench.learning.living import Life, live, local_date
from bench.learning.schedules import QuizbotSchedule
from bench.learning.studying import Study, study_with_schedule
from bench.learning.sweep import World, population
from bot.quiz.review import scheduling
from bot.quiz.review.backlog import BacklogOrder

STUDY = Study(days=120, budget=100, new_per_day=10)
WORLD = World(STUDY, members=2, synthetic=60)


def schedule(index: int, life: Life) -> QuizbotSchedule:
    member = population(WORLD, 1)[index]
    fuzz = random.Random(f"1:fuzz:{index}")  # noqa: S311  # a simulation's draws
    return QuizbotSchedule(fuzz, ZoneInfo(member.zone), WORLD.policy, life.study_days)


def lived(index: int, life: Life) -> tuple[list[int], list[int], list[int]]:
    member = population(WORLD, 1)[index]
    rng = random.Random(f"1:answers:{index}")  # noqa: S311
    track, found = live(
        member, STUDY, schedule(index, life), rng, life=life, policy=scheduling.make_policy()
    )
    return track.answers_by_day, found.reviews_by_day, found.due_by_day


def test_no_life_is_the_plain_loop_answer_for_answer() -> None:
    for index in range(2):
        member = population(WORLD, 1)[index]
        rng = random.Random(f"1:answers:{index}")  # noqa: S311
        plain = study_with_schedule(member, STUDY, schedule(index, Life()), rng)
        assert lived(index, Life())[0] == plain.answers_by_day


def test_easy_weekends_get_no_review_and_a_limit_caps_every_day() -> None:
    answers, reviews, _due = lived(0, Life(EASY_WEEKENDS))
    weekend = [d for d in range(STUDY.days) if local_date(d).weekday() in EASY_WEEKENDS]
    assert sum(reviews[d] for d in weekend) == 0
    assert sum(answers[d] for d in weekend) == 0  # nor new questions
    first, last = absence_of(STUDY.days)
    for announced in (True, False):
        life = Life(absence=(first, last), announced=announced, limit=15)
        answers, reviews, due = lived(1, life)
        assert sum(answers[first : last + 1]) == 0
        assert max(reviews) <= 15
        assert max(due[last + 1 :]) > 0


def test_the_small_life_run_measures_every_figure() -> None:
    printed, result = run(parser().parse_args(["--life", "--small", "--processes", "1"]))
    life = result["life"]
    assert isinstance(life, dict)
    assert life["days"] == 60
    assert life["members"] == 3
    assert set(life["backlog_orders"]) == {str(order) for order in BacklogOrder}
    assert life["best_backlog_order"] in {str(order) for order in BacklogOrder}
    assert life["absence"]["no_day_above_limit"] is True
    assert life["easy_weekends"]["weekend_share"] <= 0.05
    assert life["packs"]["higher_target_higher_k"] is True
    names = set(life["scenarios"])
    assert {"free", "easy_weekends", "limit", "packs"} <= names
    assert "best backlog order" in printed
