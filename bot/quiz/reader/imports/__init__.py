"""Questions from the formats people already have, made into packs.

Each format has its reader (``csv_questions``, ``opentdb``, ``gift``, ``aiken``, ``terms``),
which turns a text into ``Draft`` questions with the place each came from, and lists what it
cannot take as problems (nothing is made) or leaves out with a note. ``formats`` tells which
format a file is in; ``reading`` runs the whole way: text in, a checked pack and its YAML out.
"""
