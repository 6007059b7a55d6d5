"""Failures a person running quizbot can act on: a line or two each, and an exit status.

They are raised wherever the failure is understood and printed by the command line as they are,
without a traceback, so that each names the setting, what is wrong and what to do.
"""

from __future__ import annotations

CONFIG_EXIT = 2  # the settings or the packs are wrong: fix them and start again
RUNTIME_EXIT = 1  # something quizbot needs is not there (the network, the database)


class QuizbotError(Exception):
    """A runtime failure with a message for whoever runs quizbot."""

    exit_status = RUNTIME_EXIT

    def __init__(self, *lines: str) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines


class ConfigError(QuizbotError):
    """A setting (or the packs it points at) is wrong."""

    exit_status = CONFIG_EXIT
