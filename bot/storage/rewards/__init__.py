"""Reward roles stored, each one earned, and what the bot withheld on someone's behalf."""
