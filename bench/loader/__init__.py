"""The loader benchmark: the pack loader on the worst inputs as large as an upload."""
