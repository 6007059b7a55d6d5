"""A member's study plan: weekday names read in English and Greek, away windows checked and
ended, days off, and the streak kept across time away."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given
from hypothesis import strategies as st

from bot.quiz.boards.scoring import current_streak
from bot.quiz.reminders.reminder_settings import ReminderSettings, reminder_window
from bot.quiz.reminders.study_plan import (
    PlanChange,
    PlanProblem,
    StudyPlan,
    changed_plan,
    read_weekdays,
    weekday_mask,
    weekdays_of,
)
from bot.quiz.review.study_days import Away

TODAY = date(2026, 12, 7)  # a Monday
SAT, SUN = 5, 6


def test_weekdays_are_read_in_either_language_with_or_without_accents() -> None:
    assert read_weekdays("sat sun") == {SAT, SUN}
    assert read_weekdays("Saturday, SUNDAY") == {SAT, SUN}
    assert read_weekdays("σαβ κυρ") == {SAT, SUN}
    assert read_weekdays("Σάββατο Κυριακή") == {SAT, SUN}
    assert read_weekdays("none") == frozenset()
    assert read_weekdays("κανένα") == frozenset()
    assert read_weekdays("sat funday") is None


@given(st.frozensets(st.integers(0, 6)))
def test_a_weekday_mask_keeps_the_days(days: frozenset[int]) -> None:
    assert weekdays_of(weekday_mask(days)) == days


def change(**typed: object) -> tuple[StudyPlan, list[PlanProblem]]:
    return changed_plan(StudyPlan(), PlanChange(**typed), TODAY)  # type: ignore[arg-type]


def test_an_away_window_is_set_from_both_ends_and_checked() -> None:
    plan, found = change(away_from="2026-12-20", away_until="2027-01-03")
    assert found == []
    assert plan.away == Away(date(2026, 12, 20), date(2027, 1, 3))
    assert change(away_from="2026-12-20")[1] == [PlanProblem.AWAY_HALF]
    assert change(away_from="20/12/2026", away_until="2027-01-03")[1] == [PlanProblem.AWAY_DATE]
    assert change(away_from="2027-01-03", away_until="2026-12-20")[1] == [PlanProblem.AWAY_ORDER]
    assert change(away_from="2026-11-01", away_until="2026-11-05")[1] == [PlanProblem.AWAY_PAST]
    assert change(away_from="2026-12-08", away_until="2028-01-01")[1] == [PlanProblem.AWAY_LONG]


def test_one_end_moves_a_window_that_has_not_ended() -> None:
    plan, _ = change(away_from="2026-12-20", away_until="2027-01-03")
    moved, found = changed_plan(plan, PlanChange(away_until="2027-01-10"), TODAY)
    assert found == []
    assert moved.away == Away(date(2026, 12, 20), date(2027, 1, 10))


def test_clearing_ends_a_window_under_way_yesterday_and_drops_one_not_begun() -> None:
    under_way = StudyPlan(Away(TODAY - timedelta(days=3), TODAY + timedelta(days=3)))
    ended, _ = changed_plan(under_way, PlanChange(clear_away=True), TODAY)
    assert ended.away == Away(TODAY - timedelta(days=3), TODAY - timedelta(days=1))
    coming = StudyPlan(Away(TODAY + timedelta(days=3), TODAY + timedelta(days=5)))
    assert changed_plan(coming, PlanChange(clear_away=True), TODAY)[0].away is None


def test_easy_days_leave_at_least_one_day_and_a_limit_of_zero_is_none() -> None:
    assert change(easy_days="sat sun")[0].easy_weekdays == {SAT, SUN}
    every = "mon tue wed thu fri sat sun"
    assert change(easy_days=every)[1] == [PlanProblem.EASY_EVERY_DAY]
    assert change(easy_days="someday")[1] == [PlanProblem.EASY_UNKNOWN]
    assert change(daily_reviews=40)[0].daily_reviews == 40
    limited = StudyPlan(daily_reviews=40)
    assert changed_plan(limited, PlanChange(daily_reviews=0), TODAY)[0].daily_reviews is None
    assert change(daily_reviews=501)[1] == [PlanProblem.DAILY_REVIEWS_RANGE]


def test_no_reminder_comes_on_an_easy_day_or_a_day_away() -> None:
    athens = ZoneInfo("Europe/Athens")
    weekend = StudyPlan(easy_weekdays=frozenset({SAT, SUN}))
    rules = ReminderSettings(time_zone="Europe/Athens", reminders=True, plan=weekend)
    saturday_evening = datetime(2026, 12, 12, 17, tzinfo=UTC)  # 19:00 in Athens
    assert reminder_window(saturday_evening, athens, rules) is None
    assert reminder_window(saturday_evening + timedelta(days=2), athens, rules) is not None
    away = StudyPlan(Away(date(2026, 12, 14), date(2026, 12, 14)))
    rules = ReminderSettings(time_zone="Europe/Athens", reminders=True, plan=away)
    assert reminder_window(saturday_evening + timedelta(days=2), athens, rules) is None


def test_days_away_neither_count_towards_a_streak_nor_break_it() -> None:
    played = {TODAY - timedelta(days=d) for d in (0, 1, 16, 17, 18)}
    away = Away(TODAY - timedelta(days=15), TODAY - timedelta(days=2))
    assert current_streak(played, TODAY) == 2
    assert current_streak(played, TODAY, StudyPlan(away).is_away) == 5
    # Away today: the streak so far is kept, not counted up.
    still_away = Away(TODAY - timedelta(days=2), TODAY)
    before = {TODAY - timedelta(days=d) for d in (3, 4)}
    assert current_streak(before, TODAY, StudyPlan(still_away).is_away) == 2
