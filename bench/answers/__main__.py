"""``python -m bench.answers``."""

from bench.answers.benchmark import main

main()
