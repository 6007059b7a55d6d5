"""Storage: the schema, its migrations, and the async services the bot calls.

SQLAlchemy 2 async on SQLite (the default) or PostgreSQL; nothing here knows Discord.
"""
