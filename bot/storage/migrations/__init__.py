"""Alembic revisions of the quizbot schema."""
