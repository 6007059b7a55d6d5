"""Packs as the bot keeps them: the built-in library, servers' own packs, their pictures, and how
often a server may upload or run the heavy commands."""
