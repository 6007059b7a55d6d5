"""Reviews stored: the review step, cards, fitted weights and leeches."""
