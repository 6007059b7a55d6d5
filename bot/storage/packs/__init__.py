"""Packs stored: the library's tables, servers' packs and their versions, pictures, and uploads
waiting for Confirm."""
