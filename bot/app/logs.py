"""Logging set-up: one format for the whole process, and the bot token kept out of every record."""

from __future__ import annotations

import logging


class RedactingFilter(logging.Filter):
    """Replaces a secret wherever it would appear in a formatted record."""

    def __init__(self, secret: str) -> None:
        super().__init__()
        self._secret = secret

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self._secret and self._secret in message:
            record.msg = message.replace(self._secret, "[redacted]")
            record.args = None
        return True


def configure_logging(level: str, secret: str | None) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    if secret:
        handler.addFilter(RedactingFilter(secret))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
