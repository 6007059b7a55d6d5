"""Question forms being filled in, and members' suggested questions."""
