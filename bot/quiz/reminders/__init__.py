"""Due-questions reminders: a member's reminder settings and when a reminder is owed."""
