"""The answers item analytics are computed from."""
