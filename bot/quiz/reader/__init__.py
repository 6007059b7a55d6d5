"""Reading a pack: YAML bytes (or another format's file) in, a checked Pack or every problem
with its place out."""
