"""quizbot: a Discord tutor bot that teaches from quiz packs."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("quizbot")
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "unknown"
