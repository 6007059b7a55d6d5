"""The commented pack that `quizbot new-pack` writes: valid as it stands, in English and Greek."""

from __future__ import annotations

from bot.quiz.reader.loader import LIMITS, MAX_OPTIONS, MAX_QUESTIONS, MIN_OPTIONS, slug_problem

SCHEMA_FILE = "pack.schema.json"


def pack_template(pack_id: str) -> str:
    """A pack with id ``pack_id`` and two example questions; ValueError for a bad id."""
    problem = slug_problem(pack_id)
    if problem is not None:
        raise ValueError(problem)
    return f"""\
# yaml-language-server: $schema={SCHEMA_FILE}
# A quizbot pack; the format is in docs/packs.md. Check it with
# `quizbot validate` and this file's path or folder. Editors with a YAML extension
# check it as you type once the schema sits next to it:
#   quizbot schema > {SCHEMA_FILE}
# Put texts in quotes: inside {{…}} a text with ? : # , [ ] {{ }} must be quoted anyway.

id: {pack_id}  # never rename it once shared: a-z, 0-9 and -, 1 to 40 characters
locales: [en, el]  # every text is given in each; the first is the fallback
title: {{en: "New pack", el: "Νέο πακέτο"}}  # up to {LIMITS["title"]} characters
summary:  # up to {LIMITS["summary"]} characters
  en: "Two example questions to replace with your own."
  el: "Δύο ενδεικτικές ερωτήσεις, για να τις αντικαταστήσετε με τις δικές σας."
difficulty: easy  # easy, medium or hard
# guide:  # optional: reading that goes with the pack; url is optional too
#   title: {{en: "Further reading", el: "Περαιτέρω ανάγνωση"}}
#   url: "https://example.org/reading"

questions:  # 1 to {MAX_QUESTIONS}
  - id: closest-planet  # unique in the pack; review history keys on it, so keep it
    prompt:  # up to {LIMITS["prompt"]} characters
      en: "Which planet is closest to the Sun?"
      el: "Ποιος πλανήτης είναι πιο κοντά στον Ήλιο;"
    options:  # {MIN_OPTIONS} to {MAX_OPTIONS}, shown as A, B, C, …
      - text: {{en: "Mercury", el: "Ερμής"}}  # up to {LIMITS["option"]} characters
        correct: true  # exactly one option per question
      - text: {{en: "Venus", el: "Αφροδίτη"}}
        why:  # optional, up to {LIMITS["why"]} characters: shown privately to whoever picks it
          en: "Venus is the second planet from the Sun."
          el: "Η Αφροδίτη είναι ο δεύτερος πλανήτης από τον Ήλιο."
      - text: {{en: "Mars", el: "Άρης"}}
    explanation:  # up to {LIMITS["explanation"]} characters: why the correct option is right
      en: "Mercury orbits closer to the Sun than any other planet, at about 0.39 AU."
      el: "Ο Ερμής βρίσκεται πιο κοντά στον Ήλιο από κάθε άλλο πλανήτη, περίπου στις 0,39 AU."

  - id: yaml-indentation
    prompt:
      en: "What does YAML indent with?"
      el: "Με τι γίνονται οι εσοχές στη YAML;"
    options:
      - text: {{en: "Tabs", el: "Με στηλοθέτες (tabs)"}}
        why:
          en: "YAML does not allow tabs for indentation."
          el: "Η YAML δεν επιτρέπει στηλοθέτες (tabs) στις εσοχές."
      - text: {{en: "Spaces", el: "Με κενά"}}
        correct: true
    explanation:
      en: "YAML indents with spaces only; quizbot validate points at any tab."
      el: "Η YAML δέχεται μόνο κενά στις εσοχές· το quizbot validate δείχνει κάθε tab."

  # Questions answered from memory (docs/packs.md): mark several options correct: true and
  # members pick all that apply; or give a kind and what it accepts instead of options.
  # - id: capital-of-greece
  #   kind: typed  # the member types the answer
  #   prompt: {{en: "The capital of Greece?", el: "Η πρωτεύουσα της Ελλάδας;"}}
  #   answers: {{en: [Athens], el: [Αθήνα, Athens]}}  # accents and case never matter
  #   match: typo  # exact, normal (the default) or typo: a slip of the keys is forgiven
  #   explanation: {{en: "Athens.", el: "Η Αθήνα."}}
  # - id: planets
  #   kind: number  # the member types a number: 3.5 and 3,5 both read
  #   prompt:
  #     en: "How many planets orbit the Sun?"
  #     el: "Πόσοι πλανήτες περιφέρονται γύρω από τον Ήλιο;"
  #   answer: 8
  #   tolerance: 0  # optional: how far off is still right
  #   explanation: {{en: "Eight, since 2006.", el: "Οκτώ, από το 2006."}}
"""
