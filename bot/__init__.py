"""quizbot: a Discord tutor bot that teaches from quiz packs."""
