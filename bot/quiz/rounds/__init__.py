"""Quiz rounds: which questions, in which order, for how long; pauses, teams and review rounds."""
