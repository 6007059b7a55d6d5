"""A member's own numbers over time, as `/stats` shows them."""
