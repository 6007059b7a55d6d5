"""Discord's payloads on the playground page as the Discord client shows them: markdown,
mentions within their sentence, embeds (plain footers with their line breaks), buttons, edits and
deletes; and emoji drawn, not empty boxes."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.playground.browsing import become, bot_request, member_id
from tests.playground.conftest import Playground

pytestmark = [pytest.mark.browser, pytest.mark.e2e, pytest.mark.xdist_group("page-rendering")]


def test_discord_payloads_render_as_the_discord_client_shows_them(
    page: Page, playground: Playground
) -> None:
    guild = playground.call("GET", "/_standin/state")["guilds"][0]
    channel = {c["name"]: c["id"] for c in guild["channels"]}
    moderator = next(r["id"] for r in guild["roles"] if r["name"] == "Moderator")
    become(page, playground, "ben")
    page.locator(f'.channel[data-channel="{channel["general"]}"]').click()
    soon = int(time.time()) + 30
    content = (
        f"Hi <@{member_id(playground, 'ben')}>, see <#{channel['quiz']}> and <@&{moderator}>: "
        f"**bold**, `code`, ~~gone~~, <t:{soon}:R>"
    )
    posted = bot_request(
        playground, "POST", f"/channels/{channel['general']}/messages", RICH | {"content": content}
    )
    shown = page.locator(f'li[data-id="{posted["id"]}"]')
    expect(shown.locator(".content strong")).to_have_text("bold")
    expect(shown.locator(".content code")).to_have_text("code")
    expect(shown.locator(".content s")).to_have_text("gone")
    expect(shown.locator(".mention")).to_have_text(["@Ben", "#quiz", "@Moderator"])
    # A channel mention sits in its sentence, as the member one does: no bar of its own.
    quiz = shown.locator(".mention.channel")
    assert quiz.evaluate("(mention) => getComputedStyle(mention).display") == "inline"
    assert same_line(quiz, shown)
    countdown = shown.locator(".content time.timestamp")
    expect(countdown).to_have_text(re.compile(r"^in \d+ seconds$"))
    first = countdown.inner_text()
    expect(countdown).not_to_have_text(first)  # it counts, as the Discord client's does

    embed = shown.locator(".embed")
    expect(embed).to_have_css("border-left-color", "rgb(87, 242, 135)")
    expect(embed.locator(".embed-title strong")).to_have_text("title")
    expect(embed.locator(".embed-description li")).to_have_text(["one", "two"])
    expect(embed.locator(".code-block")).to_have_text("block")
    fields = embed.locator(".embed-field")
    expect(fields).to_have_count(3)
    assert [f.get_attribute("style") for f in fields.all()] == [
        "grid-column:span 6",
        "grid-column:span 6",
        "grid-column:span 12",
    ]
    footer = embed.locator(".embed-footer")
    expect(footer).to_contain_text("the footer")
    assert footer.inner_text().splitlines() == ["the footer", "its **second** line"]  # plain
    expect(shown.locator(".button.success")).to_have_text("✅Yes")
    expect(shown.locator(".button.danger")).to_be_disabled()
    expect(shown.locator("a.button.link")).to_have_attribute("href", "https://example.org/")

    edited = {"content": "Changed **in place**"}
    bot_request(
        playground, "PATCH", f"/channels/{channel['general']}/messages/{posted['id']}", edited
    )
    expect(shown.locator(".content")).to_contain_text("Changed in place(edited)")
    expect(page.locator(f'li[data-id="{posted["id"]}"]')).to_have_count(1)
    bot_request(playground, "DELETE", f"/channels/{channel['general']}/messages/{posted['id']}")
    expect(shown).to_have_count(0)


RICH = {
    "embeds": [
        {
            "title": "Embed **title**",
            "description": "- one\n- two\n```\nblock\n```",
            "color": 0x57F287,
            "fields": [
                {"name": "A", "value": "1", "inline": True},
                {"name": "B", "value": "2", "inline": True},
                {"name": "C", "value": "a row of its own", "inline": False},
            ],
            "footer": {"text": "the footer\nits **second** line"},
        }
    ],
    "components": [
        {
            "type": 1,
            "components": [
                {
                    "type": 2,
                    "style": 3,
                    "label": "Yes",
                    "custom_id": "r:y",
                    "emoji": {"name": "✅"},
                },
                {"type": 2, "style": 4, "label": "Off", "custom_id": "r:n", "disabled": True},
                {"type": 2, "style": 5, "label": "Docs", "url": "https://example.org/"},
            ],
        }
    ],
}


def same_line(mention: Locator, message: Locator) -> bool:
    """Whether the mention is on the line of the message's first mention."""
    first = message.locator(".mention").first.bounding_box()
    box = mention.bounding_box()
    assert first is not None
    assert box is not None
    return abs(box["y"] - first["y"]) < first["height"] / 2


# Draws a character as the page would and tells whether a font had it (not the empty box every
# missing character gets) and whether it came out in colour.
DRAWN = """([character, font]) => {
    const draw = (text) => {
        const canvas = document.createElement("canvas");
        canvas.width = canvas.height = 48;
        const pen = canvas.getContext("2d");
        pen.font = `36px ${font}`;
        pen.fillStyle = "#000";
        pen.textBaseline = "top";
        pen.fillText(text, 4, 4);
        return pen.getImageData(0, 0, 48, 48).data;
    };
    const drawn = draw(character), missing = draw("\\u0378");  // unassigned in Unicode
    let differs = false, coloured = 0;
    for (let i = 0; i < drawn.length; i += 4) {
        if (drawn[i + 3] !== missing[i + 3]) differs = true;
        const [r, g, b] = [drawn[i], drawn[i + 1], drawn[i + 2]];
        if (drawn[i + 3] && Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured += 1;
    }
    return { found: differs, coloured: coloured > 20 };
}"""


def test_emoji_are_drawn_not_empty_boxes(page: Page) -> None:
    """The bot's ✅ and ❌, the page's 👁 ("Only you can see this") and ✉ (Direct Messages), in
    the page's fonts: a colour emoji font must be installed (fonts-noto-color-emoji)."""
    font = page.evaluate("() => getComputedStyle(document.documentElement).fontFamily")
    for emoji in ("✅", "❌", "👁", "✉"):
        drawn = page.evaluate(DRAWN, [emoji, font])
        assert drawn["found"], f"{emoji} is an empty box: apt-get install fonts-noto-color-emoji"
    assert page.evaluate(DRAWN, ["✅", font])["coloured"], "no colour emoji font"
