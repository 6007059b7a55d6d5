"""The aiohttp server: REST under /api/v10, the gateway at /gateway, control under /_standin."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable
from http import HTTPStatus

from aiohttp import web

from standin import (  # noqa: F401  (registers routes)
    attachments,
    calendar_control,
    command_file_routes,
    control,
    event_routes,
    forged_control,
    limit_control,
    member_roles,
    modal_control,
    people,
    rest_interactions,
    world_control,
)
from standin.core import StandIn
from standin.errors import DiscordError, json_response
from standin.faults import Fault
from standin.model import Upload
from standin.ratelimit import RateLimitedError, injected_429
from standin.rest import NO_CONTENT, ROUTES, Call, Handler

API_PREFIX = "/api/v10"
MULTIPART = "multipart/form-data"
_TOKENLESS = ("/interactions/", "/webhooks/")  # authorised by the interaction token in the path
_CORE: web.AppKey[StandIn] = web.AppKey("core", StandIn)
_INJECTED: web.RequestKey[bool] = web.RequestKey("injected", bool)  # a fault's 429 answered it


def build_app(core: StandIn) -> web.Application:
    app = web.Application(client_max_size=32 * 1024 * 1024)
    app[_CORE] = core
    for method, template, handler in ROUTES:
        app.router.add_route(
            method, API_PREFIX + template, _endpoint(core, method, template, handler)
        )
    app.router.add_get("/gateway", core.gateway.handle)
    control.add_routes(app, core)
    people.add_routes(app, core)
    attachments.add_routes(app, core.files)
    command_file_routes.add_routes(app, core)
    app.on_shutdown.append(_close_gateway)
    return app


async def _close_gateway(app: web.Application) -> None:
    await app[_CORE].gateway.close()


def _endpoint(
    core: StandIn, method: str, template: str, handler: Handler
) -> Callable[[web.Request], Awaitable[web.Response]]:
    async def endpoint(request: web.Request) -> web.Response:
        started, arrived_at = core.config.clock(), core.config.wall_clock()
        response = await _answer(core, method, template, handler, request)
        core.changed()
        scope = response.headers.get("X-RateLimit-Scope")
        core.invalid_requests.note(response.status, scope, injected=request.get(_INJECTED, False))
        core.request_log.append(
            {
                "method": method,
                "route": template,
                "path": request.path.removeprefix(API_PREFIX),
                "status": response.status,
                "ms": round((core.config.clock() - started) * 1000, 1),
                "arrived_s": round(started, 6),  # StandInConfig.clock: monotonic seconds
                "arrived_at": round(arrived_at, 6),  # wall clock: seconds since the epoch
            }
        )
        return response

    return endpoint


async def _answer(
    core: StandIn, method: str, template: str, handler: Handler, request: web.Request
) -> web.Response:
    if not template.startswith(_TOKENLESS) and not _authorised(core, request):
        return json_response({"message": "401: Unauthorized", "code": 0}, 401)
    fault = core.faults.take(method, template)
    if fault is not None:
        injected = await _apply(core, fault)
        if injected is not None:
            request[_INJECTED] = injected.status == HTTPStatus.TOO_MANY_REQUESTS
            return injected
    try:
        token = request.headers.get("Authorization", "")
        headers = core.limiter.admit(method, template, dict(request.match_info), token)
    except RateLimitedError as limited:
        return json_response(limited.body, 429, limited.headers)
    try:
        body, uploads = await _body(core, request)
        _check_spec(core, method, template, request, attachments.form_for_spec(body, uploads))
        result = await handler(Call(core, request.match_info, request.query, body, uploads))
    except DiscordError as error:
        return json_response(error.body(), error.status, headers)
    if result is NO_CONTENT:
        return web.Response(status=204, headers=headers)
    return json_response(result, 200, headers)


def _authorised(core: StandIn, request: web.Request) -> bool:
    if core.session_starts.token_reset:  # the session starts ran out: Discord reset the token
        return False
    given = request.headers.get("Authorization", "")
    expected = core.config.token
    return given == f"Bot {expected}" if expected is not None else given.startswith("Bot ")


async def _apply(core: StandIn, fault: Fault) -> web.Response | None:
    if fault.delay > 0:
        await asyncio.sleep(fault.delay)
    if fault.status == HTTPStatus.TOO_MANY_REQUESTS:
        core.limiter.count_injected()
        limited = injected_429(fault.retry_after)
        return json_response(limited.body, 429, limited.headers)
    if fault.status is not None:
        return json_response({"message": f"{fault.status}: Server Error", "code": 0}, fault.status)
    return None


async def _body(core: StandIn, request: web.Request) -> tuple[object, dict[int, Upload]]:
    if not request.can_read_body:
        return None, {}
    if request.content_type == MULTIPART:
        return await attachments.read_form(request, core.config.limits.attachment_size_limit)
    try:
        return json.loads(await request.read()), {}
    except ValueError as exc:
        raise DiscordError(400, 50109, "The request body contains invalid JSON.") from exc


def _check_spec(
    core: StandIn, method: str, template: str, request: web.Request, body: object
) -> None:
    if core.spec is None or body is None:
        return
    media = request.content_type if request.content_type == MULTIPART else "application/json"
    errors = core.spec.check(method, template, body, media)
    if errors is None:
        return
    core.openapi_failures.append(
        {"method": method, "route": template, "path": request.path, "body": body, "errors": errors}
    )
    raise DiscordError(400, 50035, "Invalid Form Body", errors)


class StandInServer:
    """The stand-in listening on 127.0.0.1; `url` is known once `start` returns."""

    def __init__(self, core: StandIn) -> None:
        self.core = core
        self.app = build_app(core)  # more routes may be added until start()
        self._runner = web.AppRunner(self.app, access_log=None, shutdown_timeout=1.0)
        self._ticker: asyncio.Task[None] | None = None  # scheduled events as real time passes

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> str:
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        bound = self._runner.addresses[0][1]
        self.core.url = f"http://{host}:{bound}"
        self._ticker = asyncio.create_task(self.core.scheduler.run())
        return self.core.url

    async def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        await self._runner.cleanup()
