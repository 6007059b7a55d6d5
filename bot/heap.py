"""What a long-lived process loaded at start-up, set aside from the garbage collector."""

from __future__ import annotations

import gc

# Collected before freezing: the generations that hold what start-up has just thrown away. A full
# collection there walked the whole heap (every start paid for it) and, with the packs loaded,
# found nothing to free; were there old garbage, it would stay frozen with the rest.
YOUNG_GENERATIONS = 1


def settle_heap() -> int:
    """Moves every object alive now (modules, packs, settings, a spec) out of the collector's
    sight, and says how many: they live as long as the process, and each full collection walked
    all of them in ``quizbot run`` under a burst of clicks, which made the slowest answers; with
    them out of the way, one is far shorter (docs/benchmarks.md)."""
    gc.collect(YOUNG_GENERATIONS)
    gc.freeze()
    return gc.get_freeze_count()
