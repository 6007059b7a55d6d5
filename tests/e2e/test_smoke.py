"""The bot's commands as Discord holds them, and the simplest interactions."""

from __future__ import annotations

from bot.storage.rounds import lifecycle
from tests.e2e.conftest import QuizWorld
from tests.messages import heading_of


async def test_commands_are_synced_with_their_places_and_greek_names(bot_world: QuizWorld) -> None:
    commands = {c["name"]: c for c in (await bot_world.standin.state())["commands"]["global"]}
    assert set(commands) == {"quiz", "review", "leaderboard", "stats", "settings"}
    for own in ("review", "stats", "settings"):  # a member's own: in servers, DMs and group DMs
        assert commands[own]["contexts"] == [0, 1, 2]
        assert commands[own]["integration_types"] == [0, 1]  # also on the member's account
    assert commands["settings"]["name_localizations"]["el"] == "ρυθμίσεις"
    quiz = commands["quiz"]
    assert quiz["name_localizations"]["el"] == "κουίζ"
    assert quiz["contexts"] == [0]  # servers only
    assert quiz["integration_types"] == [0]  # installed with the bot to a server
    subcommands = {o["name"]: o for o in quiz["options"]}
    assert set(subcommands) == {
        *("start", "stop", "skip", "pause", "resume", "packs", "settings", "analytics"),
        *("pack", "schedule", "season", "question"),
    }
    season = {o["name"]: o for o in subcommands["season"]["options"]}
    assert set(season) == {"start", "end"}
    assert subcommands["season"]["name_localizations"]["el"] == "σεζόν"
    schedule = {o["name"]: o for o in subcommands["schedule"]["options"]}
    assert set(schedule) == {"add", "list", "remove", "skip"}
    assert subcommands["schedule"]["name_localizations"]["el"] == "πρόγραμμα"
    assert subcommands["start"]["name_localizations"]["el"] == "έναρξη"
    assert subcommands["start"]["description_localizations"]["el"].startswith("Έναρξη")
    language = next(o for o in subcommands["settings"]["options"] if o["name"] == "language")
    greek = {c["value"]: c["name_localizations"]["el"] for c in language["choices"]}
    assert greek == {"en": "Αγγλικά", "el": "Ελληνικά"}  # the choices, in a Greek client


async def test_no_privileged_intents(bot_world: QuizWorld) -> None:
    assert bot_world.bot is not None
    intents = bot_world.bot.intents
    assert not intents.members
    assert not intents.presences
    assert not intents.message_content


async def test_packs_lists_the_loaded_packs(bot_world: QuizWorld) -> None:
    report = await bot_world.command(bot_world.members[0], "quiz packs")
    text = await bot_world.said(report)
    assert "Sequence Parallelism and Ring Attention" in text
    assert "Mini quiz" in text
    assert "Guide: [The mini guide](https://example.org/mini)" in text


async def test_pack_autocomplete_matches_ids_and_titles(bot_world: QuizWorld) -> None:
    world = bot_world
    asked = await world.standin.autocomplete(
        world.members[0], world.channel_id, "quiz start", focused="pack", pack="ring"
    )
    report = await world.standin.wait_for_response(asked, timeout=10)
    choices = report["responses"][0]["body"]["data"]["choices"]
    assert choices == [
        {"name": "Sequence Parallelism and Ring Attention", "value": "ring-attention"}
    ]


async def test_one_round_per_channel(bot_world: QuizWorld) -> None:
    world = bot_world
    first = await world.command(world.owner, "quiz start", pack="mini", seconds=60)
    assert "Easy · 3 questions · 60 seconds each" in await world.said(first)
    second = await world.command(world.owner, "quiz start", pack="ring-attention")
    assert await world.said(second) == (
        f"A round is already running in <#{world.channel_id}>. Stop it with /quiz stop first."
    )


async def test_a_round_can_start_in_another_channel(bot_world: QuizWorld) -> None:
    world = bot_world
    guild = (await world.standin.state())["guilds"][0]
    general = int(next(c["id"] for c in guild["channels"] if c["name"] == "general"))
    report = await world.command(world.owner, "quiz start", pack="mini", channel=str(general))
    assert await world.said(report) == f"The round starts in <#{general}>."
    (view,) = await lifecycle.running_rounds(world.db)
    assert view.channel_id == general
    cards = await world.standin.messages(general, as_user=world.owner)
    assert any(heading_of(m) == "Quiz: Mini quiz" for m in cards)


async def test_stop_and_skip_without_a_round_say_so(bot_world: QuizWorld) -> None:
    world = bot_world
    for command in ("quiz stop", "quiz skip"):
        said = await world.said(await world.command(world.owner, command))
        assert said == "No round is running in this channel."
