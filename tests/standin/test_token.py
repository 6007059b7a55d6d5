"""A stand-in told its bot's token refuses any other, as Discord does; the bot's servers with its
permissions; and `python -m standin` without its extra says what to install."""

from __future__ import annotations

import subprocess
import sys

import aiohttp
import discord
import pytest

from bot.app.runtime.discord_url import point_discord_at
from standin.config import StandInConfig
from standin.driver import StandInClient
from standin.permissions import BOT_ROLE_DEFAULT, EVERYONE_DEFAULT

RIGHT = "MTIz.right.token"  # fake tokens
WRONG = "MTIz.wrong.token"
UNAUTHORIZED = 401


async def _get(url: str, token: str) -> tuple[int, object]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{url}/api/v10/users/@me", headers={"Authorization": f"Bot {token}"}) as reply,
    ):
        return reply.status, await reply.json()


async def test_only_the_configured_token_is_accepted_over_rest() -> None:
    async with StandInClient.start(config=StandInConfig(token=RIGHT)) as standin:
        assert (await _get(standin.url, WRONG))[0] == UNAUTHORIZED
        status, user = await _get(standin.url, RIGHT)
    assert status == 200
    assert isinstance(user, dict)
    assert user["username"] == "quizbot"


async def test_without_a_configured_token_any_is_accepted() -> None:
    async with StandInClient.start() as standin:
        assert (await _get(standin.url, WRONG))[0] == 200


async def test_discord_py_fails_to_log_in_with_a_wrong_token() -> None:
    async with StandInClient.start(config=StandInConfig(token=RIGHT)) as standin:
        point_discord_at(standin.url)
        client = discord.Client(intents=discord.Intents.none())
        with pytest.raises(discord.LoginFailure):
            await client.login(WRONG)
        await client.close()


async def test_the_gateway_closes_with_4004_for_a_wrong_token() -> None:
    async with (
        StandInClient.start(config=StandInConfig(token=RIGHT)) as standin,
        aiohttp.ClientSession() as session,
        session.ws_connect(standin.url.replace("http", "ws", 1) + "/gateway") as socket,
    ):
        await socket.receive_json()  # HELLO
        identify = {"token": WRONG, "properties": {}, "intents": 0}
        await socket.send_json({"op": 2, "d": identify})
        closing = await socket.receive()
    assert closing.type is aiohttp.WSMsgType.CLOSE
    assert closing.data == 4004


async def test_the_bots_servers_come_with_its_permissions() -> None:
    async with StandInClient.start(guilds=2, config=StandInConfig(token=RIGHT)) as standin:
        assert standin.core is not None
        world = standin.core.world
        first = min(world.guilds)
        world.guilds[first].roles[first].permissions = 0  # @everyone grants nothing there
        point_discord_at(standin.url)
        http = discord.http.HTTPClient(discord.utils.MISSING)
        try:
            await http.static_login(RIGHT)
            guilds = await http.get_guilds(200)
        finally:
            await http.close()
    assert [int(g["id"]) for g in guilds] == sorted(world.guilds)
    assert [int(g["permissions"]) for g in guilds] == [
        BOT_ROLE_DEFAULT,
        BOT_ROLE_DEFAULT | EVERYONE_DEFAULT,
    ]


def test_the_stand_in_without_jsonschema_says_what_to_install() -> None:
    program = (
        "import sys\n"
        "sys.modules['jsonschema'] = None  # as if the standin extra were not installed\n"
        "from standin.__main__ import main\n"
        "raise SystemExit(main([]))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=False
    )
    assert result.returncode == 2
    assert result.stderr == (
        "the Discord stand-in needs the standin extra (jsonschema): "
        "pip install 'quizbot[standin]'\n"
    )
