"""The interaction token's webhook routes under Discord's rules (interactions/
receiving-and-responding, "Followup Messages"): after an UPDATE_MESSAGE response, @original is
the message the click updated; an interaction only a user's install authorized (the app is not
in that server) takes five followups, the sixth refused with 40094; a server's takes more."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from standin.config import ROUTE_LIMITS
from standin.driver import StandInClient
from tests.standin.conftest import MiniBot, started
from tests.standin.scheduling import Rest
from tests.standin.test_user_installs import InstallBot, install_bot

__all__ = ["install_bot"]  # the fixture, used below
MAX_FOLLOWUPS = 40094


@pytest.fixture
async def standin() -> AsyncIterator[StandInClient]:
    """The usual stand-in, its followup bucket wider than the cap, so the cap is what answers."""
    routes = {**ROUTE_LIMITS, "interaction-webhook": (10, 2.0)}
    async with started(guilds=2, members=5, routes=routes) as fresh:
        yield fresh


def _token(standin: StandInClient, interaction_id: int) -> str:
    assert standin.core is not None
    return standin.core.desk.by_id[interaction_id].token


async def test_after_an_update_at_original_is_the_updated_message(
    standin: StandInClient, bot: MiniBot, place: dict[str, Any], rest: Rest
) -> None:
    hello = await standin.wait_for_response(
        await standin.command(place["alice"], place["channel"], "hello")
    )
    message = hello["original_message_id"]
    clicked = await standin.click_and_wait(place["alice"], message, "yes")  # UPDATE_MESSAGE
    application = (await standin.state())["application_id"]
    original = f"/webhooks/{application}/{_token(standin, int(clicked['id']))}/messages/@original"
    status, shown = await rest.call("GET", original)
    assert (status, shown["id"], shown["content"]) == (200, message, "You said yes")
    status, edited = await rest.call("PATCH", original, {"content": "You said yes, twice"})
    assert (status, edited["id"]) == (200, message)


async def followups(
    standin: StandInClient, rest: Rest, interaction_id: int, count: int
) -> list[int]:
    application = (await standin.state())["application_id"]
    path = f"/webhooks/{application}/{_token(standin, interaction_id)}"
    statuses = []
    for number in range(count):
        status, reply = await rest.call("POST", path, {"content": f"more {number}"})
        statuses.append(status if status != 400 else reply["code"])
    return statuses


async def test_a_user_install_alone_takes_five_followups_a_server_more(
    standin: StandInClient, install_bot: InstallBot, place: dict[str, Any], rest: Rest
) -> None:
    group = await standin.group_dm([place["alice"], place["bob"]])  # no bot, no server install
    await standin.install_app(place["alice"])
    mine = await standin.command(place["alice"], group, "anywhere")
    await standin.wait_for_response(mine)
    assert await followups(standin, rest, mine, 6) == [204] * 5 + [MAX_FOLLOWUPS]

    served = await standin.command(place["alice"], place["channel"], "anywhere")
    await standin.wait_for_response(served)  # the server's install authorizes it too
    assert await followups(standin, rest, served, 6) == [204] * 6
