"""Signing in to Discord with messages a person can act on, and stopping on a signal.

discord.py's own errors at sign-in (a refused token, a network that is not there) are tracebacks
naming none of quizbot's settings; here each becomes one line that does.
"""

from __future__ import annotations

import asyncio
import logging
import signal

import aiohttp
import discord

from bot.errors import ConfigError, QuizbotError

log = logging.getLogger(__name__)

LOGIN_TIMEOUT_S = 30.0
AUTHENTICATION_FAILED = 4004  # the gateway's close code for a token it does not accept
SIGN_IN_REFUSED = (
    "DISCORD_TOKEN: Discord refused the token (401 Unauthorized); copy it again from the "
    "developer portal (your application, Bot, Reset Token)"
)


async def sign_in(client: discord.Client, token: str, discord_url: str | None) -> None:
    """Logs in over REST, failing fast and clearly when the token or the network is wrong."""
    try:
        async with asyncio.timeout(LOGIN_TIMEOUT_S):
            await client.login(token)
    except discord.LoginFailure:
        raise ConfigError(SIGN_IN_REFUSED) from None
    except aiohttp.ClientConnectorError as error:
        raise unreachable(error, discord_url) from None
    except TimeoutError:
        raise QuizbotError(
            f"Discord did not answer within {LOGIN_TIMEOUT_S:g} s; {_check_network(discord_url)}"
        ) from None
    except discord.HTTPException as error:
        raise QuizbotError(
            f"Discord answered {error.status} when signing in; try again later"
        ) from None


def unreachable(error: aiohttp.ClientConnectorError, discord_url: str | None) -> QuizbotError:
    where = f"{error.host}:{error.port}"
    if isinstance(error, aiohttp.ClientConnectorDNSError):
        problem = f"cannot reach Discord: the name {error.host} does not resolve"
    else:
        reason = error.os_error.strerror or type(error.os_error).__name__
        problem = f"cannot connect to Discord at {where} ({reason})"
    return QuizbotError(f"{problem}; {_check_network(discord_url)}")


def _check_network(discord_url: str | None) -> str:
    if discord_url:
        return f"is the stand-in running at {discord_url}? (QUIZBOT_DISCORD_URL or --discord-url)"
    return "check this machine's network connection (and any firewall or proxy)"


def connection_failure(error: Exception) -> QuizbotError | None:
    """The message for a failure of the gateway connection that discord.py does not retry."""
    if isinstance(error, discord.ConnectionClosed) and error.code == AUTHENTICATION_FAILED:
        return ConfigError(SIGN_IN_REFUSED)
    if isinstance(error, discord.PrivilegedIntentsRequired):
        return ConfigError(
            "Discord refused the gateway intents; quizbot needs no privileged intents, "
            "so check the application's settings in the developer portal"
        )
    return None


class Stopper:
    """SIGINT and SIGTERM (``docker stop``) stop quizbot: the bot closes, or the start-up ends."""

    def __init__(self) -> None:
        self.signal_name: str | None = None
        self._client: discord.Client | None = None
        self._main = asyncio.current_task()
        self._closing: asyncio.Task[None] | None = None
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, self._stop, signum)

    def closes(self, client: discord.Client) -> None:
        """From now on a signal closes ``client`` (finishing queued answers) instead."""
        self._client = client

    def _stop(self, signum: signal.Signals) -> None:
        if self.signal_name is not None:
            return
        self.signal_name = signum.name
        log.info("%s received; stopping", signum.name)
        if self._client is not None:
            self._closing = asyncio.create_task(self._client.close())
        elif self._main is not None:
            self._main.cancel()
