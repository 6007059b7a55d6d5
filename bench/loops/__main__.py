"""``python -m bench.loops``."""

from bench.loops.benchmark import main

main()
