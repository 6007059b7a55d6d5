"""Benchmarks, one folder each (answers, faults, learning, storage, footprint) and their shared rig;
see docs/benchmarks.md for the commands and the latest figures."""
