"""The bot as a process: start-up, the client (sharded or not), shard leases, health and metrics,
logs, and `quizbot check`."""
