"""A heavy command in one server never slows another: while a moderator of one server floods
`/quiz pack export` and `/quiz analytics` on a pack of 200 questions with thousands of answers,
the members of another server clicking answers in a running round are answered at once; past
the server's limit the moderator is told, privately, to try again in a few seconds. The bot runs
in its own process, as in production (tests/e2e/test_upload_isolation.py says why)."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import yaml
from sqlalchemy import insert, text

from bot.app.kit.catalogue import tr
from bot.quiz.model import Pack
from bot.quiz.packs.heavy_commands import HEAVY_PER_WINDOW, HEAVY_WINDOW_S
from bot.quiz.reader.loader import MAX_QUESTIONS, parse_pack
from bot.quiz.rounds.plan import RoundPlan
from bot.quiz.rounds.rules import RoundState
from bot.storage.database import Database
from bot.storage.models import AnswerRow
from bot.storage.packs.library import sync_packs
from bot.storage.rounds import lifecycle
from standin.driver import StandInClient
from tests.e2e.conftest import TIMEOUT, Json, content_of, option_id, titled
from tests.e2e.test_bounded_replies import EPHEMERAL, flags_of
from tests.e2e.test_upload_isolation import answered, answered_or_failed, bot_process
from tests.shipped import copy_shipped_packs

PACK_ID = "big"
QUESTIONS = MAX_QUESTIONS  # 200, the most a pack may have
OPTIONS = 4
ANSWERING = 100  # members who answered every question in the flooding server: 20,000 answers
# A sixth of Discord's 3 s deadline: a click that waits on nothing is answered in tens of ms.
PROMPT_S = 0.5
FLOOD = 2 * HEAVY_PER_WINDOW  # the moderator's commands, all at once: half of them past the limit
LATER_CLICKS = 2  # once the flood is answered
# How long the flood may take to be answered: a guard that it is answered at all, not a figure.
# The suite's other workers share the two cores with the export workers; at a load of about 10
# the flood took longer than the 15 s the other waits allow.
FLOOD_ANSWERED_WITHIN_S = 60.0
MEMBERS = 5  # in each server


def big_pack_yaml() -> bytes:
    """A pack of QUESTIONS questions in English and Greek, each with OPTIONS explained options."""

    def both(english: str, greek: str) -> dict[str, str]:
        return {"en": english, "el": greek}

    def option(question: int, index: int) -> Json:
        written: Json = {"text": both(f"Option {index} of question {question}", f"Επιλογή {index}")}
        if index == question % OPTIONS:
            return {**written, "correct": True}
        why = both(f"Option {index} is not it, see question {question}.", "Δεν είναι αυτή.")
        return {**written, "why": why}

    questions = [
        {
            "id": f"q{number}",
            "prompt": both(f"Question {number}: which option is right?", f"Ερώτηση {number};"),
            "options": [option(number, index) for index in range(OPTIONS)],
            "explanation": both(f"Option {number % OPTIONS} is right.", "Έτσι είναι."),
        }
        for number in range(QUESTIONS)
    ]
    document = {
        "id": PACK_ID,
        "locales": ["en", "el"],
        "title": both("Big pack", "Μεγάλο πακέτο"),
        "summary": both("Two hundred questions.", "Διακόσιες ερωτήσεις."),
        "difficulty": "easy",
        "questions": questions,
    }
    return yaml.safe_dump(document, allow_unicode=True, sort_keys=False).encode()


async def seed_answers(database_url: str, pack: Pack, guild_id: int) -> None:
    """A finished round of ``pack`` in the server in which ANSWERING members answered every
    question, stored before the bot starts (as history: its messages are long delivered)."""
    db = Database.open(database_url)
    try:
        now = datetime.now(UTC) - timedelta(days=1)
        await sync_packs(db, [pack], now)
        view = await lifecycle.start_round(
            db,
            RoundPlan(
                guild_id=guild_id,
                channel_id=guild_id + 1,  # not the quiz channel; its messages are marked delivered
                pack_id=pack.id,
                started_by=guild_id,
                question_seconds=60,
                question_count=None,
            ),
            rng=random.Random(1),  # noqa: S311  # not a secret
            now=now,
        )
        await lifecycle.end_round(db, view.id, RoundState.FINISHED, now)
        rng = random.Random(2)  # noqa: S311
        rows = [
            {
                "round_id": view.id,
                "question_id": question.id,
                "member_id": 1000 + member,
                "guild_id": guild_id,
                "pack_id": pack.id,
                "option_index": (option := rng.randrange(OPTIONS)),
                "correct": option == question.correct_index,
                "response_ms": rng.randrange(500, 20_000),
                "answered_at": now + timedelta(seconds=index),
            }
            for member in range(ANSWERING)
            for index, question in enumerate(pack.questions)
        ]
        async with db.write() as connection:
            await connection.execute(insert(AnswerRow), rows)
            await connection.execute(
                text("UPDATE round_deliveries SET state = 'delivered' WHERE round_id = :id"),
                {"id": view.id},
            )
    finally:
        await db.close()


def quiz_channel(guild: Json) -> int:
    return int(next(c["id"] for c in guild["channels"] if c["name"] == "quiz"))


async def question_one(standin: StandInClient, guild: Json) -> Json:
    """The first question of the round the server's owner starts in its quiz channel."""
    owner, channel = int(guild["owner_id"]), quiz_channel(guild)
    start = await standin.command(owner, channel, "quiz start", pack=PACK_ID, seconds=300)
    await answered(standin, start)
    asked = titled("Question 1 of")

    async def posted() -> list[Json]:
        return [m for m in await standin.messages(channel, as_user=owner) if asked(m)]

    return (await standin.wait_for(posted, timeout=TIMEOUT))[-1]


async def flood(standin: StandInClient, guild: Json) -> list[int]:
    """FLOOD heavy commands from the server's owner, exports and analytics in turn, all sent
    before any is answered."""
    owner, channel = int(guild["owner_id"]), quiz_channel(guild)
    names = ["quiz pack export", "quiz analytics"]
    return [await standin.command(owner, channel, names[n % 2], pack=PACK_ID) for n in range(FLOOD)]


async def settled(standin: StandInClient, interaction_id: int) -> bool:
    """Whether everything the interaction's answer says is in (a deferral's followup too)."""
    report = await standin.interaction(interaction_id)
    bodies = [response["body"] for response in report["responses"]]
    deferred = bool(bodies) and bodies[0].get("type") == 5  # "thinking"
    return bool(bodies) and (not deferred or len(bodies) > 1)


async def clicks_until_answered(
    standin: StandInClient, message: Json, members: list[int], heavy: list[int]
) -> tuple[list[Json], list[Json]]:
    """Answer clicks on ``message``, one at a time, each as soon as the last was answered, by
    the members in turn, until the ``heavy`` commands are all answered and LATER_CLICKS more:
    the reports of those clicked meanwhile and of those clicked later."""
    meanwhile: list[Json] = []
    later: list[Json] = []
    deadline = asyncio.get_running_loop().time() + FLOOD_ANSWERED_WITHIN_S
    while len(later) < LATER_CLICKS:
        assert asyncio.get_running_loop().time() < deadline, "the heavy commands got no answer"
        done = all([await settled(standin, asked) for asked in heavy])
        clicks = len(meanwhile) + len(later)
        custom_id = option_id(message, clicks % OPTIONS)
        click = await standin.click(members[clicks % len(members)], message["id"], custom_id)
        (later if done else meanwhile).append(await answered_or_failed(standin, click))
    return meanwhile, later


async def test_a_flood_of_heavy_commands_in_one_server_slows_no_click_in_another(
    database_url: str, tmp_path: Path
) -> None:
    source = big_pack_yaml()
    quiz_dir = copy_shipped_packs(tmp_path / "quizzes")
    (quiz_dir / f"{PACK_ID}.yaml").write_bytes(source)
    async with StandInClient.start(guilds=2, members=MEMBERS) as standin:
        flooding, clicking = (await standin.state())["guilds"]
        await seed_answers(database_url, parse_pack(source, "big.yaml"), int(flooding["id"]))
        async with bot_process(standin.url, database_url, quiz_dir):
            message = await question_one(standin, clicking)
            members = [int(m["id"]) for m in clicking["members"] if not m["bot"]]
            heavy = await flood(standin, flooding)
            meanwhile, later = await clicks_until_answered(standin, message, members, heavy)
            outcomes = [await answered(standin, asked) for asked in heavy]
    clicked = meanwhile + later
    assert meanwhile, "no click was answered while the heavy commands ran"
    assert [report["failed"] for report in clicked] == [False] * len(clicked)
    waited = [ms for report in clicked if (ms := report["ms_to_first_response"]) >= PROMPT_S * 1e3]
    assert waited == [], f"clicks in the other server that waited (ms): {waited}"
    assert_limited(outcomes, flooding)


def assert_limited(outcomes: list[Json], guild: Json) -> None:
    """HEAVY_PER_WINDOW commands did their work; the others were refused privately, in the
    moderator's language, with the seconds until the server may run one again (nearly the
    whole window: the flood took seconds)."""
    locale = next(m for m in guild["members"] if m["id"] == guild["owner_id"])["locale"]
    said = ["\n".join(content_of(r) for r in outcome["responses"]) for outcome in outcomes]
    window = round(HEAVY_WINDOW_S)
    refusals = {
        tr(locale, "heavy.too_often", limit=HEAVY_PER_WINDOW, window=window, seconds=seconds): (
            seconds
        )
        for seconds in range(1, window + 1)
    }
    waits = [refusals[text] for text in said if text in refusals]
    assert len(waits) == FLOOD - HEAVY_PER_WINDOW, said
    assert all(window - TIMEOUT <= seconds <= window for seconds in waits), waits
    analytics = tr(locale, "analytics.title", pack="Big pack")
    exported = [text for text in said if f"`{PACK_ID}`" in text and text not in refusals]
    analysed = [text for text in said if analytics in text]
    assert len(exported) + len(analysed) == HEAVY_PER_WINDOW, said
    assert all(flags & EPHEMERAL for outcome in outcomes for flags in flags_of(outcome))
