"""Logging set-up: human lines or one JSON object a line, and tokens kept out of both: the bot
token, and every interaction's token (for 15 minutes it lets whoever holds it answer as the bot).
discord.py logs each request's URL at DEBUG, and an interaction's token stands in the path of its
callback and of its followups (``/interactions/<id>/<token>/callback``, ``/webhooks/<application
id>/<token>/…``); the gateway's DEBUG lines hold each INTERACTION_CREATE whole, token field and
all."""

from __future__ import annotations

import datetime as dt
import json
import logging
import re
import sys

REDACTED = "[redacted]"
# A token is letters, digits and ``_-`` in parts joined by dots: it is redacted only where it
# stands whole, so that a token that happens to be short (``x``) does not turn "Context" into
# "Conte[redacted]t". A dot next to it is punctuation (no token begins or ends with one).
_WORD_CHARACTER = r"[A-Za-z0-9_-]"
# The segment after a webhook's or interaction's id, up to the next "/", "?", quote or space.
_TOKEN_IN_PATH = re.compile(r"(/(?:webhooks|interactions)/[0-9]+/)[^/?\s'\"\\]+")
# A "token" field, as a Python dict or JSON (quotes escaped once inside a JSON line) shows it.
_TOKEN_FIELD = re.compile(r"""(\\?['"]token\\?['"]\s*:\s*\\?['"])[^'"\\]+""")
HUMAN_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
# Attributes every LogRecord has; anything else on a record came in through ``extra=``.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}


class Redactor:
    """Replaces a secret wherever it stands whole in a text, and every interaction token."""

    def __init__(self, secret: str | None) -> None:
        self._pattern = (
            re.compile(rf"(?<!{_WORD_CHARACTER}){re.escape(secret)}(?!{_WORD_CHARACTER})")
            if secret
            else None
        )

    def __call__(self, text: str) -> str:
        for pattern in (_TOKEN_IN_PATH, _TOKEN_FIELD):
            text = pattern.sub(lambda found: found[1] + REDACTED, text)
        return text if self._pattern is None else self._pattern.sub(REDACTED, text)


class HumanFormatter(logging.Formatter):
    """``time LEVEL logger: message``, with any traceback below; redacted as a whole."""

    def __init__(self, redact: Redactor) -> None:
        super().__init__(HUMAN_FORMAT)
        self._redact = redact

    def format(self, record: logging.LogRecord) -> str:
        return self._redact(super().format(record))


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time, level, logger, message, any ``extra=`` fields, exception."""

    def __init__(self, redact: Redactor) -> None:
        super().__init__()
        self._redact = redact

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": dt.datetime.fromtimestamp(record.created, dt.UTC).isoformat(
                timespec="milliseconds"
            ),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        entry |= {key: value for key, value in vars(record).items() if key not in _STANDARD}
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return self._redact(json.dumps(entry, default=str, ensure_ascii=False))


def configure_logging(level: str, secret: str | None, log_format: str = "text") -> None:
    """One handler on stderr for the whole process, replacing any earlier set-up."""
    redact = Redactor(secret)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter(redact) if log_format == "json" else HumanFormatter(redact))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)


def is_configured() -> bool:
    """True once configure_logging has set up this process (failures then go to the log)."""
    return any(
        isinstance(handler.formatter, HumanFormatter | JsonFormatter)
        for handler in logging.getLogger().handlers
    )
