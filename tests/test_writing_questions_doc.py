"""docs/writing-questions.md says what the code does: its commands are the synced ones, its
limits the loader's, the forms' lifetime and bound the storage's, its example problem lines
the bot's own words, and its steps the domain's."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from pathlib import Path

from bot.app.authoring.messages import PROBLEMS
from bot.app.kit.catalogue import tr
from bot.quiz.authoring.question_form import (
    FormKind,
    Step,
    StepKind,
    picture_file,
    step_fields,
    steps,
)
from bot.quiz.authoring.suggestions import MAX_PENDING, REASON_LIMIT, WINDOW
from bot.quiz.authoring.suggestions import PER_MEMBER as PER_MEMBER_SUGGESTIONS
from bot.quiz.reader.accepted import MAX_ANSWER, MAX_ANSWERS
from bot.quiz.reader.loader import LIMITS, MAX_OPTIONS, MIN_OPTIONS
from bot.quiz.reader.pictures import FORMATS, MAX_PICTURE_BYTES, MAX_PICTURE_SIDE
from bot.storage.authoring.question_forms import LIFETIME, PER_MEMBER
from tests.pictures import picture

REPO = Path(__file__).resolve().parents[1]
DOC = (REPO / "docs" / "writing-questions.md").read_text(encoding="utf-8")
TREE = json.loads((REPO / "tests" / "e2e" / "fixtures" / "command_tree.json").read_text())


def _table(heading: str) -> dict[str, str]:
    section = DOC.split(heading, 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (?!field |command |---)(.+?) \| (.+?) \|$", section, re.MULTILINE)
    return dict(rows)


def _options(*path: str) -> list[str]:
    node = {"options": TREE}
    for name in path:
        node = next(o for o in node["options"] if o["name"] == name)
    return [o["name"] for o in node.get("options", [])]


def test_the_commands_are_the_synced_ones_with_their_options() -> None:
    for command in _table("## The commands"):
        words = command.strip("`").split()  # "/quiz", a group, a command, its options
        group, name, given = words[1], words[2], [w.strip("[]") for w in words[3:]]
        assert _options("quiz", group, name) == given, command


def test_the_limits_are_the_loaders() -> None:
    wanted = {kind: f"{LIMITS[kind]} characters" for kind in ("title", "summary", "explanation")}
    wanted |= {"question": f"{LIMITS['prompt']} characters", "why": f"{LIMITS['why']} characters"}
    wanted["option"] = f"{LIMITS['option']} characters each"
    side = MAX_PICTURE_SIDE
    wanted["picture"] = (
        f"{MAX_PICTURE_BYTES // 2**20} MiB: PNG, JPEG, WebP or GIF, {side} × {side} pixels"
    )
    assert list(FORMATS) == ["PNG", "JPEG", "WEBP", "GIF"]
    wanted["picture description"] = f"{LIMITS['image_alt']} characters"
    assert _table("The limits are the loader's:") == wanted
    assert f"(one a line, {MIN_OPTIONS} to {MAX_OPTIONS})" in DOC


def test_a_step_is_one_modal_of_at_most_five_fields() -> None:
    locales = ("en", "el")
    for kind in FormKind:
        for step in (*steps(locales, new_pack=True), Step(StepKind.PICTURE)):
            assert len(step_fields(step, locales, {"kind": kind.value})) <= 5  # Discord's limit
    assert f"1 to {MAX_ANSWERS} of up to {MAX_ANSWER} characters each" in DOC
    assert [s.kind for s in steps(locales, new_pack=True)] == [
        StepKind.PACK,
        StepKind.TEXTS,
        StepKind.TEXTS,
    ]


def test_the_forms_life_is_the_storages() -> None:
    assert timedelta(hours=1) == LIFETIME
    assert "lives an hour after its last change" in DOC
    assert PER_MEMBER == 3
    assert "at most three open at once" in DOC


def test_the_example_problems_are_the_bots_words() -> None:
    lines = [
        tr("en", "forms.problems", count=2),
        f"- **{tr('en', 'forms.field_options', language='English')}**: "
        + tr("en", PROBLEMS["option_count"], count=1, min=MIN_OPTIONS, max=MAX_OPTIONS),
        f"- **{tr('en', 'forms.field_correct')}**: "
        + tr("en", PROBLEMS["correct_beyond"], letter="D", count=1),
    ]
    assert "\n".join(f"> {line}" for line in lines) in DOC


def test_its_pictures_are_there() -> None:
    pictures = re.findall(r"!\[[^]]+\]\(([^)]+)\)", DOC)
    assert pictures == [
        "writing-questions-form.png",
        "writing-questions-problems.png",
        "writing-questions-queue.png",
    ]
    assert all((REPO / "docs" / picture).stat().st_size > 0 for picture in pictures)


def test_a_forms_picture_is_named_as_it_says() -> None:
    named = picture_file(picture())
    assert named is not None
    assert re.fullmatch(r"picture-[0-9a-f]{16}\.png", named)
    assert "`picture-` and 16 hex digits of its bytes'\nSHA-256" in DOC


def test_the_suggestions_limits_are_the_domains() -> None:
    section = DOC.split("## Members suggest, moderators decide", 1)[1]
    assert f"A member may send {PER_MEMBER_SUGGESTIONS} suggestions to a server in a day" in section
    assert timedelta(days=1) == WINDOW
    assert f"holds at most {MAX_PENDING} waiting ones" in section
    assert f"(optional, up to {REASON_LIMIT} characters)" in section
    labels = [tr("en", "forms.send_suggestion"), tr("en", "forms.approve")]
    assert all(f"**{label}**" in section for label in labels)
    for option in ("suggestions", "suggestions_channel"):
        assert option in _options("quiz", "settings")
        assert f"/quiz settings {option}" in section
