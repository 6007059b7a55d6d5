"""A step's modal submission read as hostile input: the right options from a radio group or a
checkbox group (kept as ``0,2``), a typed answer's match only as offered, nothing else."""

from __future__ import annotations

from typing import Any

from bot.app.authoring.submissions import submitted_values

FIELDS = ("prompt.en", "correct", "match", "answer")


def sent(**components: Any) -> dict[str, Any]:
    return {
        "components": [
            {"type": 18, "component": {"custom_id": name, **value}}
            for name, value in components.items()
        ]
    }


def test_a_checkbox_groups_ticks_are_kept_in_order_once() -> None:
    values = submitted_values(sent(correct={"values": ["2", "0", "2"]}), FIELDS)
    assert values["correct"] == "0,2"
    assert submitted_values(sent(correct={"value": "3"}), FIELDS)["correct"] == "3"


def test_what_no_modal_offered_is_taken_as_empty() -> None:
    forged = sent(
        correct={"values": ["0", "9"]},
        match={"value": "fuzzy"},
        answer={"value": "1" * 100},
    )
    values = submitted_values(forged, FIELDS)
    assert (values["correct"], values["match"]) == ("", "")
    assert values["answer"] == "1" * 30  # the field's limit, the loader's for a number
    assert (
        submitted_values(sent(correct={"values": [str(i % 5) for i in range(9)]}), FIELDS)[
            "correct"
        ]
        == ""
    )
    assert submitted_values(sent(match={"value": "typo"}), FIELDS)["match"] == "typo"
    assert submitted_values(sent(), FIELDS) == dict.fromkeys(FIELDS, "")
