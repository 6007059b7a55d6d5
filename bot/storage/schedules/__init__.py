"""Scheduled rounds stored: the series, their occurrences and their Discord events."""
