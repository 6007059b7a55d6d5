"""``python -m bench.storage``."""

from bench.storage.benchmark import main

main()
