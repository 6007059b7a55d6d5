"""Due-questions reminders by DM, their "Review now" button, and the notice when Discord refused
one."""
