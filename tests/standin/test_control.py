"""The control API answers a malformed request with a clear JSON error, never a Python one."""

from __future__ import annotations

import aiohttp
import pytest

from standin.driver import StandInClient


@pytest.mark.parametrize("segment", ["%23quiz", "12a", "9" * 30, "١٢٣"])
async def test_a_path_id_that_is_not_a_number_gets_a_clear_400(segment: str) -> None:
    async with StandInClient.start(guilds=1, members=2) as standin, aiohttp.ClientSession() as http:
        url = f"{standin.url}/_standin/channels/{segment}/messages?user=member-1-1"
        async with http.get(url) as reply:
            assert reply.status == 400
            error = (await reply.json())["error"]
    assert error.startswith("channel_id in the path must be a numeric id, not ")
    assert "names such as '#quiz' or 'member-1-1' work in the JSON body or the query" in error
    assert "invalid literal" not in error
