"""Scheduled rounds: `/quiz schedule`, and the loop that starts them when they are due."""
