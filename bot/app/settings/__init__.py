"""Settings: a member's own (`/settings`) and a server's (`/quiz settings`)."""
