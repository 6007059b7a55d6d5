"""``python -m bench.learning``."""

from bench.learning.benchmark import main

main()
