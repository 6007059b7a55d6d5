"""Pack texts for loader tests: a valid pack whose lines the tests refer to by number."""

from __future__ import annotations

import textwrap

# Line numbers matter: tests expect problems at exact lines of this text.
VALID_PACK = textwrap.dedent(
    """\
    id: sample
    locales: [en, el]
    title: {en: Sample, el: Δείγμα}
    summary: {en: A sample pack., el: Ένα δείγμα.}
    difficulty: easy
    guide: {title: {en: Guide, el: Οδηγός}, url: "https://example.org/guide"}
    questions:
      - id: first
        prompt: {en: "One plus one?", el: "Ένα και ένα;"}
        options:
          - text: {en: Two, el: Δύο}
            correct: true
          - text: {en: Three, el: Τρία}
            why: {en: Off by one., el: Λάθος κατά ένα.}
        explanation: {en: One and one make two., el: Ένα και ένα κάνουν δύο.}
      - id: second
        prompt: {en: "Two plus two?", el: "Δύο και δύο;"}
        options:
          - text: {en: Three, el: Τρία}
          - text: {en: Four, el: Τέσσερα}
            correct: true
        explanation: {en: Two and two make four., el: Δύο και δύο κάνουν τέσσερα.}
    """
)

ONE_LOCALE_PACK = textwrap.dedent(
    """\
    id: plain
    locales: [en]
    title: Plain
    summary: Plain strings for a one-language pack.
    difficulty: medium
    questions:
      - id: only
        prompt: Yes or no?
        options:
          - text: Yes
            correct: true
          - text: No
        explanation: Yes.
    """
)


def replace_line(text: str, line: int, new: str) -> str:
    """The text with 1-based ``line`` replaced (indentation of ``new`` is kept as given)."""
    lines = text.splitlines()
    lines[line - 1] = new
    return "\n".join(lines) + "\n"
