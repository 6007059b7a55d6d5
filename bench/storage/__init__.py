"""The storage benchmark: boards, ranks, the review queue and answer recording at scale."""
