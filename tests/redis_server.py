"""A real Redis for tests: the one at QUIZBOT_TEST_REDIS_URL. With QUIZBOT_REQUIRE_REDIS=1 (as in
CI) a missing or unreachable server fails the tests that need it instead of skipping them."""

from __future__ import annotations

import os
import uuid

import pytest
import redis.asyncio

REDIS_URL = os.environ.get("QUIZBOT_TEST_REDIS_URL", "")
REQUIRE_REDIS = os.environ.get("QUIZBOT_REQUIRE_REDIS") == "1"


async def redis_unavailable() -> str | None:
    """Why Redis tests cannot run here, or None if they can."""
    if not REDIS_URL:
        return "QUIZBOT_TEST_REDIS_URL is not set"
    client = redis.asyncio.Redis.from_url(REDIS_URL, socket_timeout=5)
    try:
        await client.ping()
    except (OSError, redis.RedisError) as error:
        return f"Redis at QUIZBOT_TEST_REDIS_URL is unreachable: {error}"
    finally:
        await client.aclose()
    return None


async def need_redis() -> str:
    """The Redis URL, or a skip (where Redis is required, a failure) when it cannot be reached."""
    reason = await redis_unavailable()
    if reason is not None:
        if REQUIRE_REDIS:
            pytest.fail(f"QUIZBOT_REQUIRE_REDIS=1 but {reason}")
        pytest.skip(reason)
    return REDIS_URL


def fresh_token() -> str:
    """A bot token of a test's own, so that its budget's window is no other test's."""
    return f"test-{uuid.uuid4().hex}"
