"""A member's own numbers and the series behind the `/stats` chart."""
