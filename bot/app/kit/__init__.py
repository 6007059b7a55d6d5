"""The shared kit of the Discord side: replies, the persistent-button base, the interface strings,
text limits, metrics, the servers' views of the packs (and the upload checker's workers), the
context every handler is given. Features build on it; it knows none of them."""
