"""Answers a member types or picks, graded against what a question accepts: typed texts (as
written, normalised, or with a typo tolerated), numbers within a tolerance, and choice questions
with several right options."""
