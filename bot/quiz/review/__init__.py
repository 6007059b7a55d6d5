"""Private reviews: the session's decisions, FSRS scheduling, fitted weights, leeches and a
member's desired retention."""
