"""The prefix of every persistent button's custom_id (``prefix:field:…``), defined once: a click
is routed by it (kit/buttons.py), and the outbox and the reminder loop find their posted
messages by it.

Each prefix is two letters, so that a custom_id keeps its room (100 characters) for its state.
A prefix once given to a kind of button stays its own: messages posted long ago still carry it.
"""

from __future__ import annotations

from typing import Final

# A round (bot/app/rounds/buttons.py).
ANSWER: Final = "qa"
WHY: Final = "qw"
# A question answered from memory: the button that opens its modal, and the modal.
ANSWER_OPEN: Final = "qo"
ANSWER_FORM: Final = "qf"
# A review (bot/app/review/buttons.py).
REVIEW_NOW: Final = "rv"
MISSED: Final = "rm"
REVIEW_ANSWER: Final = "ra"
REVIEW_NEXT: Final = "rn"
REVIEW_STOP: Final = "rs"
REVIEW_OPEN: Final = "ro"  # opens a card's modal (a question answered from memory)
REVIEW_FORM: Final = "rf"  # that modal
# A leaderboard (bot/app/boards/buttons.py).
BOARD_PAGE: Final = "lb"
BOARD_ME: Final = "lm"
# A due-cards reminder (bot/app/reminders/buttons.py).
DUE_REMINDER: Final = "dr"
# A question form (bot/app/authoring/): its modals, and the buttons of its private reply.
FORM_MODAL: Final = "fm"
FORM_STEP: Final = "fo"
FORM_SAVE: Final = "fs"
FORM_CANCEL: Final = "fc"
# A member's suggested question (bot/app/authoring/suggestion_buttons.py): its card's buttons,
# the queue's Next, and the Reject modal.
SUGGEST_APPROVE: Final = "sa"
SUGGEST_EDIT: Final = "se"
SUGGEST_REJECT: Final = "sr"
SUGGEST_REJECTED: Final = "sj"
SUGGEST_NEXT: Final = "sn"
# An upload's preview (bot/app/packs/buttons.py).
UPLOAD_CONFIRM: Final = "uc"
UPLOAD_CANCEL: Final = "ux"

PREFIXES: Final = (
    ANSWER,
    WHY,
    ANSWER_OPEN,
    ANSWER_FORM,
    REVIEW_NOW,
    MISSED,
    REVIEW_ANSWER,
    REVIEW_NEXT,
    REVIEW_STOP,
    REVIEW_OPEN,
    REVIEW_FORM,
    BOARD_PAGE,
    BOARD_ME,
    DUE_REMINDER,
    FORM_MODAL,
    FORM_STEP,
    FORM_SAVE,
    FORM_CANCEL,
    SUGGEST_APPROVE,
    SUGGEST_EDIT,
    SUGGEST_REJECT,
    SUGGEST_REJECTED,
    SUGGEST_NEXT,
    UPLOAD_CONFIRM,
    UPLOAD_CANCEL,
)
