"""Roles as rewards: set with `/quiz settings`, earned at a number of points, given once."""
