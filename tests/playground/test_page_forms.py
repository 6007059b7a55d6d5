"""The page shows the modals the bot opens, as Discord's client does, and a person fills them in
and submits them: Maria begins a pack in forms from the command box, fixes a broken step whose
typed values come back, and saves it; closing a modal sends nothing; a picture is uploaded in a
question's picture step; Ben suggests a question and Maria approves it from her queue; the
pack grows to ten questions and is played."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from standin.interactions import APPLICATION_COMMAND, AUTOCOMPLETE
from tests.pictures import picture
from tests.playground.browsing import become, run_command
from tests.playground.conftest import Playground, no_failures

pytestmark = [pytest.mark.browser, pytest.mark.e2e, pytest.mark.xdist_group("page")]
REPO = Path(__file__).resolve().parents[2]
FORM_SHOT = REPO / "docs" / "writing-questions-form.png"
PROBLEMS_SHOT = REPO / "docs" / "writing-questions-problems.png"
QUEUE_SHOT = REPO / "docs" / "writing-questions-queue.png"
SHOOTING = os.environ.get("QUIZBOT_SCREENSHOT") == "1"  # refresh the pictures in docs/


def field(page: Page, name: str) -> str:
    return f'#modal [data-field="{name}"]'


def test_a_pack_is_written_in_the_pages_modals(page: Page, playground: Playground) -> None:
    become(page, playground, "maria")
    run_command(page, "/quiz pack ne", {"id": "page-cities", "title": "Cities"})
    modal = page.locator("#modal")
    expect(modal.locator("h2")).to_have_text("New pack")
    expect(page.locator(field(page, "title.en"))).to_have_value("Cities")
    page.fill(field(page, "summary.en"), "Capitals of the world.")
    page.click("#modal .modal-submit")
    expect(modal).to_be_hidden()

    reply = page.locator("li.message.ephemeral", has_text="Next: English texts.")
    reply.locator("button", has_text="Continue").click()
    expect(modal.locator("h2")).to_have_text("Question in English (1 of 1)")
    page.fill(field(page, "prompt.en"), "Which city is the capital of Greece?")
    page.fill(field(page, "options.en"), "Athens")
    page.locator(f'{field(page, "correct")} input[value="0"]').check()
    page.fill(field(page, "explanation.en"), "Athens has been the capital since 1834.")
    if SHOOTING:
        modal.locator(".modal-box").screenshot(path=str(FORM_SHOT))
    page.click("#modal .modal-submit")

    fix = page.locator("li.message.ephemeral", has_text="1 thing to fix")
    expect(fix).to_contain_text("has 1 line; a question has 2 to 5 options")
    if SHOOTING:
        fix.screenshot(path=str(PROBLEMS_SHOT))
    fix.locator("button", has_text="Fix and resubmit").click()
    expect(page.locator(field(page, "prompt.en"))).to_have_value(
        "Which city is the capital of Greece?"
    )
    page.fill(field(page, "options.en"), "Athens\nSparta\nCorinth")
    page.click("#modal .modal-submit")

    preview = page.locator("li.message.ephemeral", has_text="This is how it will read.")
    expect(preview).to_contain_text("A ✅ Athens")
    preview.locator("button", has_text="Save").click()
    stored = page.locator("li.message.ephemeral", has_text="is stored for this server")
    expect(stored).to_contain_text("Pack Cities (page-cities)")
    no_failures(playground)


def test_a_closed_modal_sends_nothing(page: Page, playground: Playground) -> None:
    become(page, playground, "maria")
    before = len(playground.call("GET", "/_standin/interactions"))
    run_command(page, "/quiz question ad", {"pack": "page-cities"})
    # visible: the page is the module's, and the last test's modal, hidden, had the same title
    expect(page.locator("#modal")).to_be_visible()
    expect(page.locator("#modal h2")).to_have_text("Question in English (1 of 1)")
    page.click("#modal .modal-cancel")
    expect(page.locator("#modal")).to_be_hidden()
    after = playground.call("GET", "/_standin/interactions")[before:]
    # The command alone: the closed modal made no interaction. Typing the pack sends
    # autocompletes (as Discord's client does), as many as the page's timing makes.
    made = [interaction["type"] for interaction in after if interaction["type"] != AUTOCOMPLETE]
    assert made == [APPLICATION_COMMAND], [(i["type"], i["responses"]) for i in after]
    no_failures(playground)


def test_a_picture_is_uploaded_in_the_pages_picture_step(
    page: Page, playground: Playground, tmp_path: Path
) -> None:
    become(page, playground, "maria")
    question = {"pack": "page-cities", "question": "which-city-is-the-capital-of-greece"}
    run_command(page, "/quiz question ed", question)
    modal = page.locator("#modal")
    expect(modal.locator("h2")).to_have_text("Question in English (1 of 1)")
    page.click("#modal .modal-submit")
    preview = page.locator("li.message.ephemeral", has_text="This is how it will read.").last
    preview.locator("button", has_text="Picture").click()
    expect(modal.locator("h2")).to_have_text("Picture for the question")
    square = tmp_path / "square.png"
    square.write_bytes(picture())
    page.set_input_files(field(page, "image"), str(square))
    page.fill(field(page, "image_alt.en"), "A plain teal square.")
    page.click("#modal .modal-submit")
    expect(modal).to_be_hidden()
    pictured = page.locator("li.message.ephemeral", has_text="Picture: picture-").last
    expect(pictured).to_contain_text("(A plain teal square.)")
    pictured.locator("button", has_text="Save").click()
    saved = page.locator("li.message.ephemeral", has_text="the question of pack")
    expect(saved).to_contain_text("is changed")
    no_failures(playground)


def test_a_member_suggests_a_question_and_a_moderator_approves_it(
    page: Page, playground: Playground
) -> None:
    become(page, playground, "ben")  # a plain member: no moderator role
    run_command(page, "/quiz question su", {"pack": "page-cities"})
    modal = page.locator("#modal")
    expect(modal.locator("h2")).to_have_text("Question in English (1 of 1)")
    page.fill(field(page, "prompt.en"), "Which city is the capital of Italy?")
    page.fill(field(page, "options.en"), "Milan\nRome\nNaples")
    page.locator(f'{field(page, "correct")} input[value="1"]').check()
    page.fill(field(page, "explanation.en"), "Rome has been the capital since 1871.")
    page.click("#modal .modal-submit")
    preview = page.locator("li.message.ephemeral", has_text="Suggesting a question").last
    preview.locator("button", has_text="Send to the moderators").click()
    expect(page.locator("li.message.ephemeral", has_text="Sent: the moderators")).to_be_visible()

    become(page, playground, "maria")
    run_command(page, "/quiz question qu")
    queue = page.locator("li.message.ephemeral", has_text="1 suggestion is waiting").last
    expect(queue).to_contain_text("Suggestion 1 for pack page-cities")
    expect(queue).to_contain_text("B ✅ Rome")
    if SHOOTING:
        queue.screenshot(path=str(QUEUE_SHOT))
    queue.locator("button", has_text="Approve").click()
    approved = page.locator("li.message.ephemeral", has_text="Approved: the question joins")
    expect(approved).to_contain_text("which-city-is-the-capital-of-italy")
    no_failures(playground)


def test_a_pack_of_ten_questions_with_a_picture_is_built_in_discord_alone(
    page: Page, playground: Playground
) -> None:
    """What the earlier tests of this module wrote (Greece, given a picture; Italy, suggested
    and approved) and eight more questions make ten, all from the page; a round asks ten."""
    become(page, playground, "maria")
    for number in range(3, 11):
        run_command(page, "/quiz question ad", {"pack": "page-cities"})
        expect(page.locator("#modal h2")).to_have_text("Question in English (1 of 1)")
        page.fill(field(page, "prompt.en"), f"Which city is number {number} on the list?")
        page.fill(field(page, "options.en"), f"City {number}\nTown {number}")
        page.locator(f'{field(page, "correct")} input[value="0"]').check()
        page.fill(field(page, "explanation.en"), f"City {number} is number {number}.")
        page.click("#modal .modal-submit")
        preview = page.locator("li.message.ephemeral", has_text="This is how it will read.").last
        expect(preview).to_contain_text(f"number {number} on the list")
        preview.locator("button", has_text="Save").click()
        saved = page.locator("li.message.ephemeral", has_text="which now has").last
        expect(saved).to_contain_text(f"which now has {number} questions")
    run_command(page, "/quiz st", {"pack": "page-cities", "seconds": "120"})
    expect(page.locator(".container .md-header").last).to_contain_text("Question 1 of 10")
    run_command(page, "/quiz sto")
    no_failures(playground)
