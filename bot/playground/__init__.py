"""`quizbot playground`: quizbot in a browser, against a local Discord, with no account."""
