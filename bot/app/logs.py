"""Logging set-up: human lines or one JSON object a line, and the bot token kept out of both."""

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
HUMAN_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
# Attributes every LogRecord has; anything else on a record came in through ``extra=``.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}


class Redactor:
    """Replaces a secret wherever it stands whole in a text."""

    def __init__(self, secret: str | None) -> None:
        self._pattern = (
            re.compile(rf"(?<!{_WORD_CHARACTER}){re.escape(secret)}(?!{_WORD_CHARACTER})")
            if secret
            else None
        )

    def __call__(self, text: str) -> str:
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
