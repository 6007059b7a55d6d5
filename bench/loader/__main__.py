"""``python -m bench.loader``."""

from bench.loader.benchmark import main

main()
