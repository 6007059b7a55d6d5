"""Questions written in Discord: a moderator's forms, a pack edited one question at a time, and
members' suggestions."""
