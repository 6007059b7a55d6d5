"""Item analytics: how each question of a pack fared."""
