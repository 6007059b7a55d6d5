"""At DEBUG, discord.py logs the URL of every request and every gateway event whole, so each
interaction's token passes through its logging (in the path of its callback and followups, in
the INTERACTION_CREATE payload). None of them may reach the bot's log, in either format: for 15
minutes a token lets whoever holds it answer as the bot."""

from __future__ import annotations

import io
import logging
import sys
from collections.abc import Iterator

import pytest

from bot.app.runtime.logs import REDACTED, configure_logging
from tests.e2e.conftest import QuizWorld, buttons_of


@pytest.fixture
def root_logging() -> Iterator[None]:
    """The root logger's handlers and level put back after the test set its own."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def bot_log(log_format: str) -> io.StringIO:
    """What the bot's own handler writes to stderr, set up as ``quizbot run`` sets it up."""
    stream = io.StringIO()
    with pytest.MonkeyPatch.context() as patch:  # only while the handler takes its stream
        patch.setattr(sys, "stderr", stream)
        configure_logging("DEBUG", "standin-token", log_format)
    return stream


@pytest.mark.usefixtures("root_logging")
@pytest.mark.parametrize("log_format", ["text", "json"])
async def test_no_interaction_token_reaches_the_log_at_debug(
    world: QuizWorld, log_format: str
) -> None:
    written = bot_log(log_format)
    await world.start_bot()
    member = world.members[0]
    # A deferral and its followup (a webhook with the token), a reply, and a click's reply.
    analytics = await world.command(world.owner, "quiz analytics", pack="mini")
    await world.said(analytics)
    await world.command(member, "leaderboard")
    board_message = await world.wait_for_message(lambda m: bool(buttons_of(m)))
    await world.click(member, board_message["id"], buttons_of(board_message)[0]["custom_id"])
    await world.stop_bot()
    assert world.standin.core is not None  # the stand-in runs in this process
    tokens = [interaction.token for interaction in world.standin.core.desk.by_id.values()]
    paths = [request["path"] for request in await world.standin.request_log()]
    application_id = (await world.standin.state())["application_id"]

    log = written.getvalue()
    assert len(tokens) == 3
    # Each token went over the wire in a path that discord.py logged, and stands redacted there
    # and in the gateway's payload.
    assert all(any(token in path for path in paths) for token in tokens)
    assert [token for token in tokens if token in log] == []
    assert log.count(f"/{REDACTED}/callback") == 3
    assert f"/webhooks/{application_id}/{REDACTED}" in log  # the analytics followup
    assert log.count(f"'token': '{REDACTED}'") == 3
