"""The v10 gateway: HELLO, heartbeats, IDENTIFY -> READY + GUILD_CREATE, RESUME with replay.

IDENTIFY is paced per bucket and counted against the session starts (standin/session_starts.py).

Frames are plain-text JSON even when the client asks for zlib-stream; discord.py accepts both.
Each shard connection receives the events of the guilds with `(guild_id >> 22) % count == shard`,
whichever process opened it: several bot processes, each with its own shards, share one stand-in.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

import orjson
from aiohttp import WSMsgType, web

from standin.config import StandInConfig
from standin.model import Guild, Json
from standin.session_starts import Refusal, SessionStarts
from standin.snowflake import shard_of
from standin.world import World

_log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 0, 1, 2, 6, 9, 10, 11
GUILDS_INTENT = 1 << 0  # guilds, channels and roles coming and going
GUILD_MEMBERS_INTENT = 1 << 1
REPLAY_DEPTH = 1000
LARGE_THRESHOLD = 250  # what discord.py sends in IDENTIFY
CLOSE_UNKNOWN_ERROR = 4000
CLOSE_NOT_AUTHENTICATED = 4003
CLOSE_AUTHENTICATION_FAILED = 4004


@dataclass(slots=True)
class Session:
    id: str
    shard_id: int
    shard_count: int
    intents: int
    sequence: int = 0
    sent: deque[Json] = field(default_factory=lambda: deque(maxlen=REPLAY_DEPTH))
    socket: web.WebSocketResponse | None = None

    def serves(self, guild_id: int | None) -> bool:
        return shard_of(guild_id or 0, self.shard_count) == self.shard_id


class Gateway:
    def __init__(
        self,
        world: World,
        config: StandInConfig,
        url: Callable[[], str],
        starts: SessionStarts | None = None,
    ) -> None:
        self._world = world
        self._config = config
        self._url = url
        self.starts = starts or SessionStarts(config)
        self._sessions: dict[str, Session] = {}
        self.answer_heartbeats = True
        self.identified = 0

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await socket.prepare(request)
        interval = self._config.limits.heartbeat_interval_ms
        await socket.send_str(json.dumps({"op": HELLO, "d": {"heartbeat_interval": interval}}))
        session: Session | None = None
        try:
            async for frame in socket:
                if frame.type is not WSMsgType.TEXT:
                    break
                session = await self._receive(socket, session, json.loads(frame.data)) or session
        finally:
            if session is not None and session.socket is socket:
                session.socket = None
        return socket

    async def _receive(
        self, socket: web.WebSocketResponse, session: Session | None, payload: Json
    ) -> Session | None:
        op, data = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            if self.answer_heartbeats:
                # Discord's ack comes a round trip later. discord.py's heartbeat thread notes the
                # send time only once its send returns: an instant ack would read as 41 s of lag
                # ("Can't keep up, websocket is 41.3s behind").
                await asyncio.sleep(self._config.limits.heartbeat_ack_delay)
                with contextlib.suppress(ConnectionError, RuntimeError):  # closed meanwhile
                    await socket.send_str(json.dumps({"op": HEARTBEAT_ACK}))
            return None
        if op == IDENTIFY and session is None:
            return await self._identify(socket, data or {})
        if op == RESUME and session is None:
            return await self._resume(socket, data or {})
        return None

    async def _identify(self, socket: web.WebSocketResponse, data: Json) -> Session | None:
        if not await self._authenticated(socket, data):
            return None
        shard_id, shard_count = data.get("shard") or [0, 1]
        refused = self.starts.admit(int(shard_id))
        if refused is Refusal.TOO_EARLY:  # the client waits and identifies again
            await socket.send_str(json.dumps({"op": INVALID_SESSION, "d": False}))
            return None
        if refused is Refusal.TOKEN_RESET:
            await socket.close(code=CLOSE_AUTHENTICATION_FAILED)
            await self._end_sessions()
            return None
        session = Session(secrets.token_hex(16), shard_id, shard_count, int(data.get("intents", 0)))
        session.socket = socket
        self._sessions[session.id] = session
        self.identified += 1
        bot = self._world.bot.id
        guilds = [
            g for g in self._world.guilds.values() if session.serves(g.id) and bot in g.members
        ]
        await self._send(session, "READY", self._ready(session, guilds))
        for guild in guilds:
            await self._send(session, "GUILD_CREATE", self._guild_create(session, guild))
        return session

    async def _authenticated(self, socket: web.WebSocketResponse, data: Json) -> bool:
        """Whether the IDENTIFY or RESUME carries the bot's token; closed as Discord closes
        it otherwise (4003 without one, 4004 for another, or once the token was reset)."""
        if not data.get("token"):
            await socket.close(code=CLOSE_NOT_AUTHENTICATED)
            return False
        expected = self._config.token
        if expected is not None and data["token"] not in {expected, f"Bot {expected}"}:
            await socket.close(code=CLOSE_AUTHENTICATION_FAILED)
            return False
        return True

    async def _end_sessions(self) -> None:
        """Discord ends every session of a bot whose session starts ran out."""
        for session in self._sessions.values():
            socket, session.socket = session.socket, None
            if socket is not None and not socket.closed:
                await socket.close(code=CLOSE_AUTHENTICATION_FAILED)

    async def _resume(self, socket: web.WebSocketResponse, data: Json) -> Session | None:
        if self.starts.token_reset:  # a reset token resumes nothing
            await socket.close(code=CLOSE_AUTHENTICATION_FAILED)
            return None
        session = self._sessions.get(str(data.get("session_id")))
        if session is None:
            await socket.send_str(json.dumps({"op": INVALID_SESSION, "d": False}))
            return None
        session.socket = socket
        seen = int(data.get("seq") or 0)
        for frame in list(session.sent):
            if frame["s"] > seen:
                await socket.send_str(json.dumps(frame))
        await self._send(session, "RESUMED", {})
        return session

    def _ready(self, session: Session, guilds: list[Guild]) -> Json:
        return {
            "v": 10,
            "user": self._world.bot.payload(),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self._url(),
            "shard": [session.shard_id, session.shard_count],
            "application": {"id": str(self._world.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "geo_ordered_rtc_regions": [],
        }

    def _guild_create(self, session: Session, guild: Guild) -> Json:
        with_members = session.intents & GUILD_MEMBERS_INTENT
        members = [
            m for m in guild.members.values() if with_members or m.user.id == self._world.bot.id
        ]
        bot = guild.members[self._world.bot.id]
        return {
            **guild.payload(),
            "channels": [c.payload() for c in guild.channels.values()],
            "members": [m.payload() for m in members],
            "member_count": len(guild.members),
            "large": len(guild.members) > LARGE_THRESHOLD,
            "joined_at": bot.payload()["joined_at"],
            "unavailable": False,
            "threads": [],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [
                e.payload() for e in self._world.scheduled_events.values() if e.guild_id == guild.id
            ],
            "soundboard_sounds": [],
        }

    async def dispatch(
        self, event: str, data: Json, guild_id: int | None, *, intent: int | None = None
    ) -> bool:
        """Send to the session of the guild's shard: the newest connected one (sessions of other
        processes serve other shards; an older one is a process that went away), else the newest,
        buffered for its RESUME. An event of an `intent` goes only to a session that asked for
        it; False when no session took the event."""
        session = self._serving(guild_id)
        if session is None or (intent is not None and not session.intents & intent):
            return False
        await self._send(session, event, data)
        return True

    async def guild_available(self, guild: Guild) -> bool:
        """GUILD_CREATE for a guild the bot joined, or one back from an outage (gateway-events,
        Guild Create, scenarios 2 and 3), built for the session that serves it."""
        session = self._serving(guild.id)
        if session is None or self._world.bot.id not in guild.members:
            return False
        await self._send(session, "GUILD_CREATE", self._guild_create(session, guild))
        return True

    def _serving(self, guild_id: int | None) -> Session | None:
        serving = [s for s in self._sessions.values() if s.serves(guild_id)]
        connected = [s for s in serving if s.socket is not None and not s.socket.closed]
        return (connected or serving)[-1] if serving else None

    async def _send(self, session: Session, event: str, data: Json) -> None:
        session.sequence += 1
        frame = {"op": DISPATCH, "t": event, "s": session.sequence, "d": data}
        session.sent.append(frame)
        if session.socket is not None and not session.socket.closed:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await session.socket.send_str(orjson.dumps(frame).decode())  # a text frame

    async def drop_connections(self) -> int:
        """Close every live connection as a network fault would; sessions stay resumable."""
        live = [s for s in self._sessions.values() if s.socket is not None]
        for session in live:
            socket, session.socket = session.socket, None
            if socket is not None:
                await socket.close(code=CLOSE_UNKNOWN_ERROR)
        return len(live)

    def sessions(self) -> list[Json]:
        return [
            {
                "session_id": s.id,
                "shard": [s.shard_id, s.shard_count],
                "connected": s.socket is not None,
                "sequence": s.sequence,
            }
            for s in self._sessions.values()
        ]

    async def close(self) -> None:
        for session in self._sessions.values():
            if session.socket is not None:
                await session.socket.close()
