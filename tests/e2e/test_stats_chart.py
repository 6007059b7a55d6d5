"""`/stats` attaches a chart of the member's progress: a PNG that the embed shows, read back
from the stand-in's CDN as a member's client would load it."""

from __future__ import annotations

import struct

from bot.app.kit.catalogue import tr
from bot.app.stats.embed import NO_FIGURE
from tests.e2e.conftest import Json, QuizWorld, followed_up, seed_finished_round
from tests.e2e.test_bounded_replies import EPHEMERAL, flags_of

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chart_size() -> tuple[int, int]:
    """The chart's width and height in pixels. Its module loads matplotlib, so it is imported
    here rather than at collection, which every test worker does (half a second of CPU each)."""
    from bot.app.stats.chart import HEIGHT_PX, WIDTH_PX  # noqa: PLC0415

    return WIDTH_PX, HEIGHT_PX


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header: the signature, then the IHDR chunk first."""
    assert data[:8] == PNG_SIGNATURE
    length, kind = struct.unpack(">I4s", data[8:16])
    assert (length, kind) == (13, b"IHDR")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


async def stats_message(world: QuizWorld, member: int) -> tuple[Json, Json]:
    """The report of a member's `/stats`, and the message it left, as the member sees it."""
    report = await followed_up(world, await world.command(member, "stats"))
    message_id = report["responses"][-1]["message_id"]
    (message,) = [m for m in await world.messages(as_user=member) if m["id"] == message_id]
    return report, message


async def attached_chart(world: QuizWorld, message: Json) -> bytes:
    (attachment,) = message["attachments"]
    assert attachment["filename"] == "stats.png"
    assert attachment["content_type"] == "image/png"
    (embed,) = message["embeds"]
    assert embed["image"]["url"] == "attachment://stats.png"
    data = await world.standin.attachment(attachment["url"])
    assert len(data) == attachment["size"]
    return data


async def test_stats_attach_a_chart_beside_the_figures(bot_world: QuizWorld) -> None:
    world = bot_world
    member = world.members[0]  # an en-US member
    await seed_finished_round(world, {member: 2})
    report, message = await stats_message(world, member)
    assert flags_of(report) == [EPHEMERAL, EPHEMERAL]  # "thinking…", then the stats
    assert "Accuracy: 67%" in await world.said(report)
    assert png_size(await attached_chart(world, message)) == chart_size()


async def test_a_member_without_answers_gets_a_dash_and_still_a_chart(
    bot_world: QuizWorld,
) -> None:
    world = bot_world
    for newcomer in world.members[1:3]:  # el, then en-US
        locale = world.locales[newcomer]
        report, message = await stats_message(world, newcomer)
        said = await world.said(report)
        assert f"{tr(locale, 'stats.accuracy')}: {NO_FIGURE}" in said
        assert "0%" not in said
        assert png_size(await attached_chart(world, message)) == chart_size()
