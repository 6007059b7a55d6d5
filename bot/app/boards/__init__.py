"""Leaderboards: `/leaderboard`, its public message and the private pages its buttons open."""
