"""`/quiz analytics`: how each question of a pack fared in a server."""
