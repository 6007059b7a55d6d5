"""Writing questions in Discord: `/quiz question add|edit|remove` and `/quiz pack new`."""
