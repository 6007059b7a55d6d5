"""The stand-in's own rules, checked without a bot: spec, message rules, commands, CLI."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from standin.core import StandIn
from standin.errors import DiscordError, RefusedError
from standin.openapi import OpenApiSpec, SpecMissingError, shared_spec, spec_path
from standin.permissions import MANAGE_GUILD, VIEW_CHANNEL, channel_permissions
from standin.rules import check_message

CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


def _spec() -> OpenApiSpec:
    spec = shared_spec(spec_path())
    if spec is None:
        pytest.skip(f"Discord OpenAPI spec not found at {spec_path()}")
    return spec


def test_spec_accepts_a_reply_and_names_the_bad_field() -> None:
    body = {"type": 4, "data": {"content": "hi", "flags": 64}}
    assert _spec().check("POST", CALLBACK, body) is None
    body["data"]["content"] = "x" * 2001
    errors = _spec().check("POST", CALLBACK, body)
    assert errors == {
        "data": {
            "content": {
                "_errors": [
                    {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 2000 or fewer in length."}
                ]
            }
        }
    }


def test_spec_takes_snowflakes_as_strings_or_integers_as_discord_does() -> None:
    route = "/users/@me/channels"
    assert _spec().check("POST", route, {"recipient_id": "1576727291235401728"}) is None
    assert _spec().check("POST", route, {"recipient_id": 1576727291235401728}) is None
    assert _spec().check("POST", route, {"recipient_id": "12a"}) is not None
    assert _spec().check("POST", route, {"recipient_id": -1}) is not None


def test_required_spec_missing_fails_loudly(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("QUIZBOT_REQUIRE_OPENAPI", "1")
    with pytest.raises(SpecMissingError):
        shared_spec(tmp_path / "absent.json")


def test_optional_spec_missing_warns(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.delenv("QUIZBOT_REQUIRE_OPENAPI", raising=False)
    assert shared_spec(tmp_path / "absent.json") is None
    assert "NOT checked" in caplog.text


def test_without_the_setting_the_spec_is_looked_for_in_shared_beside_the_repository() -> None:
    repository = Path(__file__).resolve().parents[2]
    expected = repository.parent / "shared" / "discord-api-spec" / "openapi.json"
    assert spec_path({}) == expected  # the place docs/development.md names
    assert spec_path({"QUIZBOT_OPENAPI_SPEC": "elsewhere.json"}) == Path("elsewhere.json")


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (
            {"components": [{"type": 1, "components": [{"type": 2, "custom_id": "a"}]}] * 6},
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "custom_id": "a"},
                            {"type": 2, "custom_id": "a"},
                        ],
                    }
                ]
            },
            "COMPONENT_CUSTOM_ID_DUPLICATED",
        ),
        (
            {"embeds": [{"description": "x" * 4000}, {"description": "y" * 2001}]},
            "MAX_EMBED_SIZE_EXCEEDED",
        ),
        ({"embeds": [{"title": "t"}] * 11}, "BASE_TYPE_MAX_LENGTH"),
    ],
)
def test_rules_beyond_the_spec_answer_50035(body: dict[str, object], code: str) -> None:
    with pytest.raises(DiscordError) as raised:
        check_message(body)
    assert raised.value.code == 50035
    assert code in str(raised.value.errors)


def test_channel_overwrites_hide_the_moderators_channel() -> None:
    core = StandIn(check_spec=False)
    core.world.seed(1, 2)
    guild = next(iter(core.world.guilds.values()))
    hidden = next(c for c in guild.channels.values() if c.name == "moderators")
    member = next(m for m in guild.members.values() if m.user.username.startswith("member-"))
    assert channel_permissions(guild, hidden, member) == 0
    moderator = next(r for r in guild.roles.values() if r.name == "Moderator")
    member.roles.append(moderator.id)
    assert channel_permissions(guild, hidden, member) & VIEW_CHANNEL
    assert channel_permissions(guild, hidden, member) & MANAGE_GUILD


async def test_commands_are_refused_as_a_client_would() -> None:
    core = StandIn(check_spec=False)
    core.world.seed(1, 1)
    guild = next(iter(core.world.guilds.values()))
    channel = next(iter(guild.channels.values()))
    member = next(m for m in guild.members.values() if m.user.username.startswith("member-"))
    core.world.commands.global_commands = [
        {
            "id": "1",
            "name": "quiz",
            "type": 1,
            "default_member_permissions": None,
            "options": [
                {
                    "type": 1,
                    "name": "start",
                    "options": [{"type": 4, "name": "seconds", "required": True, "min_value": 5}],
                },
                {"type": 1, "name": "admin", "options": []},
            ],
        }
    ]
    for name, options, fragment in [
        ("quiz", {}, "needs a subcommand"),
        ("quiz stop", {}, "no subcommand"),
        ("quiz start", {}, "required"),
        ("quiz start", {"seconds": 1}, "out of range"),
        ("quiz start", {"seconds": 9, "extra": 1}, "unknown options"),
        ("nope", {}, "no command"),
    ]:
        with pytest.raises(RefusedError, match=fragment):
            await core.command(member.user.id, channel.id, name, options)


async def test_runs_alone_from_the_command_line() -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "standin",
        "--port",
        "0",
        "--guilds",
        "2",
        "--members",
        "3",
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        assert process.stdout is not None
        line = (await asyncio.wait_for(process.stdout.readline(), 20)).decode()
        assert line.startswith("standin listening on http://127.0.0.1:")
        from standin.driver import StandInClient  # noqa: PLC0415  (the remote half of the driver)

        async with StandInClient.connect(line.split()[-1]) as remote:
            state = await remote.state()
        assert len(state["guilds"]) == 2
        assert {m["locale"] for m in state["guilds"][0]["members"] if not m["bot"]} >= {
            "en-US",
            "el",
        }
    finally:
        process.terminate()
        assert await asyncio.wait_for(process.wait(), 10) == 0
