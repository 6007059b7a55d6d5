"""docs/security.md states the limits the code enforces: each row of its table, its constant."""

from __future__ import annotations

import re
from pathlib import Path

from bot.app.kit import pack_checker as checker
from bot.quiz import loader, pictures, server_packs, suggestions, upload_rate, yamlcompose
from bot.storage import pending_uploads, question_forms

DOC = Path(__file__).resolve().parents[1] / "docs" / "security.md"


def _limits() -> dict[str, str]:
    """The rows of the page's "Limits" table: limit -> value."""
    section = DOC.read_text(encoding="utf-8").split("## Limits", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (?!limit |---)(.+?) \| (.+?) \|$", section, re.MULTILINE)
    return dict(rows)


def test_the_limits_table_states_the_enforced_limits() -> None:
    assert question_forms.LIFETIME.total_seconds() == 3600  # "an hour"
    kib = server_packs.MAX_PACK_BYTES // 1024
    window = f"{upload_rate.UPLOADS_PER_WINDOW} in any {upload_rate.WINDOW_S:.0f} seconds"
    assert _limits() == {
        "size of an uploaded pack": f"{kib} KiB",
        "packs a server may upload": str(server_packs.MAX_SERVER_PACKS),
        "uploads per server": f'{window} (then "try again in N s")',
        "time to check one upload": (
            f"{checker.PARSE_LIMIT_S:.0f} s in a worker process ({checker.WORKERS} workers), "
            f"{checker.PICTURE_LIMIT_S:.0f} s more per picture"
        ),
        "size of a question's picture": f"{pictures.MAX_PICTURE_BYTES // 2**20} MiB",
        "pixels of a question's picture": (
            f"{pictures.MAX_PICTURE_SIDE} × {pictures.MAX_PICTURE_SIDE}"
        ),
        "pictures one upload may attach": (
            f"{server_packs.UPLOAD_PICTURES} (the others are kept from the pack's current version)"
        ),
        "question forms open per moderator and server": (
            f"{question_forms.PER_MEMBER}, each for an hour after its last change"
        ),
        "uploads waiting for Confirm": (
            f"{pending_uploads.MAX_PER_SERVER} per server, 1 per moderator, each for "
            f"{pending_uploads.PREVIEW_S // 60} minutes"
        ),
        "suggested questions": (
            f"{suggestions.PER_MEMBER} per member and server in any "
            f"{suggestions.WINDOW.total_seconds() / 3600:.0f} hours; "
            f"{suggestions.MAX_PENDING} waiting per server"
        ),
        "questions in a pack": str(loader.MAX_QUESTIONS),
        "YAML nodes in a pack": str(yamlcompose.MAX_NODES),
        "nesting depth": str(yamlcompose.MAX_DEPTH),
        "characters on one line (every format)": str(yamlcompose.MAX_LINE),
    }
