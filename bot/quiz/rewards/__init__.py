"""Reward roles: the roles members earn at a number of points."""
