"""Helpers for the scheduled-event tests: the bot's REST calls as raw HTTP, event bodies, and
Discord's response schemas from the OpenAPI document."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
from collections.abc import AsyncIterator
from functools import cache
from typing import Any

import aiohttp
import discord
import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from standin.openapi import spec_path

BOT = {"Authorization": "Bot standin-token"}
READY_S = 10.0
Json = dict[str, Any]


class Rest:
    """The bot's REST calls, as raw HTTP (discord.py has no recurrence or exceptions)."""

    def __init__(self, url: str, http: aiohttp.ClientSession) -> None:
        self._url = url
        self._http = http

    async def call(
        self, method: str, path: str, body: object = None, params: dict[str, str] | None = None
    ) -> tuple[int, Any]:
        url = f"{self._url}/api/v10{path}"
        async with self._http.request(method, url, json=body, params=params, headers=BOT) as r:
            return r.status, None if r.status == 204 else await r.json()


def at(hours: float, now: dt.datetime | None = None) -> str:
    """An ISO 8601 moment `hours` from now (or from `now`)."""
    return ((now or dt.datetime.now(dt.UTC)) + dt.timedelta(hours=hours)).isoformat()


def external(start_h: float = 1.0, end_h: float = 2.0, **fields: Any) -> Json:
    """A create body for an EXTERNAL event, as the bot would send it."""
    now = dt.datetime.now(dt.UTC)
    return {
        "name": "Quiz night",
        "privacy_level": 2,
        "entity_type": 3,
        "channel_id": None,
        "entity_metadata": {"location": "#quiz"},
        "scheduled_start_time": at(start_h, now),
        "scheduled_end_time": at(end_h, now),
        **fields,
    }


def field_codes(reply: Json, *path: str) -> list[str]:
    """The codes of a 50035's errors at `path`."""
    assert reply["code"] == 50035, reply
    node = reply["errors"]
    for part in path:
        node = node[part]
    return [e["code"] for e in node["_errors"]]


@cache
def _document() -> Json:
    path = spec_path()
    if not path.is_file():
        pytest.skip(f"Discord OpenAPI spec not found at {path}")
    document: Json = json.loads(path.read_bytes())
    return document


def schema_errors(payload: object, schema: str) -> list[str]:
    """What Discord's document finds wrong with `payload` as a `schema` (a response's)."""
    resource = Resource.from_contents(_document(), default_specification=DRAFT202012)
    registry: Registry[Any] = Registry().with_resource("urn:discord", resource)
    validator = Draft202012Validator(
        {"$ref": f"urn:discord#/components/schemas/{schema}"}, registry=registry
    )
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(payload)]


@contextlib.asynccontextmanager
async def connected(client: discord.Client) -> AsyncIterator[discord.Client]:
    """`client` connected to the stand-in (pointed at already) and ready; closed on exit."""
    import asyncio  # noqa: PLC0415

    task = asyncio.create_task(client.start("standin-token"))
    try:
        await asyncio.wait_for(client.wait_until_ready(), READY_S)
        yield client
    finally:
        await client.close()
        with contextlib.suppress(asyncio.CancelledError):
            await task
