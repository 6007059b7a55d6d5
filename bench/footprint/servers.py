"""Memory of one ``quizbot run`` process by the servers it serves: RSS once it is ready.

    python -m bench.footprint.servers [--guilds 1 2500] [--members 2]

For each count it starts the stand-in with that many guilds (each with ``--members`` members and
the stand-in's usual channels and roles) and quizbot on a fresh SQLite file, waits until quizbot
logs that it is ready and then until its RSS stops growing, and stops both. Prints a table, then
one JSON line. The difference between two counts, divided by the guilds added, is the memory a
guild costs (discord.py's cache of its channels and roles, without privileged intents).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
from pathlib import Path
from typing import Any

from bench.rig.processes import BotProcess, StandInProcess, log_file
from bench.rig.procstat import rss_mb

REPO = Path(__file__).resolve().parents[2]
READY_S = 600.0
STEADY_POLL_S = 1.0  # RSS read this often until two readings agree within 1 MB


async def measure(guilds: int, members: int, workdir: Path) -> dict[str, Any]:
    log = log_file(workdir, f"guilds-{guilds}")
    standin_run = await StandInProcess.start(members, log, guilds=guilds)
    try:
        env = {
            "DATABASE_URL": f"sqlite+aiosqlite:///{workdir / f'guilds-{guilds}.db'}",
            "QUIZBOT_QUIZ_DIR": str(REPO / "quizzes"),
        }
        bot = await BotProcess.start(standin_run.url, env, log)
        try:
            ready = await bot.wait_ready(timeout=READY_S)
            before, now = 0.0, rss_mb(bot.process.pid)
            while abs(now - before) > 1.0:
                await asyncio.sleep(STEADY_POLL_S)
                before, now = now, rss_mb(bot.process.pid)
            return {"guilds": guilds, "ready_s": ready - bot.started, "rss_mb": now}
        finally:
            await bot.stop()
    finally:
        await standin_run.stop()
        log.close()


async def main_async(arguments: argparse.Namespace) -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory(prefix="quizbot-guilds-") as directory:
        return [
            await measure(count, arguments.members, Path(directory)) for count in arguments.guilds
        ]


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.footprint.servers", description=__doc__)
    parser.add_argument("--guilds", type=int, nargs="+", default=[1, 2500])
    parser.add_argument("--members", type=int, default=2)
    rows = asyncio.run(main_async(parser.parse_args()))
    print(f"{'guilds':>7} {'ready_s':>8} {'rss_mb':>8}")
    for row in rows:
        print(f"{row['guilds']:7d} {row['ready_s']:8.1f} {row['rss_mb']:8.1f}")
    first, last = rows[0], rows[-1]
    added = last["guilds"] - first["guilds"]
    per_guild_kb = (last["rss_mb"] - first["rss_mb"]) * 1024 / added if added else 0.0
    print(json.dumps({"rows": rows, "kb_per_guild": per_guild_kb}))


if __name__ == "__main__":
    main()
