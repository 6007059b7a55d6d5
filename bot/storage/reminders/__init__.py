"""Due-questions reminders, claimed so that one process sends each."""
