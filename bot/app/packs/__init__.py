"""The packs a server sees: `/quiz pack …` and its messages (the views and uploads they act on
are shared, in bot/app/shelf/shelf.py)."""
