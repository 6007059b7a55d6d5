"""The learning benchmark: simulated learners under quizbot's scheduler and others."""
