"""Why a move is refused: one stable code per rule, and a sentence stating the rule.

The app's "interactive rules" aid shows the rule a refused move broke. Each
:class:`RefusalCode` is one rule; its value is a stable string a frontend may key its own
translations on. Sentences come from a :class:`Catalog`: English and Hebrew (the app's own
language) ship with the library, and a frontend may bring its own.

The SPEC's refusals that name a source place (empty source, no such position, empty
foundation) cannot arise here, because a move names a card and every card is somewhere;
a column number outside 1-7 is an :class:`~yukon.InvalidMove` instead.
"""

from __future__ import annotations

import enum
import types
from collections.abc import Mapping

import attrs

from ._cards import Card
from ._errors import YukonError
from ._moves import Move


class RefusalCode(enum.Enum):
    """The rule a refused move breaks. Values are stable across releases."""

    FACE_DOWN = "face-down"
    """The card is face down and not in play yet."""
    NOT_IN_PLAY = "not-in-play"
    """The card lies on a foundation under another card."""
    ALREADY_ON_FOUNDATION = "already-on-foundation"
    """The card is the top of its foundation and was sent to the foundations again."""
    NOT_LAST_CARD = "not-last-card"
    """Only the last card of a column can go to a foundation."""
    FOUNDATION_ORDER = "foundation-order"
    """A foundation takes its suit in order from the Ace; this card is not the next."""
    SAME_COLUMN = "same-column"
    """The destination is the column the group already lies in."""
    KING_ONLY = "king-only"
    """Only a King, alone or with its group, may go to an empty column."""
    RANK_MISMATCH = "rank-mismatch"
    """The card must be exactly one rank lower than the destination's last card."""
    SAME_COLOUR = "same-colour"
    """Classic rules only: the card must be of the opposite colour."""
    GROUP_TOO_LARGE = "group-too-large"
    """A group of more than 20 cards cannot move in one move."""
    NO_PLACE = "no-place"
    """Aids only: a double tap or auto placement found no place for the card."""


class InvalidCatalog(YukonError, ValueError):
    """A message catalog that lacks a refusal or uses an unknown field."""


_FIELDS = {"card": "9♥", "other": "10♠", "size": 21, "colour": "red"}


def _read_only(messages: Mapping[RefusalCode, str]) -> Mapping[RefusalCode, str]:
    return types.MappingProxyType(dict(messages))


@attrs.frozen
class Catalog:
    """The sentences of one language: a template per refusal code, and colour words.

    Templates may use ``{card}`` (the card moved), ``{other}`` (the card the rule compares
    with), ``{size}`` (cards carried) and ``{colour}`` (the word for the cards' colour).
    Cards are written with suit symbols (``10♦``), which read the same in any language.
    """

    language: str
    messages: Mapping[RefusalCode, str] = attrs.field(converter=_read_only, hash=False)
    red: str
    black: str

    def __attrs_post_init__(self) -> None:
        missing = [code.value for code in RefusalCode if code not in self.messages]
        if missing:
            raise InvalidCatalog(
                f"catalog {self.language!r} has no message for: {', '.join(missing)}"
            )
        for code, template in self.messages.items():
            try:
                template.format(**_FIELDS)
            except (KeyError, IndexError, ValueError) as error:
                raise InvalidCatalog(
                    f"catalog {self.language!r}, {code.value}: bad template ({error})"
                ) from None


ENGLISH = Catalog(
    "en",
    {
        RefusalCode.FACE_DOWN: "A face-down card cannot be moved; {card} is face down.",
        RefusalCode.NOT_IN_PLAY: (
            "Only the top card of a foundation can be taken back; {card} lies under "
            "{other}."
        ),
        RefusalCode.ALREADY_ON_FOUNDATION: "{card} is already on its foundation.",
        RefusalCode.NOT_LAST_CARD: (
            "Only the last card of a column can go to a foundation; {card} has cards "
            "on it."
        ),
        RefusalCode.FOUNDATION_ORDER: (
            "A foundation is built up in suit from the Ace; it needs {other} next, "
            "not {card}."
        ),
        RefusalCode.SAME_COLUMN: (
            "A group must go to another column; {card} is already in that column."
        ),
        RefusalCode.KING_ONLY: (
            "Only a King can go to an empty column; {card} is not a King."
        ),
        RefusalCode.RANK_MISMATCH: (
            "A card goes on a card exactly one rank higher; {card} cannot go on "
            "{other}."
        ),
        RefusalCode.SAME_COLOUR: (
            "In classic rules a card goes on the opposite colour; {card} and {other} "
            "are both {colour}."
        ),
        RefusalCode.GROUP_TOO_LARGE: (
            "At most 20 cards move at once; the group from {card} has {size}."
        ),
        RefusalCode.NO_PLACE: "There is no place for {card} on the board.",
    },
    red="red",
    black="black",
)
"""English sentences (the default)."""

HEBREW = Catalog(
    "he",
    {
        RefusalCode.FACE_DOWN: "אי אפשר להזיז קלף מוסתר; {card} עדיין הפוך.",
        RefusalCode.NOT_IN_PLAY: (
            "אפשר להחזיר רק את הקלף העליון בערימת יסוד; {card} נמצא מתחת ל־{other}."
        ),
        RefusalCode.ALREADY_ON_FOUNDATION: "{card} כבר נמצא בערימת היסוד שלו.",
        RefusalCode.NOT_LAST_CARD: (
            "רק הקלף האחרון בעמודה יכול לעבור לערימת היסוד; על {card} מונחים קלפים."
        ),
        RefusalCode.FOUNDATION_ORDER: (
            "ערימת יסוד נבנית לפי סדרה, מהאס ומעלה; עכשיו היא צריכה את {other}, "
            "לא את {card}."
        ),
        RefusalCode.SAME_COLUMN: "קבוצה עוברת לעמודה אחרת; {card} כבר נמצא בעמודה הזאת.",
        RefusalCode.KING_ONLY: "רק מלך יכול לעבור לטור ריק; {card} אינו מלך.",
        RefusalCode.RANK_MISMATCH: (
            "קלף מונח על קלף שגבוה ממנו בדרגה אחת בדיוק; אי אפשר להניח {card} על {other}."
        ),
        RefusalCode.SAME_COLOUR: (
            "בכללים הקלאסיים קלף מונח על קלף בצבע הנגדי; {card} ו־{other} שניהם {colour}."
        ),
        RefusalCode.GROUP_TOO_LARGE: (
            "אפשר להזיז לכל היותר 20 קלפים במהלך אחד; בקבוצה מ־{card} יש {size} קלפים."
        ),
        RefusalCode.NO_PLACE: "אין מקום בלוח עבור {card}.",
    },
    red="אדומים",
    black="שחורים",
)
"""Hebrew sentences, the language of the app's own rules document."""

CATALOGS: Mapping[str, Catalog] = {"en": ENGLISH, "he": HEBREW}
"""The catalogs that ship with the library, by language code."""


@attrs.frozen
class Refusal:
    """A refused move, the rule it breaks, and the cards that show why."""

    code: RefusalCode
    move: Move
    other: Card | None = None
    """The card the rule compares with: the destination's last card, the card a foundation
    needs next, or the card lying on top."""
    size: int = 1
    """How many cards the move would carry."""

    @property
    def card(self) -> Card:
        """The card the refused move takes."""
        return self.move.card

    @property
    def message(self) -> str:
        """One English sentence stating the rule and naming the cards."""
        return self.message_in(ENGLISH)

    def message_in(self, catalog: Catalog | str) -> str:
        """The sentence from ``catalog``: a :class:`Catalog` or a shipped language code
        (``"en"``, ``"he"``)."""
        if isinstance(catalog, str):
            try:
                catalog = CATALOGS[catalog]
            except KeyError:
                raise InvalidCatalog(
                    f"no catalog for {catalog!r}; shipped: {', '.join(CATALOGS)}"
                ) from None
        card = self.move.card
        return catalog.messages[self.code].format(
            card=card.symbol,
            other=self.other.symbol if self.other is not None else "",
            size=self.size,
            colour=catalog.red if card.is_red else catalog.black,
        )
