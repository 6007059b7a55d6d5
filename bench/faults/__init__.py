"""The fault benchmark: a round through kills, storms and database cuts."""
