"""Logs: human lines or JSON lines, the token redacted only where it stands whole, interaction
tokens wherever discord.py writes them, and no warnings about voice support the bot never uses."""

from __future__ import annotations

import json
import logging
import subprocess
import sys

import pytest

from bot.app.runtime.logs import REDACTED, HumanFormatter, JsonFormatter, Redactor

TOKEN = "MTIz.secret-token.abc"  # noqa: S105  # a fake token to look for


def _refuse() -> None:
    raise RuntimeError(f"refused {TOKEN}")


def _record(message: str, *args: object, **extra: object) -> logging.LogRecord:
    record = logging.LogRecord("bot.test", logging.WARNING, __file__, 7, message, args, None)
    record.__dict__.update(extra)
    return record


@pytest.mark.parametrize(
    ("secret", "text", "shown"),
    [
        (TOKEN, f"token={TOKEN} sent", f"token={REDACTED} sent"),
        (TOKEN, f"Authorization: Bot {TOKEN}", f"Authorization: Bot {REDACTED}"),
        (TOKEN, f"{TOKEN}.", f"{REDACTED}."),
        ("x", "Context impl SQLiteImpl.", "Context impl SQLiteImpl."),
        ("x", "the token is x.", f"the token is {REDACTED}."),  # a full stop is not the token
        ("x", "the token is x", f"the token is {REDACTED}"),
        (None, "nothing to hide", "nothing to hide"),
    ],
)
def test_a_token_is_redacted_only_as_a_whole(secret: str | None, text: str, shown: str) -> None:
    assert Redactor(secret)(text) == shown


INTERACTION_TOKEN = "aW50ZXJhY3Rpb246OjEyMzQ1Njc4OTA-_x.y"  # noqa: S105  # a fake to look for


@pytest.mark.parametrize(
    "template",
    [
        "POST https://discord.com/api/v10/interactions/123/{}/callback with None has returned 204",
        "Webhook ID 9 with PATCH https://discord.com/api/v10/webhooks/9/{}/messages/@original",
        # The id before the token and the paths of other routes stay as they are.
        "GET /channels/12/messages/34 has returned 200; POST /webhooks/99/{}?wait=true",
        "WebSocket Event: {{'t': 'INTERACTION_CREATE', 'd': {{'token': '{}', 'id': '5'}}}}",
        '{{"token": "{}", "id": "5"}}',
        'ClientResponseError: 404, url=URL("http://127.0.0.1/webhooks/9/{}")',
    ],
)
def test_interaction_tokens_are_redacted_in_urls_and_payloads(template: str) -> None:
    assert Redactor(None)(template.format(INTERACTION_TOKEN)) == template.format(REDACTED)


@pytest.mark.parametrize("formatter", [HumanFormatter, JsonFormatter])
def test_both_formatters_hide_interaction_tokens(
    formatter: type[HumanFormatter | JsonFormatter],
) -> None:
    payload = {"t": "INTERACTION_CREATE", "d": {"id": "5", "token": INTERACTION_TOKEN}}
    url = f"https://discord.com/api/v10/webhooks/99/{INTERACTION_TOKEN}/messages/@original"
    for record in (_record("event %s", payload), _record("%s has returned 200", url)):
        line = formatter(Redactor(TOKEN)).format(record)
        assert INTERACTION_TOKEN not in line
        assert REDACTED in line


def test_json_lines_carry_the_fields_and_extras_and_hide_the_token() -> None:
    record = _record("signed in with %s", TOKEN, guilds=3)
    try:
        _refuse()
    except RuntimeError:
        record.exc_info = sys.exc_info()
    line = JsonFormatter(Redactor(TOKEN)).format(record)
    assert "\n" not in line
    entry = json.loads(line)
    assert entry["level"] == "WARNING"
    assert entry["logger"] == "bot.test"
    assert entry["message"] == f"signed in with {REDACTED}"
    assert entry["guilds"] == 3
    assert entry["time"].endswith("+00:00")
    assert "RuntimeError: refused [redacted]" in entry["exception"]
    assert TOKEN not in line


def test_human_lines_hide_the_token_in_tracebacks_too() -> None:
    record = _record("failed")
    try:
        _refuse()
    except RuntimeError:
        record.exc_info = sys.exc_info()
    text = HumanFormatter(Redactor(TOKEN)).format(record)
    assert " WARNING bot.test: failed\n" in text
    assert TOKEN not in text


def test_no_voice_support_warnings_on_start() -> None:
    program = (
        "import logging, discord\n"
        "logging.basicConfig(level=logging.INFO)\n"
        "assert discord.VoiceClient.warn_nacl or discord.VoiceClient.warn_dave\n"
        "from bot.app.runtime.client import QuizBot\n"
        "QuizBot()\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "voice" not in result.stderr
