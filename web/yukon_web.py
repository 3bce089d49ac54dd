"""The web page's game, run by Pyodide in the page's worker.

The page sends one JSON message per action and gets one back. It addresses cards by
place (a column and an index from its bottom, or a foundation), never by name, and every
answer is what a player sees: the state view and the changes of the moves just made, with
face-down cards hidden (``hide_face_down=True``), and the game saved the same way. So no
face-down card's name ever reaches the page.

Messages in: ``{"op": ..., ...}``; ``op`` is one of ``new`` (``code``, or ``rules`` for a
random deal), ``load`` (``saved``), ``tap``, ``double_tap``, ``targets`` (``place``),
``drop`` (``place``, ``to``: a column 0-6 or ``"foundation"``), ``undo``, ``redo``,
``hint``, ``finish`` and ``settings`` (``name``, ``value``).
"""

from __future__ import annotations

import json
import random
from typing import Any

import yukon
from yukon import CannotFinish, Card, Game, GameCode, Move, Refusal, Settings

Message = dict[str, Any]

SETTINGS = ("double_click", "placement_help", "interactive_rules", "auto_placement")


def refusal_view(refusal: Refusal | None) -> Message | None:
    """A refusal as the page shows it: its code and its sentence in each language."""
    if refusal is None:
        return None
    return {
        "code": refusal.code.value,
        "en": refusal.message_in("en"),
        "he": refusal.message_in("he"),
    }


class Session:
    """One player's game and settings."""

    def __init__(self) -> None:
        self.game = Game.new(GameCode(1, "R"))
        self.settings = Settings()

    # -- what crosses to the page ------------------------------------------------------

    def answer(
        self,
        changes: tuple[yukon.Change, ...] = (),
        refusal: Refusal | None = None,
        **more: Any,
    ) -> Message:
        game = self.game
        return {
            "view": game.state.to_dict(hide_face_down=True),
            "code": str(game.code),
            "score": game.score,
            "moves": game.move_count,
            "can_undo": game.can_undo,
            "can_redo": game.can_redo,
            "changes": [c.to_dict(hide_face_down=True) for c in changes],
            "refusal": refusal_view(refusal),
            "saved": game.to_dict(hide_face_down=True),
            "settings": {name: getattr(self.settings, name) for name in SETTINGS},
            **more,
        }

    def outcome(self, outcome: yukon.Outcome) -> Message:
        self.game = outcome.game
        change = outcome.game.last_change if outcome.played else None
        return self.answer(
            () if change is None else (change,), outcome.refusal, played=outcome.played
        )

    # -- cards by place ------------------------------------------------------------------

    def card(self, place: Message) -> Card | None:
        """The face-up card at a place, ``None`` for a card back or an empty foundation."""
        state = self.game.state
        if "foundation" in place:
            return state.foundation_top(int(place["foundation"]))
        return state.card_at(int(place["column"]), int(place["index"]))

    # -- the actions ---------------------------------------------------------------------

    def handle(self, message: Message) -> Message:
        op = message.get("op")
        if op == "new":
            code = message.get("code")
            if code:
                self.game = Game.new(GameCode.parse(code))
            else:
                rules = message.get("rules", "C")
                self.game = Game.new(GameCode.random(rules, random.Random()))
            return self.answer()
        if op == "load":
            self.game = Game.from_dict(message["saved"])
            return self.answer()
        if op == "settings":
            name = message["name"]
            if name not in SETTINGS:
                raise ValueError(f"no setting {name!r}")
            self.settings = self.settings.replace(**{name: bool(message["value"])})
            return self.answer()
        if op in ("tap", "double_tap"):
            return self.tap(message["place"], double=op == "double_tap")
        if op == "targets":
            card = self.card(message["place"])
            if card is None:
                return self.answer(targets=[])
            moves = self.game.state.targets(card)
            spots = ["foundation" if m.column is None else m.column for m in moves]
            return self.answer(targets=spots)
        if op == "drop":
            return self.drop(message["place"], message["to"])
        if op == "undo":
            change = self.game.last_change
            self.game = self.game.undo()
            return self.answer(() if change is None else (change.inverse(),))
        if op == "redo":
            self.game = self.game.redo()
            change = self.game.last_change
            return self.answer(() if change is None else (change,))
        if op == "hint":
            hint = self.game.hint()
            if hint is None:
                return self.answer(hint=None)
            return self.answer(hint=self.hint_view(hint.move))
        if op == "finish":
            return self.finish()
        raise ValueError(f"no action {op!r}")

    def tap(self, place: Message, *, double: bool) -> Message:
        if "foundation" in place:
            card = self.card(place)
            if card is None:
                return self.answer(played=False)
            if not double:
                return self.answer(played=False, pick=True)
            return self.outcome(self.game.double_tap(card))
        column, index = int(place["column"]), int(place["index"])
        if double:
            return self.outcome(self.game.double_tap_at(column, index))
        outcome = self.game.tap_at(column, index)
        if outcome.played or self.game.state.card_at(column, index) is None:
            return self.outcome(outcome)  # played, or a card back's refusal
        return self.answer(played=False, pick=True)  # a tap picks the card up

    def drop(self, place: Message, to: object) -> Message:
        card = self.card(place)
        if card is None:
            if "foundation" in place:  # an empty foundation: nothing to move
                return self.answer(played=False)
            # A card back: the library refuses it by place, naming no card.
            column, index = int(place["column"]), int(place["index"])
            return self.outcome(self.game.tap_at(column, index))
        if to == "foundation":
            return self.outcome(self.game.attempt(Move.home(card)))
        if self.settings.auto_placement:
            return self.outcome(self.game.auto_place(card))
        return self.outcome(self.game.attempt(Move(card, int(str(to)))))

    def hint_view(self, move: Move) -> Message:
        where = self.game.state.locate(move.card)
        pile = where.pile
        place: Message = (
            {"foundation": pile.index}  # 0-3: spades, hearts, diamonds, clubs
            if pile.kind == "foundation"
            else {"column": pile.index, "index": where.index}
        )
        to: object = "foundation" if move.column is None else move.column
        return {"move": str(move), "place": place, "to": to}

    def finish(self) -> Message:
        before = self.game
        try:
            finished = before.auto_finish()
        except CannotFinish as refused:
            return self.answer(refusal=refused.refusal)
        state, changes = before.state, []
        for move in finished.line[len(before.line) :]:
            changes.append(state.change(move))
            state = state.apply(move)
        self.game = finished
        return self.answer(tuple(changes))


SESSION = Session()


def handle(text: str) -> str:
    """One message from the page, answered with its ``id``; an error is answered with
    the game as it was, never raised."""
    message: Message = {}
    try:
        message = json.loads(text)
        answer = SESSION.handle(message)
    except Exception as error:
        answer = {**SESSION.answer(), "error": f"{type(error).__name__}: {error}"}
    answer["id"] = message.get("id") if isinstance(message, dict) else None
    return json.dumps(answer)
