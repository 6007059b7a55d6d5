"""The pack shelf: which packs each server sees, their pictures, and the worker processes that
check uploads and run the heavy commands. Every feature reaches it as ``ctx.shelf``."""
