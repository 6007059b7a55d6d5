"""Pinned texts of the shipped packs: give-aways, echoes and wording fixed once must stay fixed."""

from __future__ import annotations

import re
from itertools import combinations, pairwise

import pytest

from bot.quiz.model import Pack, Question
from bot.quiz.packs.library import load_library
from tests.shipped import SHIPPED_PACK_FILES

PACKS = load_library(list(SHIPPED_PACK_FILES)).packs
RING = PACKS["ring-attention"]
MOE = PACKS["moe-expert-parallelism"]

# Words that carry no hint on their own; a shared pair of any other two words is a give-away.
FILLER_WORDS = frozenset(
    [
        "a",
        "all",
        "an",
        "and",
        "as",
        "by",
        "each",
        "every",
        "for",
        "from",
        "its",
        "more",
        "of",
        "only",
        "per",
        "so",
        "the",
        "their",
        "to",
        "with",
    ]
)


def question(pack: Pack, question_id: str) -> Question:
    return next(q for q in pack.questions if q.id == question_id)


def key_text(pack: Pack, question_id: str, locale: str = "en") -> str:
    found = question(pack, question_id)
    return found.options[found.correct_index].text.get(locale)


def word_pairs(text: str) -> set[tuple[str, str]]:
    words = re.findall(r"[a-z0-9]+", text.lower())
    return {
        (first, second)
        for first, second in pairwise(words)
        if first not in FILLER_WORDS and second not in FILLER_WORDS
    }


@pytest.mark.parametrize("pack", [RING, MOE], ids=lambda pack: pack.id)
def test_no_answer_key_shares_a_phrase_with_another(pack: Pack) -> None:
    # A round that asks both questions would otherwise hand one answer to whoever read the other.
    keys = {q.id: word_pairs(key_text(pack, q.id)) for q in pack.questions}
    shared = {
        (first, second): keys[first] & keys[second]
        for first, second in combinations(keys, 2)
        if keys[first] & keys[second]
    }
    assert shared == {}


def test_the_heavy_device_question_asks_how_much_not_which_tokens() -> None:
    heavy = question(RING, "causal-heavy-tokens")
    assert key_text(RING, "causal-heavy-tokens") == "About 2N − 1 times as much"
    assert (
        key_text(RING, "causal-heavy-tokens", "el") == "Περίπου 2N − 1 φορές τη δουλειά της πρώτης"
    )
    # Every option must be possible under the causal mask the prompt states.
    options = " ".join(option.text.get("en") for option in heavy.options).lower()
    assert "later" not in options
    assert "whole sequence" not in options
    assert "after them" not in options


def test_the_exact_combination_key_does_not_name_the_running_maximum() -> None:
    # rescale-running-max's key is "...the new running maximum"; this key must not point at it.
    assert key_text(RING, "exact-combination") == (
        "Online softmax, updating each query's sums block by block"
    )
    assert "μέγιστο" not in key_text(RING, "exact-combination", "el")


def test_overlap_transfers_has_one_serialisation_distractor_and_defines_its_symbols() -> None:
    overlap = question(RING, "overlap-transfers")
    wrong = [option for option in overlap.options if not option.correct]
    waiting = [option.text.get("en") for option in wrong if "wait" in option.text.get("en")]
    assert waiting == ["When each transfer waits for the computation to end"]
    first_why = wrong[0].why
    assert first_why is not None
    assert first_why.get("en").startswith("For a local block of c tokens with head dimension d,")
    assert first_why.get("el").startswith("Για τοπικό μπλοκ c tokens με διάσταση κεφαλής d,")
    assert "c tokens with head dimension d," in overlap.explanation.get("en")
    assert "c tokens με διάσταση κεφαλής d," in overlap.explanation.get("el")
    # o, m and l are defined only in other questions, so these texts must not lean on them.
    queries_why = wrong[1].why
    assert queries_why is not None
    assert "o, m and l" not in queries_why.get("en")


def test_split_dimension_key_does_not_echo_the_prompt() -> None:
    # The prompt says "sequence parallelism"; a key saying "sequence" answers itself.
    assert key_text(RING, "split-dimension") == "The token dimension, a slice of positions per GPU"
    assert "ακολουθ" not in key_text(RING, "split-dimension", "el")
    explanation = question(RING, "split-dimension").explanation
    assert "DeepSpeed-Ulysses" in explanation.get("en")
    assert "heads" in explanation.get("en")
    assert "κεφαλές" in explanation.get("el")


def why_of(pack: Pack, question_id: str, option_start: str, locale: str = "en") -> str:
    found = question(pack, question_id)
    option = next(o for o in found.options if o.text.get("en").startswith(option_start))
    assert option.why is not None
    return option.why.get(locale)


def test_ring_facts_stay_tightened() -> None:
    # Only K/V travel in the forward pass; the backward pass sends dK and dV round as well.
    assert "forward pass only the K/V" in why_of(RING, "ring-payload", "The running softmax")
    assert "dK and dV" in why_of(RING, "ring-payload", "The running softmax")
    assert "dK και dV" in why_of(RING, "ring-payload", "The running softmax", "el")
    assert "dK and dV" in question(RING, "ring-payload").explanation.get("en")
    # FSDP gathers weights; Ring Attention does not, but nothing says every device has them.
    weights_why = why_of(RING, "ring-payload", "Shards of the weights")
    assert "already has" not in weights_why
    assert "moves no weights" in weights_why
    # A sliding window restricts attention; it does not approximate it.
    window_why = why_of(RING, "kv-memory", "Each GPU keeps only a fixed window")
    assert "restricts" in window_why
    assert "approximates" not in window_why
    assert "προσεγγίζει" not in why_of(RING, "kv-memory", "Each GPU keeps only", "el")


def test_moe_facts_stay_tightened() -> None:
    # Dropless exchanges are all-to-allv; capacity-padded ones send fixed-size buffers.
    exchanges = question(MOE, "all-to-all-exchanges").explanation.get("en")
    assert "dropless implementations run each exchange as an all-to-allv" in exchanges
    assert "capacity-padded ones send fixed-size buffers" in exchanges
    broadcast_why = why_of(MOE, "hide-all-to-all", "By sending every token to every GPU")
    assert "at least as much data" in broadcast_why
    assert "far more when the EP group is much larger than k" in broadcast_why
    # Worst-case capacity without drops is common in serving, so "no drops" is no distractor.
    padding = question(MOE, "capacity-padding")
    assert "capacity padding without drops is also common in serving" in padding.explanation.get(
        "en"
    )
    assert all("dropped" not in option.text.get("en") for option in padding.options)
    drop_why = why_of(MOE, "two-expert-token", "Drop its second assignment")
    assert "normally dropped only when" in drop_why
    assert "GShard also drops the second expert at random" in drop_why


def greek_texts(pack: Pack) -> list[str]:
    texts = [pack.title.get("el"), pack.summary.get("el")]
    for each in pack.questions:
        texts += [each.prompt.get("el"), each.explanation.get("el")]
        for option in each.options:
            texts.append(option.text.get("el"))
            if option.why is not None:
                texts.append(option.why.get("el"))
    return texts


# Calques and literal renderings a Greek engineer trips over, each fixed once.
GREEK_CALQUES = (
    "αναπαραγωγ",  # replication is αντιγραφή
    "αναπαράγ",
    "παράκαμψης",  # residual is υπολειμματική σύνδεση/ροή
    "δεν έχει κλίση",  # the top-k choice is not differentiable (παραγωγίσιμη)
    "από σημείο σε σημείο",  # point-to-point is σημείου προς σημείο
    "εκτεθειμ",  # exposed time: time not overlapped by computation
    "βάρος του softmax",  # probability mass
    "πιο τοπικές από",
    "Σε κάθε στιγμή",
    "κλιμακώνονται με",
    "όσο πιο αργά στην ακολουθία",
)


@pytest.mark.parametrize("pack", [RING, MOE], ids=lambda pack: pack.id)
def test_greek_texts_avoid_the_known_calques(pack: Pack) -> None:
    found = {calque for calque in GREEK_CALQUES for text in greek_texts(pack) if calque in text}
    assert found == set()


def test_greek_texts_use_the_terms_engineers_use() -> None:
    moe, ring = " ".join(greek_texts(MOE)), " ".join(greek_texts(RING))
    assert "υπολειμματική σύνδεση" in moe
    assert "υπολειμματική ροή" in moe
    assert "αντιγραφή" in moe
    assert "δεν είναι παραγωγίσιμη" in moe
    assert "σημείου προς σημείο" in ring
    assert "δεν επικαλύπτεται από υπολογισμό (exposed time)" in ring
    assert "μάζα πιθανότητας" in ring
    assert "Ανά πάσα στιγμή" in ring


def test_moe_says_serving_one_way_and_glosses_latency_once() -> None:
    assert "εξυπηρέτηση" in MOE.title.get("el")
    assert "εξυπηρέτηση" in MOE.summary.get("el")
    assert "Serving" in MOE.title.get("en")
    assert "serving" in MOE.summary.get("en")
    assert sum(text.count("(latency)") for text in greek_texts(MOE)) == 1
