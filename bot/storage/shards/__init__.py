"""Shard leases and the locks that pace IDENTIFY across processes."""
