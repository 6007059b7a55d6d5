"""Leaderboards stored: the score tables and their pages."""
