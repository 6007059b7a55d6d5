"""Per-server and per-member settings."""
