"""What a quizbot process costs: memory by servers served, the /stats chart."""
