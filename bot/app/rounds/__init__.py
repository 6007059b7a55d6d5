"""Quiz rounds in a channel: `/quiz start|stop|skip`, the answer buttons, the round messages, the
conductor and the outbox that delivers what a round owes."""
