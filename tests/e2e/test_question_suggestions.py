"""Members suggest questions, moderators decide, end to end through the stand-in: a member's
suggestion in the same form as a moderator's question, its card in the server's suggestions
channel and in the moderators' queue, approved (as written, or as a moderator edited it) into
the pack or rejected with a reason, its author told by DM each time, and the history kept; the
rate limit, a closed server, and clicks from anyone but a moderator refused."""

from __future__ import annotations

import asyncio

import pytest

from bot.app.kit.catalogue import tr
from bot.app.settings.zones import known_zones
from bot.quiz.authoring.suggestions import PER_MEMBER, Status
from bot.quiz.reminders.reminder_settings import SettingsChange
from bot.storage.authoring import suggestions
from bot.storage.settings import settings
from standin.interactions import MODAL
from standin.permissions import MEMBER_OVERWRITE, SEND_MESSAGES
from tests.e2e.conftest import TIMEOUT, Json, QuizWorld, buttons_of, content_of
from tests.e2e.forms import (
    button,
    fields,
    opened,
    press,
    pressed_open,
    reply_message,
    said,
    submitted,
)
from tests.e2e.test_pictures import SQUARE
from tests.e2e.test_question_forms import modals_are_valid, stored_pack
from tests.e2e.test_server_packs import home, upload
from tests.storage.factories import CAPITALS

SUPPRESS_NOTIFICATIONS = 1 << 12  # Discord's message flag for a message that notifies nobody

ROME = {
    "prompt.en": "Which city is the capital of Italy?",
    "options.en": "Milan\nRome\nNaples",
    "correct": "1",
    "explanation.en": "Rome has been the capital since 1871.",
}


async def with_board(world: QuizWorld) -> Json:
    """A suggestions channel (made before the bot connects, so it knows it), the bot, pack
    `capitals` of the server's own, and the channel chosen for suggestions."""
    board = await world.standin.add_channel(world.guild_id, "suggestions")
    await world.start_bot()
    await upload(world, home(world), CAPITALS)
    saved = await world.command(world.owner, "quiz settings", suggestions_channel=board["id"])
    assert f"<#{board['id']}>" in str(saved["responses"][0]["body"])
    return board


async def suggested(world: QuizWorld, member: int, texts: dict[str, str] = ROME) -> str:
    """The member suggests a question for pack `capitals`; what the bot said once it is sent."""
    await opened(world, member, "quiz question suggest", pack="capitals")
    preview = await submitted(world, member, texts)
    assert "Send to the moderators" in [b.get("label") for b in buttons_of(_last(preview))]
    sent = await press(world, member, await reply_message(world, member), "Send to the moderators")
    return said(sent)


def _last(report: Json) -> Json:
    body = report["responses"][-1]["body"]
    return dict(body.get("data", body))


async def dms_of(world: QuizWorld, member: int, count: int) -> list[Json]:
    """The member's DMs from the bot, once there are ``count``."""
    channel = await world.standin.dm_channel(member)

    async def arrived() -> list[Json]:
        found = await world.standin.messages(channel, as_user=member)
        return found if len(found) >= count else []

    return await world.standin.wait_for(arrived, timeout=TIMEOUT)


async def queue_message(world: QuizWorld, moderator: int) -> Json:
    """The moderator's queue, as `/quiz question queue` shows it."""
    report = await world.command(moderator, "quiz question queue")
    assert report["responses"][0]["body"]["data"]["flags"] & 64  # private
    return await world.wait_for_message(
        lambda m: any(b.get("custom_id", "").startswith("sa:") for b in buttons_of(m)),
        as_user=moderator,
    )


def approve_id(message: Json) -> str:
    """The custom_id of the card's Approve, whatever the reader's language."""
    return next(b["custom_id"] for b in buttons_of(message) if b["custom_id"].startswith("sa:"))


async def settle(world: QuizWorld, report: Json) -> Json:
    """A deferred click's report once its edit (and any followup) is in."""

    async def done() -> Json:
        again = await world.standin.interaction(int(report["id"]))
        return again if len(again["responses"]) > 1 else {}

    return await world.standin.wait_for(done, timeout=TIMEOUT)


@pytest.mark.parametrize("backend", ["sqlite", "postgres"], indirect=True)
async def test_a_suggestion_is_approved_into_the_pack_and_its_author_told(
    world: QuizWorld,
) -> None:
    owner, member = world.owner, world.members[0]
    board = await with_board(world)

    answer = await suggested(world, member)
    assert "Sent: the moderators will decide" in answer
    assert f"You may suggest {PER_MEMBER - 1} more today." in answer
    [card] = await world.standin.wait_for(
        lambda: world.standin.messages(int(board["id"]), as_user=owner), timeout=TIMEOUT
    )
    assert "Which city is the capital of Italy?" in str(card["embeds"])
    assert [b["label"] for b in buttons_of(card)] == ["Approve", "Edit", "Reject"]

    queue = await queue_message(world, owner)
    assert "1 suggestion is waiting" in content_of({"body": queue})
    done = await settle(world, await world.click(owner, queue["id"], button(queue, "Approve")))
    assert "Approved: the question joins the pack as `which-city-is-the-capital-of-italy`" in said(
        done
    )
    assert "No suggestions are waiting." in said(done)
    pack = await stored_pack(world, "capitals")
    assert [q.id for q in pack.questions][-1] == "which-city-is-the-capital-of-italy"  # type: ignore[attr-defined]

    [dm] = await dms_of(world, member, 1)
    assert "Which city is the capital of Italy?" in dm["content"]
    assert "was approved" in dm["content"]

    async def card_decided() -> bool:
        [now] = await world.standin.messages(int(board["id"]), as_user=owner)
        return "Approved by" in str(now["embeds"]) and not buttons_of(now)

    await world.standin.wait_for(card_decided, timeout=TIMEOUT)
    [kept] = [s for s in await _all(world) if s.author_id == member]
    assert (kept.status, kept.decided_by, kept.edited) == (Status.APPROVED, owner, False)
    await modals_are_valid(world, count=1)


async def _all(world: QuizWorld) -> list[suggestions.Suggestion]:
    found = []
    for number in range(1, 20):
        one = await suggestions.suggestion(world.db, world.guild_id, number)
        if one is not None:
            found.append(one)
    return found


async def test_a_rejection_from_the_card_gives_its_reason_to_the_author(
    world: QuizWorld,
) -> None:
    owner, member = world.owner, world.members[0]
    board = await with_board(world)
    await suggested(world, member)
    [card] = await world.standin.wait_for(
        lambda: world.standin.messages(int(board["id"]), as_user=owner), timeout=TIMEOUT
    )
    modal = await pressed_open(world, owner, card, "Reject")
    assert list(fields(modal)) == ["reason"]
    reason = "We ask about capitals in Greek history only."
    answered = await submitted(world, owner, {"reason": reason})

    async def told() -> str:  # the card's edit, then the private followup: wait for both
        report = await world.standin.interaction(int(answered["id"]))
        return said(report) if "Rejected; its author is told." in said(report) else ""

    assert await world.standin.wait_for(told, timeout=TIMEOUT)

    [dm] = await dms_of(world, member, 1)
    assert "was not taken: We ask about capitals in Greek history only." in dm["content"]
    [now] = [
        m
        for m in await world.standin.messages(int(board["id"]), as_user=owner)
        if m["id"] == card["id"]
    ]
    assert "Rejected by" in str(now["embeds"])
    assert not buttons_of(now)
    pack = await stored_pack(world, "capitals")
    assert "which-city-is-the-capital-of-italy" not in [q.id for q in pack.questions]  # type: ignore[attr-defined]
    [kept] = await _all(world)
    assert (kept.status, kept.reason) == (Status.REJECTED, reason)


async def test_a_moderator_edits_a_suggestion_and_approves_it_as_edited(
    bot_world: QuizWorld,
) -> None:
    world, owner, member = bot_world, bot_world.owner, bot_world.members[0]
    await upload(world, home(world), CAPITALS)
    await suggested(world, member, {**ROME, "explanation.en": "Rome."})
    queue = await queue_message(world, owner)
    modal = await pressed_open(world, owner, queue, "Edit")
    inputs = fields(modal)
    assert inputs["prompt.en"]["value"] == ROME["prompt.en"]  # the member's, to edit
    better = {**ROME, "explanation.en": "Rome became the capital of Italy in 1871."}
    preview = await submitted(world, owner, better)
    assert "Editing a suggested question" in said(preview)
    done = await press(world, owner, await reply_message(world, owner), "Approve")
    assert "Approved" in said(done)
    pack = await stored_pack(world, "capitals")
    added = pack.question("which-city-is-the-capital-of-italy")  # type: ignore[attr-defined]
    assert added.explanation.get("en") == better["explanation.en"]
    [dm] = await dms_of(world, member, 1)
    assert "with some edits" in dm["content"]
    [kept] = await _all(world)
    assert (kept.status, kept.edited) == (Status.APPROVED, True)


async def test_suggestions_are_rate_limited_and_only_moderators_decide(
    world: QuizWorld,
) -> None:
    owner, member = world.owner, world.members[0]
    board = await with_board(world)
    for number in range(PER_MEMBER):
        texts = {**ROME, "prompt.en": f"Question number {number}?"}
        await suggested(world, member, texts)
    refused = await world.command(member, "quiz question suggest", pack="capitals")
    assert refused["responses"][0]["type"] != MODAL
    assert f"You have suggested {PER_MEMBER} questions" in await world.said(refused)

    not_mine = await world.command(member, "quiz question queue")
    assert "Only moderators" in await world.said(not_mine)
    card = (await world.standin.messages(int(board["id"]), as_user=member))[0]
    clicked = await world.click(member, card["id"], button(card, "Approve"))
    assert "Only moderators" in await world.said(clicked)  # a member's click on the card
    assert all(s.status is Status.PENDING for s in await _all(world))

    await world.command(owner, "quiz settings", suggestions=False)
    greek = world.members[1]
    assert world.locales[greek] == "el"
    closed = await world.command(greek, "quiz question suggest", pack="capitals")
    assert await world.said(closed) == tr("el", "suggest.closed")  # in the member's language


async def test_two_moderators_approving_at_once_add_the_question_once(
    bot_world: QuizWorld,
) -> None:
    world, owner, member = bot_world, bot_world.owner, bot_world.members[0]
    await upload(world, home(world), CAPITALS)
    role = await world.standin.add_role(world.guild_id, "Quizmaster")
    await world.command(owner, "quiz settings", moderator_role=role["id"])
    helper = world.members[1]
    await world.standin.give_role(world.guild_id, helper, role["id"])
    await suggested(world, member)
    first, second = await queue_message(world, owner), await queue_message(world, helper)
    clicks = await asyncio.gather(
        world.click(owner, first["id"], approve_id(first)),
        world.click(helper, second["id"], approve_id(second)),
    )
    answers = [said(await settle(world, click)) for click in clicks]
    joined = ("Approved: the question joins", "Εγκρίθηκε: η ερώτηση μπαίνει")
    assert sum(any(text in answer for text in joined) for answer in answers) == 1, answers
    pack = await stored_pack(world, "capitals")
    ids = [q.id for q in pack.questions]  # type: ignore[attr-defined]
    assert ids.count("which-city-is-the-capital-of-italy") == 1
    assert len(await dms_of(world, member, 1)) == 1


async def test_a_suggested_picture_joins_with_it_and_a_quiet_author_is_told_silently(
    bot_world: QuizWorld,
) -> None:
    world, owner, member = bot_world, bot_world.owner, bot_world.members[0]
    await upload(world, home(world), CAPITALS)
    hour = world.clock.now().hour
    # Quiet now, with a reminder hour outside the quiet hours (the default one, 18:00, fell in
    # them from 17:00 to 18:59 UTC, which the settings refuse).
    quiet = SettingsChange(
        quiet_start=hour, quiet_end=(hour + 2) % 24, reminder_hour=(hour + 12) % 24
    )
    _, problems = await settings.change_member_settings(
        world.db,
        member,
        quiet,
        known_zones=known_zones(),
        client_locale="en-US",
        now=world.clock.now(),
    )
    assert problems == []
    await opened(world, member, "quiz question suggest", pack="capitals")
    await submitted(world, member, ROME)
    await pressed_open(world, member, await reply_message(world, member), "Picture")
    files = {"image": [("rome.png", SQUARE, "image/png")]}
    await submitted(world, member, {"image_alt.en": "A teal square."}, files)
    await press(world, member, await reply_message(world, member), "Send to the moderators")

    queue = await queue_message(world, owner)
    assert "Picture: picture-" in str(queue["embeds"])
    await settle(world, await world.click(owner, queue["id"], approve_id(queue)))
    pack = await stored_pack(world, "capitals")
    added = pack.question("which-city-is-the-capital-of-italy")  # type: ignore[attr-defined]
    assert added.image is not None
    assert added.image.alt.get("en") == "A teal square."
    [dm] = await dms_of(world, member, 1)
    assert dm["flags"] & SUPPRESS_NOTIFICATIONS  # quiet hours: delivered, notifying nobody


async def test_an_approval_the_pack_cannot_take_leaves_the_suggestion_waiting(
    bot_world: QuizWorld,
) -> None:
    world, owner, member = bot_world, bot_world.owner, bot_world.members[0]
    await upload(world, home(world), CAPITALS)
    await suggested(world, member)
    queue = await queue_message(world, owner)
    await world.command(owner, "quiz pack remove", pack="capitals")
    done = said(await settle(world, await world.click(owner, queue["id"], approve_id(queue))))
    assert "Not approved; the suggestion still waits." in done
    assert "Pack `capitals` is no longer stored in this server." in done
    [kept] = await _all(world)
    assert (kept.status, kept.decided_by) == (Status.PENDING, None)
    channel = await world.standin.dm_channel(member)
    assert await world.standin.messages(channel, as_user=member) == []  # nothing to tell yet


async def test_a_suggestions_channel_the_bot_cannot_post_in_is_reported(world: QuizWorld) -> None:
    bot_user = int((await world.standin.state())["bot_user_id"])
    closed = await world.standin.add_channel(
        world.guild_id,
        "closed",
        [{"id": bot_user, "type": MEMBER_OVERWRITE, "deny": SEND_MESSAGES}],
    )
    await world.start_bot()
    saved = await world.command(world.owner, "quiz settings", suggestions_channel=closed["id"])
    warning = tr("en", "settings.suggestions_unreachable", channel=f"<#{closed['id']}>")
    assert warning in str(saved["responses"][0]["body"])
    kept = await settings.guild_settings(world.db, world.guild_id)
    assert kept.suggestions_channel_id == int(closed["id"])  # kept: it may be fixed later
    cleared = await world.command(world.owner, "quiz settings", clear_suggestions_channel=True)
    assert warning not in str(cleared["responses"][0]["body"])
    assert (await settings.guild_settings(world.db, world.guild_id)).suggestions_channel_id is None
