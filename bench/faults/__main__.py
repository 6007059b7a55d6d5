"""``python -m bench.faults``."""

from bench.faults.benchmark import main

main()
