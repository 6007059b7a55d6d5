"""The packs a server sees: `/quiz pack …`, its views of the library, and uploads checked in worker
processes."""
