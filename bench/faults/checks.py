"""What a fault scenario must keep true, checked from what the stand-in, the recording proxy and
the database saw. Each check adds its figures and, when it does not hold, a failure line."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from bench.faults.model import Evidence
from bench.rig.clicks import answered, final_text
from bench.rig.exchanges import Exchange
from bot.app.kit.catalogue import tr
from bot.app.kit.message_parts import letter
from standin.layouts import titles as message_titles

Json = dict[str, Any]
DEADLINE_S = 3.0  # Discord's limit for the first response to an interaction
PAUSE_S = 3.0  # `quizbot run` pauses this long between questions
SLACK_S = 10.0
CALLBACK = "POST /interactions/{interaction_id}/{interaction_token}/callback"
REFUSALS = (400, 401, 403, 404, 405, 413)
WEBHOOK_TOKEN = re.compile(r"^/webhooks/[0-9]+/([^/]+)")
INTERACTION_ID = re.compile(r"^/interactions/([0-9]+)/([^/]+)/")


@dataclass
class Verdict:
    figures: dict[str, Any] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    def fail_if(self, condition: bool, message: str) -> None:  # noqa: FBT001 - a predicate
        if condition:
            self.failures.append(message)


def check_answers(evidence: Evidence, verdict: Verdict) -> None:
    """Every acknowledged answer is in the database once, with the option acknowledged."""
    reports = {r["id"]: r for r in evidence.interactions}
    acknowledged: dict[tuple[int, str], list[int]] = {}
    for click in evidence.clicks:
        said = final_text(reports.get(click.interaction, {}))
        locked = tr(click.member.locale, "round.locked_in", letter=letter(click.position))
        if said == locked:
            acknowledged.setdefault((click.question, click.member.id), []).append(click.option)
    order = evidence.round.question_order if evidence.round else []
    stored = Counter((q, m) for q, m, _ in evidence.answers)
    options = {(q, m): o for q, m, o in evidence.answers}
    lost = duplicated = 0
    for (index, member), acked in acknowledged.items():
        key = (order[index] if index < len(order) else "?", int(member))
        lost += stored[key] == 0 or options.get(key) != acked[0]
        duplicated += len(acked) > 1 or stored[key] > 1
    verdict.figures |= {
        "clicks": len(evidence.clicks),
        "answers_acknowledged": len(acknowledged),
        "answers_lost": lost,
        "answers_duplicated": duplicated,
    }
    verdict.fail_if(not acknowledged, "no answer was acknowledged: clicks did not flow")
    verdict.fail_if(lost > 0, f"{lost} acknowledged answers missing or changed in the database")
    verdict.fail_if(duplicated > 0, f"{duplicated} answers acknowledged or stored twice")


def check_messages(evidence: Evidence, verdict: Verdict) -> None:
    """Each question posted once and revealed; the standings posted once."""
    titles = evidence.titles
    posted: Counter[int] = Counter()
    revealed: Counter[int] = Counter()
    standings = 0
    for message in evidence.messages:
        for title in message_titles(message):
            number = titles.number_of(title)
            posted[number or 0] += number is not None
            revealed[number or 0] += titles.is_reveal(title)
            standings += titles.is_standings(title)
    numbers = range(1, titles.questions + 1)
    missing = sum(revealed[n] == 0 for n in numbers)
    double = sum(max(posted[n] - 1, 0) for n in numbers)
    verdict.figures |= {
        "questions_unposted": sum(posted[n] == 0 for n in numbers),
        "reveals_missing": missing,
        "reveals_double": double,
        "standings_missing": int(standings == 0),
        "standings_double": max(standings - 1, 0),
    }
    unrevealed = [n for n in numbers if revealed[n] == 0]
    verdict.fail_if(missing > 0, f"questions never revealed: {unrevealed}")
    verdict.fail_if(double > 0, f"{double} extra question messages (posted or revealed twice)")
    verdict.fail_if(standings != 1, f"standings posted {standings} times")


def _callback_attempts(exchanges: list[Exchange]) -> dict[str, list[Exchange]]:
    attempts: dict[str, list[Exchange]] = {}
    for exchange in exchanges:
        match = INTERACTION_ID.match(exchange.path)
        if exchange.key == CALLBACK and match:
            attempts.setdefault(match[1], []).append(exchange)
    return attempts


def fault_eaten(evidence: Evidence) -> set[str]:
    """Failed interactions whose every callback sent within the deadline got an injected fault:
    Discord itself kept the bot from answering."""
    eaten = set()
    for interaction, attempts in _callback_attempts(evidence.exchanges).items():
        created = evidence.created.get(interaction, attempts[0].started)
        timely = [a for a in attempts if a.started <= created + DEADLINE_S]
        if timely and all(a.injected for a in timely):
            eaten.add(interaction)
    return eaten


def check_interactions(evidence: Evidence, verdict: Verdict) -> set[str]:
    """Every interaction answered within 3 s and not left "thinking"; the excused ones back."""
    eaten = fault_eaten(evidence)
    failed, thinking, excused = [], [], set()
    for report in evidence.interactions:
        if report["id"] in evidence.casualties:
            continue
        if report["failed"] and report["id"] in eaten:
            excused.add(report["id"])
        elif report["failed"]:
            failed.append(report["id"])
        elif not answered(report):
            thinking.append(report["id"])
    verdict.figures |= {
        "interactions": len(evidence.interactions),
        "interactions_failed": len(failed),
        "interactions_left_thinking": len(thinking),
        "interactions_fault_eaten": len(excused),
        "interactions_cut_by_kill": len(evidence.casualties),
    }
    verdict.fail_if(bool(failed), f"{len(failed)} interactions not answered within 3 s")
    verdict.fail_if(bool(thinking), f"{len(thinking)} interactions deferred and never answered")
    return excused | evidence.casualties


def check_requests(evidence: Evidence, verdict: Verdict, excused: set[str]) -> None:
    """No request Discord would refuse, apart from late replies to excused interactions."""
    tokens = {
        match[2]: match[1]
        for match in (INTERACTION_ID.match(e.path) for e in evidence.exchanges)
        if match
    }
    refused, limited = [], 0
    for exchange in evidence.exchanges:
        by_id = INTERACTION_ID.match(exchange.path)
        by_token = WEBHOOK_TOKEN.match(exchange.path)
        owner = by_id[1] if by_id else tokens.get(by_token[1], "") if by_token else ""
        if exchange.status in REFUSALS and owner not in excused:
            refused.append(f"{exchange.status} {exchange.method} {exchange.route}")
        limited += exchange.status == 429 and not exchange.injected
    verdict.figures |= {
        "requests": len(evidence.exchanges),
        "requests_refused": len(refused),
        "rate_limited": limited,
        "openapi_failures": len(evidence.openapi_failures),
        "openapi_checked": evidence.openapi_checked,
    }
    verdict.fail_if(bool(refused), f"requests refused: {sorted(Counter(refused).items())}")
    verdict.fail_if(limited > 0, f"{limited} requests hit Discord's rate limits")
    verdict.fail_if(
        bool(evidence.openapi_failures),
        f"{len(evidence.openapi_failures)} requests failed the OpenAPI check",
    )


def budget_s(questions: int, seconds: int, outage: float) -> float:
    """A round's own length, the outage, and ten seconds."""
    return questions * (seconds + PAUSE_S) + outage + SLACK_S


def check_progress(evidence: Evidence, verdict: Verdict) -> None:
    """The bot alive; the round finished in time; how soon it moved on after each fault."""
    outage = sum(w.outage_s(evidence.ended) for w in evidence.windows)
    allowed = budget_s(evidence.titles.questions, evidence.seconds, outage)
    record = evidence.round
    took = None
    if record is not None and record.ended_at is not None:
        took = (record.ended_at - record.started_at).total_seconds()
    recovery = recovery_s(evidence)
    verdict.figures |= {
        "outage_s": round(outage, 1),
        "round_s": None if took is None else round(took, 1),
        "allowed_s": round(allowed, 1),
        "recovery_s": None if recovery is None else round(recovery, 2),
        "faults": fault_lines(evidence, evidence.round_started),
        "gateway_connections": evidence.gateway_connections,
        "bot_alive": evidence.bot_alive,
    }
    verdict.fail_if(not evidence.bot_alive, "the bot process is dead")
    state = record.state if record else "missing"
    verdict.fail_if(took is None, f"the round never finished (state {state})")
    if took is not None:
        verdict.fail_if(took > allowed, f"the round took {took:.2f} s > {allowed:.2f} s allowed")
    verdict.fail_if(state == "stopped", "the round was stopped instead of finished")


def progress_times(evidence: Evidence) -> list[float]:
    """When the round visibly moved on: a question posted or revealed, the standings posted."""
    titles = evidence.titles
    times = []
    for exchange in evidence.exchanges:
        if not exchange.ok or exchange.replied is None or exchange.route is None:
            continue
        if not exchange.route.startswith("/channels/"):
            continue
        if any(titles.number_of(t) or titles.is_standings(t) for t in exchange.titles):
            times.append(exchange.replied)
    return sorted(times)


def recoveries(evidence: Evidence) -> list[float | None]:
    """Per fault, the time from its end to the round's next progress: 0 if the round was
    already complete, None if it never moved on."""
    times = progress_times(evidence)
    complete = evidence.round is not None and evidence.round.ended_at is not None
    found: list[float | None] = []
    for window in evidence.windows:
        after = [t for t in times if window.end is not None and t >= window.end]
        if window.end is None or not (after or complete):
            found.append(None)
        else:
            found.append(after[0] - window.end if after else 0.0)
    return found


def recovery_s(evidence: Evidence) -> float | None:
    """The longest recovery of the scenario (None if it never recovered from a fault)."""
    found = recoveries(evidence)
    if not found or None in found:
        return None
    return max(t for t in found if t is not None)


def fault_lines(evidence: Evidence, round_started: float) -> list[dict[str, Any]]:
    """Each fault for the report, in seconds since the round started."""
    return [
        {
            "fault": window.kind,
            "at_s": round(window.start - round_started, 2),
            "lasted_s": round(window.seconds(evidence.ended), 2),
            "recovery_s": None if recovery is None else round(recovery, 2),
        }
        for window, recovery in zip(evidence.windows, recoveries(evidence), strict=True)
    ]


def judge(evidence: Evidence) -> Verdict:
    verdict = Verdict()
    check_answers(evidence, verdict)
    check_messages(evidence, verdict)
    excused = check_interactions(evidence, verdict)
    check_requests(evidence, verdict, excused)
    check_progress(evidence, verdict)
    return verdict
