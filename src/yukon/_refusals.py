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
import re
import string
import types
from collections.abc import Iterator, Mapping

import attrs

from ._aids import AidRule
from ._arguments import excerpt, quote
from ._cards import Card
from ._errors import YukonError
from ._moves import Move
from ._rules import GROUP_LIMIT, MoveRule
from ._values import built_once, checked_pickles


class RefusalCode(enum.Enum):
    """The rule a refused move breaks. Values are stable across releases. Each is stated
    where its rule is: the rules of a move in ``_rules.MoveRule``, the aids' and
    auto-finish's in ``_aids.AidRule``; this enum joins them."""

    FACE_DOWN = MoveRule.FACE_DOWN.value
    """The card is face down and not in play yet."""
    NOT_IN_PLAY = MoveRule.NOT_IN_PLAY.value
    """The card lies on a foundation under another card."""
    ALREADY_ON_FOUNDATION = MoveRule.ALREADY_ON_FOUNDATION.value
    """The card is the top of its foundation and was sent to the foundations again."""
    NOT_LAST_CARD = MoveRule.NOT_LAST_CARD.value
    """Only the last card of a column can go to a foundation."""
    FOUNDATION_ORDER = MoveRule.FOUNDATION_ORDER.value
    """A foundation takes its suit in order from the Ace; this card is not the next."""
    SAME_COLUMN = MoveRule.SAME_COLUMN.value
    """The destination is the column the group already lies in."""
    KING_ONLY = MoveRule.KING_ONLY.value
    """Only a King, alone or with its group, may go to an empty column."""
    RANK_MISMATCH = MoveRule.RANK_MISMATCH.value
    """The card must be exactly one rank lower than the destination's last card."""
    SAME_COLOUR = MoveRule.SAME_COLOUR.value
    """Classic rules only: the card must be of the opposite colour."""
    GROUP_TOO_LARGE = MoveRule.GROUP_TOO_LARGE.value
    """A group of more than ``GROUP_LIMIT`` (20) cards cannot move in one move."""
    NO_PLACE = AidRule.NO_PLACE.value
    """Aids only: a double tap or auto placement found no place for the card."""
    RETURN_BY_DRAG = AidRule.RETURN_BY_DRAG.value
    """Aids only: a double tap on a foundation's top card; it comes back only by a
    drag to a column."""
    CARD_BACK = AidRule.CARD_BACK.value
    """A tap on a face-down card addressed by its place (``Game.tap_at``): the refusal
    names no card, since the player cannot see it."""
    FACE_DOWN_LEFT = AidRule.FACE_DOWN_LEFT.value
    """Auto-finish asked for while cards are face down (``size`` of them)."""
    NO_WIN_LEFT = AidRule.NO_WIN_LEFT.value
    """Auto-finish asked of a position no line of moves wins."""
    NO_WIN_FOUND = AidRule.NO_WIN_FOUND.value
    """Auto-finish found no win within its time."""


def refusal_code(rule: MoveRule | AidRule) -> RefusalCode:
    """The public code of a rule."""
    return RefusalCode(rule.value)


class InvalidCatalog(YukonError, ValueError):
    """A message catalog that lacks a refusal, or whose template is not a sentence
    every refusal can be told in."""


_FIELDS = frozenset({"card", "other", "size", "colour"})
_LONGEST = 999
"""The widest field a template may ask for, and the longest message it may make."""


def _read_only(messages: object) -> Mapping[RefusalCode, str]:
    if not isinstance(messages, Mapping):
        raise InvalidCatalog(
            "messages map each RefusalCode to a template, not "
            + type(messages).__name__
        )
    return types.MappingProxyType(dict(messages))


_MOVE_FIELDS = {
    "to_column": frozenset({"card", "column"}),
    "to_foundation": frozenset({"card"}),
}


def _check_template(
    label: str, template: str, fields: frozenset[str] = _FIELDS
) -> None:
    """Refuse a template that names anything but ``fields``, indexes into one
    (``{other[2]}``), nests fields, or asks for a width past :data:`_LONGEST`."""
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError as error:
        raise InvalidCatalog(f"{label}: bad template ({error})") from None
    for _, name, spec, _ in parts:
        if name is None:
            continue
        if name not in fields:
            named = ", ".join(f"{{{field}}}" for field in sorted(fields))
            raise InvalidCatalog(
                f"{label}: {{{excerpt(name)[1:-1]}}} is no field; this template uses "
                f"{named} as they are"
            )
        if "{" in (spec or "") or any(
            int(n) > _LONGEST for n in re.findall(r"\d+", spec or "")
        ):
            raise InvalidCatalog(
                f"{label}: the format of {{{name}}} asks for more than "
                f"{_LONGEST} characters, or nests a field"
            )


def _sentences(catalog: Catalog) -> Iterator[str]:
    """The catalog's templates told with each kind of value a refusal gives them: a
    card of two or three characters (``9♥``, ``10♦``) as the card moved, no other card or
    one, the smallest and largest group, both colours. Templates hold plain fields only
    (see :func:`_check_template`), so a template these all tell, every refusal can."""
    for template in catalog.messages.values():
        for card in ("9♥", "10♦"):
            for other in ("", "10♠", "9♣"):
                for size in (1, 52):
                    for colour in (catalog.red, catalog.black):
                        yield template.format(
                            card=card, other=other, size=size, colour=colour
                        )
    for card in ("9♥", "10♦"):
        yield catalog.to_column.format(card=card, column=7)
        yield catalog.to_foundation.format(card=card)


@attrs.frozen
@built_once
class Catalog:
    """The sentences of one language: a template per refusal code, and colour words.

    Templates may use ``{card}`` (the card moved), ``{other}`` (the card the rule compares
    with), ``{size}`` (cards carried) and ``{colour}`` (the word for the cards' colour).
    Cards are written with suit symbols (``10♦``), which read the same in any language.
    A move is said with ``to_column`` (``{card}``, the card moved, and ``{column}``,
    1-7 as players count) or ``to_foundation`` (``{card}``): see :func:`move_message`.
    """

    language: str
    messages: Mapping[RefusalCode, str] = attrs.field(converter=_read_only, hash=False)
    red: str
    black: str
    to_column: str = "{card} to column {column}"
    to_foundation: str = "{card} to its foundation"

    def __attrs_post_init__(self) -> None:
        for name in ("language", "red", "black", "to_column", "to_foundation"):
            if not isinstance(getattr(self, name), str):
                raise InvalidCatalog(f"a catalog's {name} is text")
        language = excerpt(self.language)
        for code, template in self.messages.items():
            if not isinstance(code, RefusalCode):
                raise InvalidCatalog(
                    f"catalog {language}: {excerpt(repr(code))} is no RefusalCode"
                )
            if not isinstance(template, str):
                raise InvalidCatalog(f"catalog {language}, {code.value}: not text")
        missing = [code.value for code in RefusalCode if code not in self.messages]
        if missing:
            raise InvalidCatalog(
                f"catalog {language} has no message for: {', '.join(missing)}"
            )
        try:
            for code, template in self.messages.items():
                _check_template(code.value, template)
            for name, fields in _MOVE_FIELDS.items():
                _check_template(name, getattr(self, name), fields)
            for sentence in _sentences(self):
                if len(sentence) > _LONGEST:
                    raise InvalidCatalog(f"a sentence over {_LONGEST} characters")
        except InvalidCatalog as error:
            raise InvalidCatalog(f"catalog {language}, {error}") from None
        except (KeyError, IndexError, ValueError, TypeError) as error:
            raise InvalidCatalog(
                f"catalog {language}: bad template ({error})"
            ) from None

    def __reduce__(self) -> tuple[object, ...]:
        # The messages are a read-only view, which pickle cannot take: pass a dict.
        return (
            Catalog,
            (
                self.language,
                dict(self.messages),
                self.red,
                self.black,
                self.to_column,
                self.to_foundation,
            ),
        )


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
        # The card the foundation needs is not named: it may lie face down.
        RefusalCode.FOUNDATION_ORDER: (
            "A foundation is built up in suit from the Ace, one rank at a time; {card} "
            "is not the next card for it."
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
            f"At most {GROUP_LIMIT} cards move at once; the group from {{card}} has "
            "{size}."
        ),
        RefusalCode.NO_PLACE: "There is no place for {card} on the board.",
        RefusalCode.RETURN_BY_DRAG: (
            "A card comes back from its foundation only by dragging it to a column; "
            "{card} is on its foundation."
        ),
        RefusalCode.CARD_BACK: "A face-down card cannot be moved.",
        RefusalCode.FACE_DOWN_LEFT: (
            "Auto-finish plays on only once every card is face up; {size} cards are "
            "still face down."
        ),
        RefusalCode.NO_WIN_LEFT: "This position cannot be won: no line of moves wins it.",
        RefusalCode.NO_WIN_FOUND: "No win was found in the time auto-finish has.",
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
            "ערימת יסוד נבנית לפי סדרה, מהאס ומעלה, דרגה אחר דרגה; {card} אינו הקלף "
            "הבא שלה."
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
            f"אפשר להזיז לכל היותר {GROUP_LIMIT} קלפים במהלך אחד; בקבוצה מ־{{card}} יש "
            "{size} קלפים."
        ),
        RefusalCode.NO_PLACE: "אין מקום בלוח עבור {card}.",
        RefusalCode.RETURN_BY_DRAG: (
            "קלף חוזר מערימת היסוד רק בגרירה לעמודה; {card} נמצא בערימת היסוד."
        ),
        RefusalCode.CARD_BACK: "אי אפשר להזיז קלף מוסתר.",
        RefusalCode.FACE_DOWN_LEFT: (
            "סיום אוטומטי ממשיך רק כשכל הקלפים גלויים; {size} קלפים עדיין הפוכים."
        ),
        RefusalCode.NO_WIN_LEFT: "אי אפשר לנצח במצב הזה: שום רצף מהלכים לא מנצח בו.",
        RefusalCode.NO_WIN_FOUND: "לא נמצא ניצחון בזמן שיש לסיום האוטומטי.",
    },
    red="אדומים",
    black="שחורים",
    to_column="{card} לעמודה {column}",
    to_foundation="{card} לערימת היסוד שלו",
)
"""Hebrew sentences, the language of the app's own rules document."""

CATALOGS: Mapping[str, Catalog] = types.MappingProxyType({"en": ENGLISH, "he": HEBREW})
"""The catalogs that ship with the library, by language code (read-only)."""


def catalog_of(catalog: Catalog | str) -> Catalog:
    """``catalog``: a :class:`Catalog`, or a shipped language code (``"en"``, ``"he"``)."""
    if isinstance(catalog, str):
        language = catalog
        try:
            return CATALOGS[language]
        except KeyError:
            raise InvalidCatalog(
                f"no catalog for {excerpt(language)}; shipped: {', '.join(CATALOGS)}"
            ) from None
    if not isinstance(catalog, Catalog):
        raise TypeError(
            "catalog must be a Catalog or a shipped language code, not "
            + type(catalog).__name__
        )
    return catalog


def move_message(move: Move, catalog: Catalog | str = "en") -> str:
    """``move`` said as the board shows it, in ``catalog``'s language (a
    :class:`Catalog` or a shipped language code): ``10♠ to column 2``, ``A♥ to its
    foundation``; for a hint (:meth:`Hint.message_in <yukon.Hint.message_in>`) or a move
    a frontend announces."""
    if not isinstance(move, Move):
        raise TypeError(f"move must be a Move, not {type(move).__name__}")
    said = catalog_of(catalog)
    if move.column is None:
        return said.to_foundation.format(card=move.card.symbol)
    return said.to_column.format(card=move.card.symbol, column=move.column + 1)


@checked_pickles
@attrs.frozen
@built_once
class Refusal:
    """A refused move, the rule it breaks, and the cards that show why.

    ``str(refusal)`` is its English sentence (:attr:`message`)."""

    code: RefusalCode
    move: Move | None
    """The move refused; ``None`` for a refusal that names no card: a tap on a card back
    (``CARD_BACK``) and auto-finish's refusals."""
    other: Card | None = None
    """The card the rule compares with: the destination's last card, the card a foundation
    needs next (which may lie face down: the shipped sentences do not name it), or the
    card lying on top."""
    size: int = 1
    """How many cards the move would carry (for ``FACE_DOWN_LEFT``, the cards still face
    down)."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.code, RefusalCode):
            raise TypeError(
                f"code must be a RefusalCode, not {type(self.code).__name__}"
            )
        for name, kind in (("move", Move), ("other", Card)):
            value = getattr(self, name)
            if value is not None and not isinstance(value, kind):
                raise TypeError(
                    f"{name} must be a {kind.__name__} or None, not "
                    + type(value).__name__
                )
        if type(self.size) is not int:
            raise TypeError(
                f"size must be a whole number, not {type(self.size).__name__}"
            )
        if not 0 <= self.size <= 52:
            raise ValueError(f"size must be from 0 to 52 cards, not {quote(self.size)}")

    @property
    def card(self) -> Card | None:
        """The card the refused move takes (``None`` when :attr:`move` is)."""
        return None if self.move is None else self.move.card

    @property
    def message(self) -> str:
        """One English sentence stating the rule and naming the cards."""
        return self.message_in(ENGLISH)

    def __str__(self) -> str:
        return self.message

    def message_in(self, catalog: Catalog | str) -> str:
        """The sentence from ``catalog``: a :class:`Catalog` or a shipped language code
        (``"en"``, ``"he"``)."""
        catalog = catalog_of(catalog)
        card = self.card
        return catalog.messages[self.code].format(
            card="" if card is None else card.symbol,
            other=self.other.symbol if self.other is not None else "",
            size=self.size,
            colour=catalog.red if card is not None and card.is_red else catalog.black,
        )


class IllegalMove(YukonError, ValueError):
    """A well-formed move the rules refuse here; carries the :class:`Refusal`."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal

    def __reduce__(self) -> tuple[object, ...]:
        return (IllegalMove, (self.refusal,))


class CannotFinish(YukonError, ValueError):
    """Auto-finish asked of a game that has cards face down, that cannot be won, or
    whose finish was not found within the budget; carries the :class:`Refusal` that
    says which (``FACE_DOWN_LEFT``, ``NO_WIN_LEFT``, ``NO_WIN_FOUND``), for a frontend
    to show in the player's language."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal

    def __reduce__(self) -> tuple[object, ...]:
        return (CannotFinish, (self.refusal,))
