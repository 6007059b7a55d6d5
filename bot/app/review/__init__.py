"""Private spaced-repetition reviews: `/review`, its buttons and messages."""
