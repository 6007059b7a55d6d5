"""A review session: whether a clicked one holds where it was clicked, and its next step.

The session (member, counts, what is reviewed) rides in the custom_ids, so it is whatever the
client sent. A click goes on with it only for the member it names, with counts a session can
reach, and over a scope that can be reviewed where the click happened: everything, a pack seen
there, or the questions missed in a round of that server that has ended (its standings are
posted; before that, the round's open question would be shown, answer and all).
"""

from __future__ import annotations

from random import Random
from typing import Any

import discord

from bot.app.kit.button_origin import STANDINGS, refuse
from bot.app.kit.context import ctx_of
from bot.app.kit.places import server_of
from bot.app.kit.replies import say
from bot.app.review.custom_ids import SessionCode
from bot.app.shelf.question_keys import QuestionKeys
from bot.quiz.review.session import EVERYTHING, ReviewAction, ReviewStep, Scope, Session
from bot.storage.review import review_step
from bot.storage.rounds.round_cache import round_cache

MAX_REVIEWED = 100_000  # cards answered in one session: far beyond a day of reviews


async def session_here(interaction: discord.Interaction[Any], code: SessionCode) -> Session | None:
    """The session, if it may go on where it was clicked; None once the member was told why
    not (someone else's review, or a session that cannot be here)."""
    if interaction.user.id != code.member_id:
        await say(interaction, "review.not_yours")
        return None
    reachable = code.correct <= code.reviewed <= MAX_REVIEWED
    scope = await scope_here(interaction, code.scope) if reachable else None
    if scope is None:
        await refuse(interaction)
        return None
    return Session(code.member_id, code.reviewed, code.correct, scope)


async def scope_here(interaction: discord.Interaction[Any], code: str) -> Scope | None:
    """What a scope code names, if that can be reviewed where the member clicked; None if not
    (a pack not seen here, removed or another server's; a round of elsewhere, or running)."""
    if not code:
        return EVERYTHING
    if code.startswith("p"):
        pack = (await keys_here(interaction)).packs.get(code[1:])
        return None if pack is None else Scope(pack_id=pack.id)
    round_id, position = (int(part) for part in code[1:].split("."))
    cache = round_cache(ctx_of(interaction).db)
    read = await cache.round(round_id)
    if read is None or read.guild_id != server_of(interaction):
        return None
    read = await cache.round(round_id, posted=STANDINGS)
    if read is None or STANDINGS not in read.message_ids or position > len(read.question_ids):
        return None
    return Scope(round_id=round_id, position=position)


async def keys_here(interaction: discord.Interaction[Any]) -> QuestionKeys:
    """The keys of the packs seen where the member clicks (a server's own packs only there)."""
    return (await ctx_of(interaction).shelf.view(server_of(interaction))).keys


async def take_step(interaction: discord.Interaction[Any], action: ReviewAction) -> ReviewStep:
    """The member's action, taken: one service call, where they clicked, now."""
    ctx = ctx_of(interaction)
    rng = Random()  # noqa: S311  # spreads due dates; seeded from the OS, not cryptography
    return await review_step.take(
        ctx.db, action, now=ctx.clock.now(), rng=rng, where=server_of(interaction)
    )
