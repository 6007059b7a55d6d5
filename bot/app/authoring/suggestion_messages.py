"""What the suggestions say: a suggestion's card (in the moderators' queue and in the server's
suggestions channel), the moderator's answer to a decision, the member's answer to sending
one, and the DM telling its author what became of it. Names are mentions, which notify nobody
(the client's allowed mentions are none)."""

from __future__ import annotations

import discord

from bot.app.authoring.messages import question_preview, saved_text
from bot.app.authoring.suggestion_desk import Approval
from bot.app.kit.catalogue import tr
from bot.app.kit.limits import echo, fit_text
from bot.app.kit.message_parts import relative_time
from bot.quiz.authoring.suggestions import PER_MEMBER, Status
from bot.storage.authoring.suggestions import Sent, Suggestion

PROMPT_SHOWN = 200  # of the suggested prompt, in a DM or a decision's answer


def card(found: Suggestion, reader: str) -> discord.Embed:
    """The suggestion as moderators decide it: who suggested it when, the question, and, once
    decided, the decision."""
    title = tr(reader, "suggest.card_title", number=found.id, pack=echo(found.pack_id))
    when = relative_time(found.created_at) if found.created_at is not None else ""
    lines = [tr(reader, "suggest.card_by", author=f"<@{found.author_id}>", when=when)]
    decision = decision_line(found, reader)
    if decision:
        lines.append(decision)
    return question_preview(found.fields, found.locales, reader, title, "\n".join(lines))


def decision_line(found: Suggestion, reader: str) -> str:
    """How it was decided, by whom; "" while it waits."""
    moderator = f"<@{found.decided_by}>"
    if found.status is Status.APPROVED:
        key = "suggest.approved_edited" if found.edited else "suggest.approved_by"
        return tr(reader, key, moderator=moderator, question=echo(found.question_id or ""))
    if found.status is Status.REJECTED:
        reason = found.reason or tr(reader, "suggest.no_reason")
        return tr(reader, "suggest.rejected_by", moderator=moderator, reason=reason)
    return ""


def queue_text(count: int, reader: str, done: str = "") -> str:
    """The queue's heading: what the last decision did, and how many suggestions wait."""
    waiting = tr(reader, "suggest.queue_count", count=count)
    return f"{done}\n{waiting}" if done else waiting


def sent_text(sent: Sent, reader: str) -> str:
    if sent.suggestion is None:
        return tr(reader, sent.refusal or "suggest.closed", limit=PER_MEMBER)
    left = max(PER_MEMBER - sent.sent_in_window, 0)
    return tr(reader, "suggest.sent", pack=echo(sent.suggestion.pack_id), left=left)


def approval_text(approval: Approval, reader: str) -> str:
    """What the moderator's approval did: approved (as which question), or why not."""
    found = approval.suggestion
    if approval.approved:
        return tr(reader, "suggest.done_approved", question=echo(approval.question_id or ""))
    if approval.saved is None:
        return already_text(found, reader)
    return tr(reader, "suggest.not_approved") + "\n" + saved_text(approval.saved, reader)


def already_text(found: Suggestion, reader: str) -> str:
    """A suggestion another moderator decided first (or is approving now)."""
    line = decision_line(found, reader)
    return line or tr(reader, "suggest.being_decided", moderator=f"<@{found.decided_by}>")


def author_notice(found: Suggestion, server: str, reader: str) -> str:
    """The DM to its author: their question (its first words), where, and what became of it."""
    prompt = fit_text(found.fields.get(f"prompt.{found.locales[0]}", ""), PROMPT_SHOWN)
    params = {"prompt": prompt, "pack": echo(found.pack_id), "server": server}
    if found.status is Status.APPROVED:
        key = "suggest.dm_approved_edited" if found.edited else "suggest.dm_approved"
        return tr(reader, key, **params)
    reason = found.reason or tr(reader, "suggest.no_reason")
    return tr(reader, "suggest.dm_rejected", reason=reason, **params)
