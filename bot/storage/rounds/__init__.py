"""Rounds stored: their states, answers (batched, durably committed), tallies, settling, pauses,
teams, the outbox of round messages and the per-process round cache."""
