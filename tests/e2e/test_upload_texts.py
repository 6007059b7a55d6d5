"""An upload whose texts hold what a message cannot carry (a lone surrogate, which no JSON
encoder takes; a NUL, which PostgreSQL cannot store) gets its problems back privately and
stores nothing, and the server's packs still list."""

from __future__ import annotations

import pytest

from tests.databases import BACKENDS
from tests.e2e.conftest import QuizWorld
from tests.e2e.test_bounded_replies import EPHEMERAL, flags_of
from tests.e2e.test_server_packs import home, run, said_in, stored_packs, upload
from tests.storage.factories import CAPITALS


@pytest.mark.parametrize("backend", BACKENDS, indirect=True)
async def test_an_upload_with_a_surrogate_or_a_nul_is_refused_and_packs_still_list(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    summary = "summary: Which city is the capital."
    explanation = "explanation: Paris has been the capital since 987."
    text = CAPITALS.replace(summary, 'summary: "Which \\ud800 city?"')
    text = text.replace(explanation, 'explanation: "Paris, \\0 since 987."')
    report = await upload(world, home(world), text)
    said = await said_in(world, report)
    assert said.startswith("The pack was not stored: 1 problem in the file.")
    assert "capitals.yaml:4:17: yaml: \\ud800 is U+D800 (a lone surrogate)" in said
    assert all(flags & EPHEMERAL for flags in flags_of(report))
    report = await upload(world, home(world), text.replace("\\ud800 ", ""))
    said = await said_in(world, report)
    assert "capitals.yaml:13:26: questions[0].explanation: holds U+0000" in said
    assert await stored_packs(world) == []
    listed = await said_in(world, await run(world, home(world), "quiz packs"))
    assert "this server's own pack" not in listed
