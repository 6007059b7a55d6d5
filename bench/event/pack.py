"""The quiz night's pack: ten general-knowledge questions of four options, in English and
Greek, written into a scratch quiz folder (the shipped packs have eight questions); or the same
questions to be typed, each accepting its right option's text."""

from __future__ import annotations

from typing import Any

PACK = "quiz-night"
# (English prompt, Greek prompt, the four options in both languages, the right one)
_QUESTIONS: tuple[tuple[str, str, tuple[tuple[str, str], ...], int], ...] = (
    (
        "Which planet is closest to the Sun?",
        "Ποιος πλανήτης είναι πιο κοντά στον Ήλιο;",
        (("Venus", "Αφροδίτη"), ("Mercury", "Ερμής"), ("Mars", "Άρης"), ("Earth", "Γη")),
        1,
    ),
    (
        "How many sides has a hexagon?",
        "Πόσες πλευρές έχει ένα εξάγωνο;",
        (("Five", "Πέντε"), ("Seven", "Επτά"), ("Six", "Έξι"), ("Eight", "Οκτώ")),
        2,
    ),
    (
        "Which gas do plants take in to make sugar?",
        "Ποιο αέριο προσλαμβάνουν τα φυτά για να φτιάξουν σάκχαρα;",
        (
            ("Oxygen", "Οξυγόνο"),
            ("Nitrogen", "Άζωτο"),
            ("Helium", "Ήλιο"),
            ("Carbon dioxide", "Διοξείδιο του άνθρακα"),
        ),
        3,
    ),
    (
        "What is the boiling point of water at sea level?",
        "Σε ποια θερμοκρασία βράζει το νερό στο επίπεδο της θάλασσας;",
        (("100 °C", "100 °C"), ("90 °C", "90 °C"), ("120 °C", "120 °C"), ("80 °C", "80 °C")),
        0,
    ),
    (
        "Which is the largest ocean?",
        "Ποιος είναι ο μεγαλύτερος ωκεανός;",
        (
            ("Atlantic", "Ατλαντικός"),
            ("Indian", "Ινδικός"),
            ("Pacific", "Ειρηνικός"),
            ("Arctic", "Αρκτικός"),
        ),
        2,
    ),
    (
        "How many minutes are in three hours?",
        "Πόσα λεπτά έχουν οι τρεις ώρες;",
        (("120", "120"), ("180", "180"), ("150", "150"), ("210", "210")),
        1,
    ),
    (
        "Which metal is liquid at room temperature?",
        "Ποιο μέταλλο είναι υγρό σε θερμοκρασία δωματίου;",
        (
            ("Mercury", "Υδράργυρος"),
            ("Iron", "Σίδηρος"),
            ("Copper", "Χαλκός"),
            ("Tin", "Κασσίτερος"),
        ),
        0,
    ),
    (
        "What is the square root of 81?",
        "Ποια είναι η τετραγωνική ρίζα του 81;",
        (("7", "7"), ("8", "8"), ("10", "10"), ("9", "9")),
        3,
    ),
    (
        "Which organ pumps blood through the body?",
        "Ποιο όργανο αντλεί το αίμα σε όλο το σώμα;",
        (
            ("The lungs", "Οι πνεύμονες"),
            ("The heart", "Η καρδιά"),
            ("The liver", "Το συκώτι"),
            ("The kidneys", "Τα νεφρά"),
        ),
        1,
    ),
    (
        "How many continents are there?",
        "Πόσες ήπειροι υπάρχουν;",
        (("Five", "Πέντε"), ("Six", "Έξι"), ("Seven", "Επτά"), ("Eight", "Οκτώ")),
        2,
    ),
)
QUESTIONS = len(_QUESTIONS)
OPTIONS = 4


def correct_options() -> dict[str, int]:
    """The right option's index of each question, by its id (a round asks them shuffled)."""
    return {_question_id(n): q[3] for n, q in enumerate(_QUESTIONS, start=1)}


def _question_id(number: int) -> str:
    return f"night-{number}"


def typed_texts() -> dict[str, list[str]]:
    """What a member types for each option of each question asked as typed: the option's text
    in English (accepted from a member of either language)."""
    return {_question_id(n): [en for en, _ in q[2]] for n, q in enumerate(_QUESTIONS, start=1)}


def quiz_night_pack(*, typed: bool = False) -> dict[str, Any]:
    """The pack; ``typed``: each question asked to be typed, its right option's text the
    accepted answer."""
    questions = []
    for number, (english, greek, options, right) in enumerate(_QUESTIONS, start=1):
        shown: list[dict[str, Any]] = [{"text": {"en": en, "el": el}} for en, el in options]
        shown[right]["correct"] = True
        en, el = options[right]
        answer: dict[str, Any] = (
            {"kind": "typed", "answers": {"en": [en], "el": [el]}} if typed else {"options": shown}
        )
        questions.append(
            {
                "id": _question_id(number),
                "prompt": {"en": english, "el": greek},
                **answer,
                "explanation": {
                    "en": f"The answer is {options[right][0]}.",
                    "el": f"Η απάντηση είναι: {options[right][1]}.",
                },
            }
        )
    return {
        "id": PACK,
        "locales": ["en", "el"],
        "title": {"en": "Quiz night", "el": "Βραδιά κουίζ"},
        "summary": {
            "en": "Ten quick general-knowledge questions for a whole server at once.",
            "el": "Δέκα γρήγορες ερωτήσεις γενικών γνώσεων για όλο τον διακομιστή μαζί.",
        },
        "difficulty": "easy",
        "questions": questions,
    }
