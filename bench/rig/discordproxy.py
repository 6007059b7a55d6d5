"""A recording proxy between the bot and the Discord stand-in: REST under /api/v10 and the gateway.

Every REST exchange is recorded with its start and end (``time.monotonic``), method, path, route
template, status and embed titles. A ``Hold`` stops the first request that matches it, either
before it reaches the stand-in (lost in transit) or after the stand-in applied it (the reply is
withheld), so that a benchmark can kill the bot at exactly that moment. Gateway frames are
relayed both ways; READY's ``resume_gateway_url`` is rewritten so that a resuming client comes
back through the proxy, and HELLO's heartbeat interval can be shortened.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time

import aiohttp
from aiohttp import WSMsgType, web

from bench.rig.exchanges import Exchange, GatewayLink, Hold, Matcher, body_of, is_injected, route_of

API_PREFIX = "/api/v10"
HOP_BY_HOP = frozenset(
    {"host", "content-length", "transfer-encoding", "connection", "content-encoding", "keep-alive"}
)
POLL_S = 0.02


class DiscordProxy:
    def __init__(self, upstream: str, *, heartbeat_ms: int | None = None) -> None:
        self.upstream = upstream.rstrip("/")
        self.heartbeat_ms = heartbeat_ms  # HELLO's interval is rewritten to this when set
        self.exchanges: list[Exchange] = []
        self.links: list[GatewayLink] = []
        self.url = ""
        self._holds: list[Hold] = []
        self._runner: web.AppRunner | None = None
        self._session: aiohttp.ClientSession | None = None

    async def start(self) -> str:
        connector = aiohttp.TCPConnector(limit=0)  # held requests must not starve the others
        self._session = aiohttp.ClientSession(connector=connector, auto_decompress=False)
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.url = f"http://127.0.0.1:{self._runner.addresses[0][1]}"
        return self.url

    async def stop(self) -> None:
        for hold in self._holds:
            hold.release(forward=False)
        if self._runner is not None:
            await self._runner.cleanup()
        if self._session is not None:
            await self._session.close()

    def hold(self, matches: Matcher, *, applied: bool) -> Hold:
        hold = Hold(matches, applied)
        self._holds.append(hold)
        return hold

    def cancel(self, hold: Hold) -> None:
        """Withdraws a hold that no request took."""
        if hold in self._holds:
            self._holds.remove(hold)

    async def wait_for(self, matches: Matcher, timeout: float) -> Exchange | None:  # noqa: ASYNC109
        """The first recorded exchange that ``matches``, waiting up to ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            found = next((e for e in self.exchanges if matches(e)), None)
            if found is not None or time.monotonic() > deadline:
                return found
            await asyncio.sleep(POLL_S)

    # REST

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        raw = await request.read()
        path = request.path.removeprefix(API_PREFIX)
        exchange = Exchange(
            len(self.exchanges),
            request.method,
            path,
            route_of(request.method, path),
            time.monotonic(),
            body_of(raw, request.content_type),
        )
        self.exchanges.append(exchange)
        hold = self._take_hold(exchange)
        if hold is not None and not hold.applied and not await hold.stop(exchange):
            # Lost in transit: the bot that sent it is dead by now; this reply goes nowhere.
            return web.Response(status=502)
        response = await self._forward(request, raw, exchange)
        if hold is not None and hold.applied:
            await hold.stop(exchange)
        exchange.ended = time.monotonic()
        return response

    def _take_hold(self, exchange: Exchange) -> Hold | None:
        hold = next((h for h in self._holds if h.matches(exchange)), None)
        if hold is not None:
            self._holds.remove(hold)
        return hold

    async def _forward(self, request: web.Request, raw: bytes, exchange: Exchange) -> web.Response:
        assert self._session is not None  # noqa: S101 - started
        headers = {k: v for k, v in request.headers.items() if k.lower() not in HOP_BY_HOP}
        url = f"{self.upstream}{request.path_qs}"
        async with self._session.request(
            request.method, url, data=raw or None, headers=headers, allow_redirects=False
        ) as upstream:
            body = await upstream.read()
            exchange.replied = time.monotonic()
            exchange.status = upstream.status
            exchange.injected = is_injected(upstream.status, upstream.headers)
            reply = {k: v for k, v in upstream.headers.items() if k.lower() not in HOP_BY_HOP}
            return web.Response(status=upstream.status, body=body, headers=reply)

    # Gateway

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        assert self._session is not None  # noqa: S101 - started
        downstream = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await downstream.prepare(request)
        link = GatewayLink(time.monotonic())
        self.links.append(link)
        ws_url = self.upstream.replace("http://", "ws://", 1) + request.path_qs
        try:
            async with self._session.ws_connect(ws_url, max_msg_size=0) as upstream:
                await self._relay(downstream, upstream)
                link.close_code = upstream.close_code
        except aiohttp.ClientError:
            link.close_code = None
        finally:
            link.closed = time.monotonic()
            # The stand-in's close code (4000 when it drops the gateway) tells the client to resume.
            await downstream.close(code=link.close_code or aiohttp.WSCloseCode.GOING_AWAY)
        return downstream

    async def _relay(
        self, downstream: web.WebSocketResponse, upstream: aiohttp.ClientWebSocketResponse
    ) -> None:
        to_bot = asyncio.create_task(self._pump(upstream, downstream, rewrite=True))
        to_discord = asyncio.create_task(self._pump(downstream, upstream, rewrite=False))
        _, pending = await asyncio.wait({to_bot, to_discord}, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        if not upstream.closed:
            await upstream.close()

    async def _pump(
        self,
        source: web.WebSocketResponse | aiohttp.ClientWebSocketResponse,
        sink: web.WebSocketResponse | aiohttp.ClientWebSocketResponse,
        *,
        rewrite: bool,
    ) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            async for frame in source:
                if frame.type is WSMsgType.TEXT:
                    text = self._rewrite(frame.data) if rewrite else frame.data
                    await sink.send_str(text)
                elif frame.type is WSMsgType.BINARY:
                    await sink.send_bytes(frame.data)
                else:
                    return

    def _rewrite(self, text: str) -> str:
        if '"resume_gateway_url"' not in text and not (
            self.heartbeat_ms is not None and '"heartbeat_interval"' in text
        ):
            return text
        payload = json.loads(text)
        data = payload.get("d") or {}
        if "resume_gateway_url" in data:
            data["resume_gateway_url"] = self.url.replace("http://", "ws://", 1) + "/gateway"
        if "heartbeat_interval" in data and self.heartbeat_ms is not None:
            data["heartbeat_interval"] = self.heartbeat_ms
        return json.dumps(payload)
