"""The stand-in is a package of its own: it loads nothing from the bot, and the bot runs (and
points discord.py at any URL) without loading it. Each side is imported in a fresh interpreter,
where nothing else has filled sys.modules."""

from __future__ import annotations

import json
import subprocess
import sys

EVERY_STANDIN_MODULE = """
import importlib, json, pkgutil, sys
import standin
for found in pkgutil.walk_packages(standin.__path__, "standin."):
    importlib.import_module(found.name)
print(json.dumps(sorted(sys.modules)))
"""

THE_BOT_AT_A_URL = """
import json, sys
import bot.cli, bot.app.runtime.main, bot.app.runtime.check
from bot.app.runtime.discord_url import point_discord_at
point_discord_at("http://127.0.0.1:1234")
print(json.dumps(sorted(sys.modules)))
"""


def _modules_loaded_by(program: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True, timeout=60
    )
    loaded: list[str] = json.loads(result.stdout)
    return loaded


def _within(package: str, modules: list[str]) -> list[str]:
    return [name for name in modules if name == package or name.startswith(f"{package}.")]


def test_the_stand_in_loads_nothing_from_the_bot() -> None:
    loaded = _modules_loaded_by(EVERY_STANDIN_MODULE)
    assert {"standin.core", "standin.driver", "standin.server", "standin.__main__"} <= set(loaded)
    assert _within("bot", loaded) == []


def test_the_bot_points_discord_py_at_a_url_without_the_stand_in() -> None:
    loaded = _modules_loaded_by(THE_BOT_AT_A_URL)
    assert "bot.app.runtime.discord_url" in loaded
    assert _within("standin", loaded) == []
    assert _within("bot.standin", loaded) == []
