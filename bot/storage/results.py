"""What the services hand back: frozen values, never ORM rows."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import date, datetime

from bot.quiz.answers.grading import Marked
from bot.quiz.boards.standings import Standing
from bot.quiz.reminders.reminder_settings import DEFAULT_REMINDER_HOUR, Quiet, ReminderSettings
from bot.quiz.reminders.study_plan import StudyPlan, weekdays_of
from bot.quiz.review.study_days import Away
from bot.quiz.rounds.pauses import DEFAULT_PAUSE_LIMIT_MINUTES, time_left
from bot.quiz.rounds.review_round import RoundMode
from bot.quiz.rounds.rules import DEFAULT_QUESTION_SECONDS, Message, RoundState
from bot.quiz.rounds.teams import TeamPlan, TeamShare
from bot.quiz.schedules.events import quiet_now
from bot.quiz.schedules.series import DEFAULT_GRACE_MINUTES
from bot.quiz.zones import zone_or_utc


class AnswerOutcome(enum.StrEnum):
    RECORDED = "recorded"
    ALREADY_ANSWERED = "already_answered"
    QUESTION_CLOSED = "question_closed"
    ROUND_OVER = "round_over"  # the round has ended (or there is no such round)
    PAUSED = "paused"  # the round is paused: nothing is recorded until it resumes


@dataclass(frozen=True, slots=True)
class AnswerResult:
    """The outcome; for recorded and already answered, the answer that stands."""

    outcome: AnswerOutcome
    option_index: int | None = None
    correct: bool | None = None
    response_ms: int | None = None
    team: int | None = None  # recorded in a team round: the team the member plays for
    recall: Marked | None = None  # an answer other than one option: what was typed or picked


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    moderator_role_id: int | None = None
    question_seconds: int = DEFAULT_QUESTION_SECONDS
    locale: str | None = None
    ping_role_id: int | None = None  # mentioned, and so notified, by a round's start card
    pause_limit_minutes: int = DEFAULT_PAUSE_LIMIT_MINUTES  # a longer pause ends the round
    time_zone: str = "UTC"  # the zone its scheduled rounds' times are in
    grace_minutes: int = DEFAULT_GRACE_MINUTES  # how late a scheduled round may still start
    suggestions_open: bool = True  # members may suggest questions for its own packs
    suggestions_channel_id: int | None = None  # where moderators see new suggestions
    ping_role_set_by: int | None = None  # who chose the ping role; None: unknown (pings less)


@dataclass(frozen=True, slots=True)
class MemberSettings:
    member_id: int
    daily_new_limit: int = 10
    time_zone: str = "UTC"
    reminders: bool = False
    reminder_hour: int = DEFAULT_REMINDER_HOUR
    quiet_start: int | None = None
    quiet_end: int | None = None
    locale: str | None = None  # of the bot's DMs; None: the member's Discord client language
    client_locale: str | None = None  # the client language the member last used the bot in
    dm_refused: bool = False  # a reminder DM was refused: reminders are off, to be told
    event_reminders: bool = True  # a DM before a scheduled round of an event they are into
    retention: int | None = None  # desired retention in percent; None: the default
    away_from: date | None = None  # the member's away window, both ends included
    away_until: date | None = None
    easy_days: int = 0  # easy weekdays as a bit mask, Monday = 1 (bot.quiz.review.study_days)
    daily_reviews: int | None = None  # due reviews offered in a day at most; None: no limit

    @property
    def dm_locale(self) -> str:
        """The language the bot writes to this member in, outside interactions."""
        return self.locale or self.client_locale or "en"

    @property
    def reminder_rules(self) -> ReminderSettings:
        """The settings as the domain's reminder rules take them."""
        start, end = self.quiet_start, self.quiet_end
        quiet = (
            Quiet(start, end) if start is not None and end is not None and start != end else None
        )
        return ReminderSettings(
            time_zone=self.time_zone,
            daily_new_limit=self.daily_new_limit,
            reminders=self.reminders,
            reminder_hour=self.reminder_hour,
            quiet=quiet,
            language=self.locale,
            event_reminders=self.event_reminders,
            plan=self.study_plan,
        )

    @property
    def study_plan(self) -> StudyPlan:
        """Days away, easy weekdays and the daily review limit, as the domain takes them."""
        first, last = self.away_from, self.away_until
        away = Away(first, last) if first is not None and last is not None else None
        return StudyPlan(away, weekdays_of(self.easy_days), self.daily_reviews)

    def quiet_at(self, now: datetime) -> bool:
        """Whether the member's quiet hours cover ``now`` where they are (an unknown zone is
        taken as UTC)."""
        zone = zone_or_utc(self.time_zone)
        return quiet_now(self.reminder_rules.quiet, now.astimezone(zone).hour)


@dataclass(frozen=True, slots=True)
class RoundView:
    id: int
    guild_id: int
    channel_id: int
    pack_id: str
    started_by: int
    question_seconds: int
    question_order: tuple[str, ...]
    state: RoundState
    question_index: int
    question_open: bool
    question_opened_at: datetime | None
    closes_at: datetime | None
    started_at: datetime
    ended_at: datetime | None
    message_ids: dict[str, int]
    pack_version_id: int | None = None  # the server pack's version it plays; None: a built-in
    end_reason: str | None = None  # why it ended by itself, if it did
    paused_at: datetime | None = None  # None: not paused (kept once the round has ended)
    paused_until: datetime | None = None  # when a paused round ends by itself
    mode: RoundMode = RoundMode.NORMAL
    ping_role_id: int | None = None  # the role its start card pings, if it owes one
    teams: TeamPlan | None = None  # a team round's teams

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    @property
    def paused_left_s(self) -> float | None:
        """The open question's seconds left while the round is paused; None while it runs."""
        if self.paused_at is None or not self.question_open:
            return None
        return time_left(self.closes_at, self.paused_at, self.question_seconds)

    @property
    def current_question_id(self) -> str | None:
        """The open or last closed question; None before the first one opens."""
        if self.question_index < 0:
            return None
        return self.question_order[self.question_index]


@dataclass(frozen=True, slots=True)
class Paused:
    """A round just paused at question ``question_index``, and when it ends by itself unless
    resumed; ``left_s``: the open question's seconds left (None between questions)."""

    round_id: int
    question_index: int
    left_s: float | None
    paused_until: datetime


@dataclass(frozen=True, slots=True)
class Resumed:
    """A round just resumed; ``closes_at``: when its re-opened question now closes (None
    between questions: the next one opens)."""

    round_id: int
    question_index: int
    closes_at: datetime | None


@dataclass(frozen=True, slots=True)
class Delivery:
    """A message a round owes Discord; ``attempts`` sends of it may already have reached it."""

    id: int
    round_id: int
    kind: Message
    question_index: int | None
    attempts: int


@dataclass(frozen=True, slots=True)
class OpenedQuestion:
    round_id: int
    question_index: int
    question_id: str
    opened_at: datetime
    closes_at: datetime


@dataclass(frozen=True, slots=True)
class FastAnswer:
    member_id: int
    response_ms: int


@dataclass(frozen=True, slots=True)
class Tally:
    """A closed question: answers per option, the correct option, the fastest right answers."""

    round_id: int
    question_index: int
    question_id: str
    counts: tuple[int, ...]
    correct_index: int
    fastest: tuple[FastAnswer, ...]
    teams: tuple[TeamShare, ...] = ()  # a team round's: how each team answered
    right: int = 0
    wrong: int = 0
    # The wrong texts typed (or numbers) and how many typed each, as typed: members' text.
    wrong_given: tuple[tuple[str, int], ...] = ()

    @property
    def answered(self) -> int:
        return self.right + self.wrong


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    """Ranked rows from ``offset`` on; ``listed`` members have points, ``played`` answered."""

    period: str
    pack_id: str | None
    entries: tuple[Standing, ...]
    offset: int
    listed: int
    played: int

    @property
    def more(self) -> int:
        """Listed members after this page."""
        return max(0, self.listed - self.offset - len(self.entries))


@dataclass(frozen=True, slots=True)
class PackMastery:
    pack_id: str
    questions: int
    seen: int
    mastered: int


@dataclass(frozen=True, slots=True)
class MemberStats:
    member_id: int
    answers: int
    correct: int
    rounds: int
    streak_days: int
    packs: tuple[PackMastery, ...]
    next_review_due: datetime | None  # the moment asked when due now; None: nothing scheduled

    @property
    def accuracy(self) -> float | None:
        """None without answers: there is no accuracy to show, rather than 0 %."""
        return self.correct / self.answers if self.answers else None
