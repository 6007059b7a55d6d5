"""The shared kit of the Discord side: replies, the persistent-button base, the interface strings,
text limits, the context every handler is given."""
