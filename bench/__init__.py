"""Benchmarks: ``python -m bench.storage``."""
