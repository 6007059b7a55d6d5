"""Seasons: `/quiz season start|end`, their end by date, and their final standings."""
