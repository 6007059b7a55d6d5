"""The background loops' per-server queries at many servers (``python -m bench.loops``)."""
