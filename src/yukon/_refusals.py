"""Why a move is refused: one stable code per rule, and a sentence stating the rule.

The app's "interactive rules" aid shows the rule a refused move broke. Each
:class:`RefusalCode` is one rule; its value is a stable string a frontend may key its own
translations on. The SPEC's refusals that name a source place (empty source, no such
position, empty foundation) cannot arise here, because a move names a card and every card
is somewhere; a column number outside 1-7 is an :class:`~yukon.InvalidMove` instead.
"""

from __future__ import annotations

import enum

import attrs

from ._cards import Card
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


ENGLISH: dict[RefusalCode, str] = {
    RefusalCode.FACE_DOWN: "A face-down card cannot be moved; {card} is face down.",
    RefusalCode.NOT_IN_PLAY: (
        "Only the top card of a foundation can be taken back; {card} lies under {other}."
    ),
    RefusalCode.ALREADY_ON_FOUNDATION: "{card} is already on its foundation.",
    RefusalCode.NOT_LAST_CARD: (
        "Only the last card of a column can go to a foundation; {card} has {above} on it."
    ),
    RefusalCode.FOUNDATION_ORDER: (
        "A foundation is built up in suit from the Ace; it needs {other} next, not {card}."
    ),
    RefusalCode.SAME_COLUMN: "A group must go to another column; {card} is already there.",
    RefusalCode.KING_ONLY: "Only a King can go to an empty column; {card} is not a King.",
    RefusalCode.RANK_MISMATCH: (
        "A card goes on a card exactly one rank higher; {card} cannot go on {other}."
    ),
    RefusalCode.SAME_COLOUR: (
        "In classic rules a card goes on the opposite colour; {card} and {other} are "
        "both {colour}."
    ),
    RefusalCode.GROUP_TOO_LARGE: (
        "At most 20 cards move at once; the group from {card} has {size}."
    ),
}
"""The English sentence for each refusal, with ``{card}``-style fields."""


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
        return self.format(ENGLISH)

    def format(self, catalog: dict[RefusalCode, str]) -> str:
        """The message from ``catalog``, a template per code with fields ``{card}``,
        ``{other}``, ``{size}``, ``{above}`` and ``{colour}``."""
        card = self.move.card
        above = self.size - 1
        return catalog[self.code].format(
            card=card.symbol,
            other=self.other.symbol if self.other is not None else "",
            size=self.size,
            above=f"{above} card" + ("s" if above != 1 else ""),
            colour="red" if card.is_red else "black",
        )
