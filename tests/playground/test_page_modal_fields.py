"""The page's modal fields a question is answered in: a person ticks boxes in a checkbox group
(pick all that apply) and types in text inputs, and Submit sends what a Discord client sends
the stand-in's `/modals/submit`: the ticked values as a list, the typed text as a string.

The bot does not open such a modal yet, so the page's own modal view is shown one here, as the
stand-in's `modal_open` event would carry it, and what it submits is caught."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.playground.conftest import Playground

pytestmark = [pytest.mark.browser, pytest.mark.e2e, pytest.mark.xdist_group("page-modal")]

QUESTION: dict[str, Any] = {
    "interaction_id": "1",
    "message_id": "2",
    "custom_id": "answer",
    "title": "Question 1",
    "components": [
        {
            "type": 18,
            "id": 1,
            "label": "Which are capitals?",
            "component": {
                "type": 22,
                "id": 2,
                "custom_id": "picked",
                "options": [
                    {"label": "Athens", "value": "athens", "default": True},
                    {"label": "Sparta", "value": "sparta"},
                    {"label": "Rome", "value": "rome"},
                ],
            },
        },
        {
            "type": 18,
            "id": 3,
            "label": "How many hills has Rome?",
            "component": {"type": 4, "id": 4, "custom_id": "number", "style": 1, "value": "5"},
        },
        {
            "type": 18,
            "id": 5,
            "label": "Why?",
            "component": {"type": 4, "id": 6, "custom_id": "why", "style": 2, "required": False},
        },
    ],
}
# The page's ModalView on a form of its own, its submissions kept in window.sent.
SHOW = """async (modal) => {
  const { ModalView } = await import("/_standin/web/modal.js");
  const form = document.createElement("form");
  [form.id, form.className] = ["answer-form", "modal"];
  document.body.append(form);
  window.sent = null;
  const submit = async (values, files) => { window.sent = { values, files }; };
  new ModalView(form, { submit, close: async () => {} }).show(modal, "en-US");
}"""


def test_a_person_ticks_boxes_and_types_answers_in_a_modal(
    page: Page, playground: Playground
) -> None:
    page.evaluate(SHOW, QUESTION)
    form = page.locator("#answer-form")
    boxes = form.locator('[data-field="picked"] input[type=checkbox]')
    expect(boxes).to_have_count(3)
    expect(form.locator('[data-field="picked"]')).to_contain_text("Sparta")
    expect(boxes.nth(0)).to_be_checked()  # its default
    expect(form.locator('[data-field="number"]')).to_have_value("5")
    form.get_by_text("Which are capitals?").click()  # the question is no box's label
    expect(boxes.nth(0)).to_be_checked()
    boxes.nth(2).check()
    form.get_by_label("Sparta").check()
    form.get_by_label("Sparta").uncheck()
    form.locator('[data-field="number"]').fill("7")
    form.locator(".modal-submit").click()
    expect(form).to_be_hidden()
    sent = page.evaluate("() => window.sent")
    assert sent == {
        "values": {"picked": ["athens", "rome"], "number": "7", "why": ""},
        "files": {},
    }
    page.evaluate("() => document.querySelector('#answer-form').remove()")
