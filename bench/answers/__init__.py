"""The answers benchmark: clicks on a round's buttons, quizbot beside the transport ceiling."""
