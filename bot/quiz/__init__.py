"""The pure domain: quiz packs, grading, scheduling and scoring rules.

Nothing here talks to Discord, a database, the clock or a random source of its own.
"""
