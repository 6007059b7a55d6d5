"""``python -m bench.settle``."""

from bench.settle.benchmark import main

main()
