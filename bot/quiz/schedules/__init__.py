"""Scheduled rounds: when a series is due in a server's time zone, and its Discord events."""
