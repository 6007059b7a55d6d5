"""Leaderboards: periods, streaks, and the standings order with its shared ranks."""
