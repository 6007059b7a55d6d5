"""How often a server may run the heavy commands, those that read a whole pack or its every answer
here (`/quiz pack export`, `/quiz analytics`): at most ``HEAVY_PER_WINDOW`` of them, both kinds
together, in any ``HEAVY_WINDOW_S`` seconds, counted as uploads are (bot/quiz/packs/upload_rate.py:
in the process, per server, a refused attempt not counted).

Their work runs in the bot's worker processes, which every server shares: without a limit one
server could keep them busy and make every other server's exports and uploads wait.
"""

from __future__ import annotations

from bot.quiz.packs.upload_rate import UploadRate

# A moderator reads a pack's analytics, exports it to fix a question, and perhaps does the same
# for another pack: two to four in a minute. Five leave room for that, and hold one server to
# a small share of the workers' time (each is a fraction of a second for the largest pack, or
# for analytics of bot.quiz.analytics.items.MAX_ANALYSED_ANSWERS answers).
HEAVY_PER_WINDOW = 5
HEAVY_WINDOW_S = 60.0


def heavy_rate() -> UploadRate:
    """A fresh count of each server's heavy commands."""
    return UploadRate(limit=HEAVY_PER_WINDOW, window_s=HEAVY_WINDOW_S)
