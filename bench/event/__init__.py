"""A quiz night of thousands of members: a whole round, measured end to end."""
