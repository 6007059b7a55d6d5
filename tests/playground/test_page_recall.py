"""The page shows a question answered from memory as Discord's client does: a person reviews
the shipped example pack, types answers in the card's modal, and ticks every option that
applies in its checkbox group."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.playground.browsing import become, run_command
from tests.playground.conftest import Playground, no_failures

pytestmark = [pytest.mark.browser, pytest.mark.e2e, pytest.mark.xdist_group("page")]
TYPED = ("all-to-all", "online softmax", "batch")  # the pack's first three cards, in order


def answer(page: Page, button: str) -> None:
    """Opens the newest card's modal with ``button``; the modal is then shown."""
    card = page.locator("li.message.ephemeral").last
    card.get_by_role("button", name=button).click()
    expect(page.locator("#modal")).to_be_visible()


def test_a_review_is_answered_in_the_pages_modals(page: Page, playground: Playground) -> None:
    become(page, playground, "maria")
    run_command(page, "/review", {"pack": "collectives-recall"})
    for typed in TYPED:
        answer(page, "Type your answer")
        page.fill('#modal [data-field="answer"]', typed)
        page.click("#modal .modal-submit")
        expect(page.locator("#modal")).to_be_hidden()
        result = page.locator("li.message.ephemeral", has_text=f"You answered {typed}")
        expect(result.last).to_contain_text("Right!")
        result.last.get_by_role("button", name="Next").click()
    answer(page, "Pick your answers")
    boxes = page.locator('#modal [data-field="answer"] label.checkbox')
    expect(boxes).to_have_count(4)
    for name in ("Tensor parallelism", "Pipeline parallelism"):
        boxes.filter(has_text=name).locator("input").check()
    page.click("#modal .modal-submit")
    expect(page.locator("#modal")).to_be_hidden()
    picked = page.locator("li.message.ephemeral", has_text="exactly the right ones")
    expect(picked.last).to_contain_text("Right!")
    no_failures(playground)
