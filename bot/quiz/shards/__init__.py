"""Shards: which shards a process serves."""
