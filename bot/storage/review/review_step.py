"""Review sessions: one call per member action (``take``), which grades what needs grading,
reads the member's queue and lets ``bot.quiz.review.session`` decide what comes next."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from random import Random

from sqlalchemy import Connection, Select, func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.quiz.review import scheduling, session
from bot.quiz.review.session import (
    CardKind,
    DueQueue,
    Grade,
    MissedQueue,
    Queue,
    QueuedCard,
    Session,
)
from bot.storage.database import Database
from bot.storage.models import AnswerRow, CardRow, QuestionRow, ReviewLogRow, RoundRow
from bot.storage.packs.library import EVERYWHERE, Where
from bot.storage.review.cards import REVIEW_SOURCE, CardReview, review_card_as_shown, review_cards
from bot.storage.review.due_queue import due_queue
from bot.storage.review.leeches import claim_notices, not_leech, untold_leeches

_QUESTION_OF_CARD = (CardRow.pack_id == QuestionRow.pack_id) & (
    CardRow.question_id == QuestionRow.question_id
)


async def take(
    db: Database,
    action: session.ReviewAction,
    *,
    now: datetime,
    rng: Random,
    where: Where = EVERYWHERE,
) -> session.ReviewStep:
    """Apply a member's action in a review session; the step to show next.

    An answer is graded (wrong: Again, right: Good, weighed for guessing) and its card
    rescheduled, its interval fuzzed with ``rng``, before the queue is read; only if the card
    is still as the answer's ``shown`` says, so a card shown once is graded at most once.
    Leeches the member was not told of ride on the step, once (the answer's own, if it made one).
    ``where``: whose packs it may show (a server sees only its own packs besides the built-ins).
    """
    answered_in = where if isinstance(where, int) else None  # whose pack defaults apply
    grade = (
        await _grade(db, action, now, rng, answered_in)
        if isinstance(action, session.Answer)
        else None
    )
    async with db.read() as connection:
        member_queue = await due_queue(connection, action.session.member_id, now, None, where)
        queue = await _session_queue(connection, action.session, now, member_queue, where)
        step = session.decide(action, queue, member_queue, grade)
        if isinstance(step, session.CardStep):
            step = await _as_shown(connection, step)
        if isinstance(step, session.AnsweredStep):
            return step
        untold = await untold_leeches(connection, action.session.member_id, where)
    told = await claim_notices(db, action.session.member_id, untold, now)
    return replace(step, leeches=told) if told else step


async def _as_shown(connection: AsyncConnection, step: session.CardStep) -> session.CardStep:
    """The card step with what its answer depends on: the options' order and the card's state."""
    member_id, card = step.session.member_id, step.card
    times = await connection.scalar(_times_reviewed(member_id, card.pack_id, card.question_id))
    last_review = await connection.scalar(
        select(CardRow.last_review).where(
            CardRow.member_id == member_id,
            CardRow.pack_id == card.pack_id,
            CardRow.question_id == card.question_id,
        )
    )
    return replace(step, times_reviewed=int(times or 0), shown=session.Shown(last_review))


def _times_reviewed(member_id: int, pack_id: str, question_id: str) -> Select[int]:
    """How often the member has answered the question, in rounds and reviews: what makes the
    options' order differ from one review of it to the next (``bot.quiz.rounds.shuffle``)."""
    return select(func.count()).where(
        ReviewLogRow.member_id == member_id,
        ReviewLogRow.pack_id == pack_id,
        ReviewLogRow.question_id == question_id,
    )


async def next_review(
    db: Database, member_id: int, now: datetime, pack_id: str | None = None
) -> DueQueue:
    """The member's queue at ``now``: in ``pack_id``, or, without it, in every pack (new
    questions then come from packs the member has begun)."""
    async with db.read() as connection:
        return await due_queue(connection, member_id, now, pack_id, EVERYWHERE)


async def _grade(
    db: Database, answer: session.Answer, now: datetime, rng: Random, answered_in: int | None
) -> Grade | None:
    """The answer graded, or None if its card changed since it was shown (not graded);
    ``answered_in``: the server it is given in (None: a DM)."""
    member_id = answer.session.member_id

    def grade(connection: Connection) -> Grade | None:
        question = connection.execute(
            select(
                QuestionRow.option_count, QuestionRow.correct_index, QuestionRow.guess_space
            ).where(
                QuestionRow.pack_id == answer.pack_id,
                QuestionRow.question_id == answer.question_id,
            )
        ).one_or_none()
        if question is None or not _answers(answer, question[0]):
            raise ValueError(f"{answer} is no answer to {answer.question_id}")
        times = connection.scalar(_times_reviewed(member_id, answer.pack_id, answer.question_id))
        recall = answer.recall
        card_review = CardReview(
            member_id,
            answer.pack_id,
            answer.question_id,
            recall.correct if recall is not None else answer.option_index == question[1],
            question[2],
            answer.response_ms,
            now,
            REVIEW_SOURCE,
            typo=recall is not None and recall.typo,
            guild_id=answered_in,
        )
        card = _review_card(connection, db.dialect, card_review, answer.shown, rng)
        if card is None:
            return None
        return Grade(
            answer.pack_id,
            answer.question_id,
            answer.option_index,
            question[1],
            card.due,
            times_reviewed=int(times or 0),
            recall=recall,
        )

    return await db.run_in_transaction(grade)


def _answers(answer: session.Answer, option_count: int) -> bool:
    """Whether ``answer`` is one to a question of ``option_count`` options: one of them, or
    an answer from memory picking none beyond them (a one-answer click is marked here; the
    others arrive marked, as only the pack knows what they accept)."""
    option, recall = answer.option_index, answer.recall
    if recall is None:
        return option is not None and 0 <= option < option_count
    return option is None and 0 <= (recall.picked or 0) < 1 << option_count


def _review_card(
    connection: Connection,
    dialect: str,
    card_review: CardReview,
    shown: session.Shown | None,
    rng: Random,
) -> scheduling.Card | None:
    """The card reviewed if it is still as shown; None (nothing written) if it changed."""
    if shown is None:  # a button from before buttons carried the card: as the card is
        return review_cards(connection, dialect, [card_review], rng)[card_review.key]
    return review_card_as_shown(connection, dialect, card_review, shown.last_review, rng)


async def _session_queue(
    connection: AsyncConnection,
    review_session: Session,
    now: datetime,
    member_queue: DueQueue,
    where: Where,
) -> Queue:
    scope = review_session.scope
    if scope.round_id is not None:
        return await _missed_queue(connection, scope.round_id, review_session.member_id)
    if scope.pack_id is None:
        return member_queue
    return await due_queue(connection, review_session.member_id, now, scope.pack_id, where)


async def _missed_queue(connection: AsyncConnection, round_id: int, member_id: int) -> MissedQueue:
    """The round's questions asked so far, still in its pack and not leeches of the member,
    that they got wrong (MISSED) or left unanswered (UNANSWERED)."""
    row = (
        await connection.execute(
            select(RoundRow.pack_id, RoundRow.question_order, RoundRow.question_index).where(
                RoundRow.id == round_id
            )
        )
    ).one_or_none()
    if row is None:
        return MissedQueue(())
    pack_id, order, index = row
    answered = dict(
        (
            await connection.execute(
                select(AnswerRow.question_id, AnswerRow.correct).where(
                    AnswerRow.round_id == round_id, AnswerRow.member_id == member_id
                )
            )
        ).all()
    )
    active = set(
        await connection.scalars(
            select(QuestionRow.question_id).where(
                QuestionRow.pack_id == pack_id, QuestionRow.active
            )
        )
    )
    active -= set(
        await connection.scalars(
            select(CardRow.question_id).where(
                CardRow.member_id == member_id, CardRow.pack_id == pack_id, ~not_leech()
            )
        )
    )
    return MissedQueue(
        tuple(
            QueuedCard(pack_id, question_id, _missed_kind(answered, question_id))
            for question_id in order[: index + 1]
            if question_id in active and not answered.get(question_id)
        )
    )


def _missed_kind(answered: dict[str, bool], question_id: str) -> CardKind:
    return CardKind.MISSED if question_id in answered else CardKind.UNANSWERED
