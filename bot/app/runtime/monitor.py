"""The monitoring endpoint on QUIZBOT_METRICS_PORT: ``/metrics`` (Prometheus) and ``/healthz``.

``/healthz`` answers 200 only while the bot is ready and connected to Discord's gateway and its
database answers; otherwise 503, with which of the three failed. It is what a container's
HEALTHCHECK (``quizbot health``) and an orchestrator's probe ask.
"""

from __future__ import annotations

import asyncio
import logging

import discord
from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest

from bot.app.kit import metrics
from bot.errors import ConfigError
from bot.storage.database import Database
from bot.storage.readiness import describe, ping_database, running_round_count

log = logging.getLogger(__name__)

DATABASE_CHECK_S = 2.0


class Monitor:
    """The HTTP server for ``/metrics`` and ``/healthz``; started once the bot is built."""

    def __init__(self, client: discord.Client, db: Database) -> None:
        self._client = client
        self._db = db
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/healthz", self._healthz)
        self._runner = web.AppRunner(app, access_log=None)

    async def start(self, host: str, port: int) -> str:
        """Listens on ``host:port`` (0: a free port) and returns the base URL."""
        await self._runner.setup()
        try:
            await web.TCPSite(self._runner, host, port).start()
        except OSError as error:
            await self._runner.cleanup()
            raise ConfigError(
                f"QUIZBOT_METRICS_PORT: cannot listen on {host}:{port} ({error.strerror}); "
                "choose a free port"
            ) from error
        bound_host, bound_port = self._runner.addresses[0][:2]
        url = f"http://{bound_host}:{bound_port}"
        log.info("metrics on %s/metrics, health on %s/healthz", url, url)
        return url

    async def stop(self) -> None:
        await self._runner.cleanup()

    async def health(self) -> dict[str, bool]:
        return {
            "ready": self._client.is_ready() and not self._client.is_closed(),
            "gateway": self._gateway_open(),
            "database": await self._database_answers(),
        }

    def _gateway_open(self) -> bool:
        """The connection is open; with shards, every shard's this process serves."""
        client = self._client
        if isinstance(client, discord.AutoShardedClient):
            shards = [client.get_shard(s) for s in client.shard_ids or client.shards]
            return bool(shards) and all(s is not None and not s.is_closed() for s in shards)
        ws = client.ws
        return ws is not None and ws.open

    async def _database_answers(self) -> bool:
        try:
            async with asyncio.timeout(DATABASE_CHECK_S):
                await ping_database(self._db)
        except Exception as error:  # noqa: BLE001  # any failure means "not healthy"
            log.warning("health check: the database did not answer (%s)", describe(error))
            return False
        return True

    async def _healthz(self, _request: web.Request) -> web.Response:
        checks = await self.health()
        return web.json_response(checks, status=200 if all(checks.values()) else 503)

    async def _metrics(self, _request: web.Request) -> web.Response:
        health = await self.health()
        metrics.set_gateway(self._client.latency, connected=health["gateway"])
        if health["database"]:
            metrics.ROUNDS_RUNNING.set(await running_round_count(self._db))
        return web.Response(
            body=generate_latest(REGISTRY), headers={"Content-Type": CONTENT_TYPE_LATEST}
        )
