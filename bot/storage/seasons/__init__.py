"""Seasons stored: started, ended once, and their boards."""
