"""Seasons: a server's named stretch of competition."""
