"""``yukon play``: a terminal Yukon game, and the library's reference frontend.

Run it with ``yukon play [CODE]`` (install ``yukon[play]``, which brings Textual). It is
written to be read, and it imports only the library's public names: every rule comes
from the library, so this module only draws what a :class:`~yukon.Game` says and hands
each click and key back to it.

- A click on a card taps it (home to its foundation when it can go); when the tap finds
  nothing to do, the card is picked up, with every card on it, and the places it may go
  light up (placement help). A click on another column, or on a foundation, drops it.
- A double click is the double tap. Shift+click picks a card up without tapping it.
- Keys do everything the mouse does; press ``?`` in the game for the list.
- A column longer than the screen shows its last cards: its backs take one line, and
  the face-up run above what fits is counted on a line of its own (the cursor scrolls
  it).
- A game in progress is never thrown away unasked (new game, load, quit), and a save
  never overwrites a file unasked.
- New game (N) offers a code, a random deal, a winnable one, one of a grade, or today's
  deal; T shows the player's record (:class:`~yukon.Statistics`), kept in
  ``yukon-statistics.json`` beside the save file (``--statistics FILE`` elsewhere). When a
  game counts is said once, in :class:`~yukon.Statistics`'s module: a win, or a game
  left for another after a move (not won).
"""

from __future__ import annotations

import datetime
import os
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

import attrs
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Click, Resize
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Footer, Input, Label, Static

from yukon import (
    CannotFinish,
    Card,
    Change,
    Game,
    GameCode,
    Grade,
    Grading,
    InvalidMove,
    Move,
    Outcome,
    Pile,
    Played,
    Refusal,
    Rules,
    Settings,
    Statistics,
    Suit,
    Totals,
    YukonError,
    daily,
    known_grading,
    winnable,
)

__all__ = ["YukonApp", "describe"]

_COLUMNS = 7


def describe(change: Change) -> str:
    """A change in words, for the status line and for screen readers:
    ``6♣ K♠ to column 2; K♣ turned face up; +5``."""
    cards = " ".join(card.symbol for card in change.cards)
    verb = "back to" if change.is_undo else "to"
    words = f"{cards} {verb} {change.destination}"
    if change.turn is not None:
        side = "up" if change.turn.face_up else "down"
        words += f"; {change.turn.card.symbol} turned face {side}"
    if change.score_delta:
        words += f"; {change.score_delta:+d}"
    return words


@attrs.frozen
class View:
    """What the board draws: the game, the card held (picked up), the keyboard cursor
    (a column and how many face-up cards above its last one), the places lit up by
    placement help or a hint, and the cards that just moved."""

    game: Game
    held: Card | None = None
    cursor: tuple[int, int] = (0, 0)
    lit: frozenset[Pile] = frozenset()
    moved: frozenset[Card] = frozenset()


class PileWidget(Static):
    """One pile, drawn as lines of text: a foundation (its top card) or a column (its
    number, then its cards from the bottom, face-down ones as backs that are never
    read). A click reports the card on the line clicked."""

    class Clicked(Message):
        """A click on a card, on a card back (``face_down``), or on a pile where no
        card lies (``card`` is ``None`` for both); ``index`` is the place clicked in a
        column, counted from the bottom (``None`` off the cards)."""

        def __init__(
            self,
            card: Card | None,
            pile: Pile,
            *,
            face_down: bool,
            index: int | None,
            chain: int,
            shift: bool,
        ) -> None:
            super().__init__()
            self.card, self.pile, self.face_down = card, pile, face_down
            self.index, self.chain, self.shift = index, chain, shift

    def __init__(self, pile: Pile, *, id: str) -> None:
        super().__init__(id=id, classes=pile.kind)
        self.pile = pile
        self.hidden = 0
        self.cards: tuple[Card, ...] = ()
        self.rows: list[tuple[str, int]] = []
        self.drawn: tuple[object, ...] = ()

    def on_mount(self) -> None:
        self.redraw()  # mounted after the board's first drawing

    def on_resize(self, event: Resize) -> None:
        self.redraw()  # a column's rows depend on its height

    def redraw(self) -> None:
        board = self.parent.parent if self.parent else None
        if isinstance(board, BoardWidget) and board.view is not None:
            self.draw(board.view)

    def draw(self, view: View) -> None:
        """Draw this pile as ``view`` shows it."""
        state, pile = view.game.state, self.pile
        lit = _LIT if pile in view.lit else ""
        if pile.is_foundation:
            top = state.foundation_top(pile.index)
            self.cards = () if top is None else (top,)
            blank = Text(" " + Suit(pile.index).symbol + " ", style=lit or "dim")
            self.show(self.line(view, top, lit) if top else blank)
            return
        column = state.columns[pile.index]
        self.hidden, self.cards = column.hidden, column.face_up
        self.rows = fit(
            column.hidden, len(self.cards), self.size.height or 99, _focus(view, pile)
        )
        lines = [Text(f" {pile.index + 1} ", style=lit or "dim")]
        for kind, n in self.rows:
            if kind == "card":
                lines.append(self.line(view, self.cards[n]))
            elif kind == "back":
                lines.append(Text(_BACK, style=_BACK_STYLE))
            elif kind == "backs":
                lines.append(Text(f" ░{n} ", style=_BACK_STYLE))
            else:
                lines.append(Text(f" {'↑' if kind == 'above' else '↓'}{n:<2}", "dim"))
        self.show(Text("\n").join(lines))

    def show(self, text: Text) -> None:
        drawn = (text.plain, text.style, tuple(text.spans))
        if drawn != self.drawn:  # repaint only the piles that changed
            self.drawn = drawn
            self.update(text)

    def line(self, view: View, card: Card, lit: str = "") -> Text:
        style = "red on white" if card.is_red else "black on white"
        if card in view.moved:
            style = _MOVED
        if card == view.held:
            style = _HELD
        style = lit or style
        if card == _under_cursor(view):
            style += " reverse"
        return Text(f"{card.symbol:>3} ", style=style)

    def on_click(self, event: Click) -> None:
        event.stop()
        card, down, index = None, False, None
        if self.pile.is_foundation:
            card = self.cards[0] if self.cards and event.y == 0 else None
        elif 0 <= event.y - 1 < len(self.rows):  # below the column's number
            kind, n = self.rows[event.y - 1]
            down = kind in ("back", "backs")
            if down:
                index = n if kind == "back" else 0
            elif kind == "card":
                card, index = self.cards[n], self.hidden + n
        self.post_message(
            self.Clicked(
                card,
                self.pile,
                face_down=down,
                index=index,
                chain=event.chain,
                shift=event.shift,
            )
        )


def fit(hidden: int, up: int, height: int, focus: int | None) -> list[tuple[str, int]]:
    """A column's rows under its number, in ``height`` lines: ``("back", i)`` and
    ``("card", k)`` (face-up card ``k``) when all fit; else the backs as one
    ``("backs", count)`` row, and a run of face-up cards ending at the last (or, when
    the cursor's card ``focus`` lies above it, starting there), with ``("above", n)``
    and ``("below", n)`` counting the cards left out."""
    room = max(height - 1, 1)
    if hidden + up <= room:
        return [("back", i) for i in range(hidden)] + [("card", k) for k in range(up)]
    rows = [("backs", hidden)] if hidden else []
    room -= len(rows)
    if up <= room:
        return rows + [("card", k) for k in range(up)]
    shown = max(room - 1, 1)
    start = up - shown
    if focus is not None and focus < start:
        shown = max(room - 2, 1)
        start = focus
    rows.append(("above", start))
    rows += [("card", k) for k in range(start, start + shown)]
    if start + shown < up:
        rows.append(("below", up - start - shown))
    return rows


def _focus(view: View, pile: Pile) -> int | None:
    """The face-up card of ``pile`` a column must keep in sight: the cursor's."""
    column, above = view.cursor
    if column != pile.index:
        return None
    return max(len(view.game.state.columns[column].face_up) - 1 - above, 0)


_BACK, _BACK_STYLE = " ░░ ", "white on blue"
_LIT, _MOVED, _HELD = "black on cyan", "black on green", "black on yellow"


class BoardWidget(Widget):
    """The foundations above the seven columns."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="foundations"):
            for suit in Suit:
                yield PileWidget(Pile.foundation(suit), id=f"foundation-{suit.letter}")
        with Horizontal(id="columns"):
            for index in range(_COLUMNS):
                yield PileWidget(Pile.column(index), id=f"column-{index + 1}")

    view: View | None = None

    def draw(self, view: View) -> None:
        self.view = view
        for pile in self.query(PileWidget):
            pile.draw(view)


def _under_cursor(view: View) -> Card | None:
    column, above = view.cursor
    face_up = view.game.state.columns[column].face_up
    return face_up[-1 - above] if above < len(face_up) else None


class Ask(ModalScreen[str | None]):
    """A one-line question: a game code, a move, a file name."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", "Cancel")]

    def __init__(self, question: str, placeholder: str = "") -> None:
        super().__init__()
        self.question, self.placeholder = question, placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question)
            yield Input(placeholder=self.placeholder, id="answer")

    @on(Input.Submitted)
    def answered(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip())


class Confirm(ModalScreen[bool]):
    """A yes-or-no question: Y or the Yes button answers yes; N, Escape or No, no."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question)
            with Horizontal(classes="answers"):
                yield Button("Yes (Y)", id="yes")
                yield Button("No (N)", id="no")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


_NEW_GAME_CHOICES = {
    "winnable": "Winnable",
    **{grade.value: grade.value.capitalize() for grade in Grade if grade.winnable},
    "daily": "Today's deal",
}


class NewGameScreen(ModalScreen[str | None]):
    """New game: a typed code (empty: a random deal), or a button: a winnable deal, one
    of a grade, or today's deal. Answers the code's text, ``""``, or a button's id."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", "Cancel")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question)
            yield Input(placeholder="YU1-C-AAAAAAB", id="answer")
            # Two rows, so that every choice fits 80 columns.
            with Horizontal(classes="answers"):
                yield Button(_NEW_GAME_CHOICES["winnable"], id="winnable")
                yield Button(_NEW_GAME_CHOICES["daily"], id="daily")
            with Horizontal(classes="answers"):
                for grade in Grade:
                    if grade.winnable:
                        yield Button(_NEW_GAME_CHOICES[grade.value], id=grade.value)

    @on(Input.Submitted)
    def answered(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip())

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)


def totals_line(name: str, totals: Totals) -> str:
    """One set of games on the statistics screen: the games and streaks on one line,
    the bests on the next, each within 80 columns."""
    if not totals.played:
        return f"{name:<9} no games yet"
    share = f"{totals.win_share:.0%}" if totals.win_share is not None else "-"
    fastest = totals.fastest_win
    best = [
        f"best score {totals.best_score}",
        *(
            [f"fastest win {int(fastest) // 60}:{int(fastest) % 60:02d}"]
            if fastest
            else []
        ),
        *([f"fewest moves {totals.fewest_moves}"] if totals.fewest_moves else []),
    ]
    return (
        f"{name:<9} played {totals.played}, won {totals.won} ({share}), streak "
        f"{totals.streak} (best {totals.best_streak})\n{'':<9} " + ", ".join(best)
    )


class StatisticsScreen(ModalScreen[None]):
    """The player's record: all games, per rule set, per grade, and the daily streak."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Close"),
        Binding("t", "dismiss", "Close", show=False),
    ]

    def __init__(self, record: Statistics, today: datetime.date, where: str) -> None:
        super().__init__()
        self.record, self.today, self.where = record, today, where

    def compose(self) -> ComposeResult:
        record = self.record
        lines = [totals_line("All games", record.games)]
        lines += [totals_line(r.name.lower(), t) for r, t in record.by_rules]
        lines += [totals_line(g.value, t) for g, t in record.by_grade]
        streak = record.daily_streak_on(self.today)
        lines.append(
            f"Daily deal: streak {streak} day{'s' * (streak != 1)} "
            f"(best {record.best_daily_streak})"
        )
        lines.append(f"Kept in {self.where}")
        with Vertical(classes="dialog wide"):
            yield Label("Statistics")
            yield Static("\n".join(lines), id="statistics")
            yield Button("OK", id="ok")

    @on(Button.Pressed, "#ok")
    def done(self) -> None:
        self.dismiss()


_SWITCHES = {
    "double_click": "Double click",
    "placement_help": "Placement help",
    "interactive_rules": "Interactive rules",
    "auto_placement": "Auto placement",
    "hebrew": "Rules in Hebrew",
}


def _switch_label(name: str, on: bool) -> str:
    """A setting's label says its state in words: colour alone is not enough."""
    return f"{_SWITCHES[name]}: {'on' if on else 'off'}"


class SettingsScreen(ModalScreen[tuple[Settings, str] | None]):
    """The app's four settings, and the language refusals are shown in."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss", "Cancel")]

    def __init__(self, settings: Settings, language: str) -> None:
        super().__init__()
        self.settings, self.language = settings, language

    def compose(self) -> ComposeResult:
        settings = self.settings
        with Vertical(classes="dialog"):
            yield Label("Settings")
            values = {**attrs.asdict(settings), "hebrew": self.language == "he"}
            for name in _SWITCHES:
                yield Checkbox(_switch_label(name, values[name]), values[name], id=name)
            yield Button("OK", id="ok")

    @on(Checkbox.Changed)
    def changed(self, event: Checkbox.Changed) -> None:
        box = event.checkbox
        box.label = _switch_label(box.id or "", box.value)

    @on(Button.Pressed, "#ok")
    def done(self) -> None:
        switches = {box.id or "": box.value for box in self.query(Checkbox)}
        hebrew = switches.pop("hebrew")
        self.dismiss((self.settings.replace(**switches), "he" if hebrew else "en"))


_HELP = (
    # One line a paragraph: the status line wraps it to the terminal's width.
    "Mouse: click a card to tap it (or pick it up), then click a column or a "
    "foundation to drop it there; double click for the double tap; shift+click picks "
    "up without tapping.\n"
    "Keys: arrows move the cursor, Enter clicks the card under it, Space picks it up, "
    "1-7 drop the card held on that column (or move the cursor there), F sends it "
    "home, D double taps, Escape puts it down, M types a move (6C>1, AH>F), U undo, "
    "R redo, H hint, A auto-finish, N new game, S save, L load, O settings, "
    "T statistics, Q quit."
)


class YukonApp(App[None]):
    """Yukon in the terminal: one :class:`~yukon.Game` shown on a :class:`BoardWidget`.

    ``clock`` (seconds, :func:`time.monotonic` by default) times the game; the time is
    saved with the game as ``meta["elapsed_ms"]``.
    """

    TITLE = "Yukon"
    MOVED_SHOWN_FOR = 0.6
    """Seconds the cards that just moved stay lit."""
    CSS = """
    BoardWidget { height: 1fr; padding: 1 1 0 1; }
    #foundations { height: 1; margin: 0 0 1 0; }
    #columns { height: 1fr; }
    PileWidget { width: 4; margin: 0 2 0 0; }
    PileWidget.column { height: 1fr; }
    #info, #status { height: auto; padding: 0 1; }
    #status { color: $warning; }
    .dialog { width: 60; height: auto; padding: 1 2; background: $panel; }
    .dialog Label { width: 100%; }
    .dialog.wide { width: 100%; max-width: 100; }
    .answers { height: auto; }
    Ask, SettingsScreen, Confirm { align: center middle; }
    NewGameScreen, StatisticsScreen { align: center middle; }
    NewGameScreen .dialog { width: 100%; max-width: 100; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1, 0)", "Left", show=False),
        Binding("right", "cursor(1, 0)", "Right", show=False),
        Binding("up", "cursor(0, 1)", "Up", show=False),
        Binding("down", "cursor(0, -1)", "Down", show=False),
        Binding("enter", "click", "Click", show=False),
        Binding("space", "pick_up", "Pick up", show=False),
        *(Binding(str(n), f"column({n - 1})", show=False) for n in range(1, 8)),
        Binding("f", "home", "Home", show=False),  # in the help (?): room for the rest
        Binding("d", "double_tap", "Double tap", show=False),
        Binding("escape", "put_down", "Put down", show=False),
        Binding("m", "type_move", "Move", show=False),
        Binding("u", "undo", "Undo"),
        Binding(
            "r", "redo", "Redo", show=False
        ),  # in the help: 80 columns hold the rest
        Binding("h", "hint", "Hint"),
        Binding("a", "auto_finish", "Finish"),
        Binding("n", "new_game", "New"),
        Binding("s", "save", "Save"),
        Binding("l", "load", "Load"),
        Binding("o", "settings", "Settings"),
        Binding("t", "statistics", "Stats"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(
        self,
        game: Game,
        *,
        settings: Settings | None = None,
        language: str = "en",
        save_path: Path | str = "yukon-save.json",
        clock: Callable[[], float] = time.monotonic,
        rng: random.Random | None = None,
        statistics_path: Path | str | None = None,
        today: Callable[[], datetime.date] = datetime.date.today,
    ) -> None:
        super().__init__()
        self.statistics_path = (
            Path(save_path).with_name(STATISTICS_FILE)
            if statistics_path is None
            else Path(statistics_path)
        )
        self.today = today
        self.record, self.record_note = read_statistics(self.statistics_path)
        self.grading: Grading | None = known_grading(game.code) if game.code else None
        self.daily_day: datetime.date | None = None  # the day, when today's deal
        self.counted = False  # whether this game is in the record
        self.settings = settings or Settings()
        self.language = language
        self.save_path = Path(save_path)
        self.clock = clock
        self.rng = rng
        self.view = View(game)
        self.kept: Game = game  # the game as started, saved or loaded: nothing to lose
        self.owns_save = False  # whether this app wrote or read the save file
        self.started = clock()
        self.just_sent_home: Card | None = None
        # The main screen's widgets, kept: a query would search a dialog open on top.
        self.board = BoardWidget()
        self.info = Static(id="info")
        self.status = Static(id="status")

    @property
    def game(self) -> Game:
        return self.view.game

    def compose(self) -> ComposeResult:
        yield self.info
        yield self.board
        yield self.status
        # Compact, and without the palette's key: every key fits in 80 columns.
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.show(self.view, self.record_note)
        self.set_interval(1.0, self.show_info)

    # -- drawing -------------------------------------------------------------------

    def show(self, view: View, status: str = "") -> None:
        self.view = view
        self.board.draw(view)
        self.show_info()
        if view.game.is_won:
            status = f"Won, with {view.game.score} points!"
            self.count_game()
        self.status.update(status)

    def show_info(self) -> None:
        info, state = self.game.info, self.game.state
        minutes, seconds = divmod(int(self.elapsed_ms() // 1000), 60)
        code = info.code or "a position"
        grade = f"   {self.grading.grade.value}" if self.grading else ""
        day = f"   daily {self.daily_day.isoformat()}" if self.daily_day else ""
        self.info.update(
            f"{code}{grade}{day}   {state.rules.name.lower()} rules   score "
            f"{info.score}   moves {info.moves}   time {minutes}:{seconds:02d}"
        )

    def elapsed_ms(self) -> int:
        return int((self.clock() - self.started) * 1000)

    def refuse(self, refusal: Refusal | None) -> None:
        """Show why a move was refused, when "interactive rules" is on."""
        text = ""
        if refusal is not None and self.settings.interactive_rules:
            text = refusal.message_in(self.language)
        self.show(attrs.evolve(self.view, held=None, lit=frozenset()), text)

    def played(self, outcome: Outcome) -> None:
        """Show an action's outcome: the cards that moved, or the rule that refused."""
        if outcome.change is None:
            self.refuse(outcome.refusal)
            return
        self.animate_change(outcome.game, outcome.change)

    def animate_change(self, game: Game, change: Change) -> None:
        moved = frozenset(change.cards)
        self.show(View(game, cursor=self.view.cursor, moved=moved), describe(change))
        self.set_timer(self.MOVED_SHOWN_FOR, self.settle)

    def settle(self) -> None:
        if self.view.moved:
            self.view = attrs.evolve(self.view, moved=frozenset())
            self.board.draw(self.view)

    # -- the player's actions ------------------------------------------------------

    @on(PileWidget.Clicked)
    def clicked(self, event: PileWidget.Clicked) -> None:
        card, pile, held = event.card, event.pile, self.view.held
        if event.chain == 2:
            if self.settings.double_click and card and card != self.just_sent_home:
                self.played(self.game.double_tap(card))
            return
        self.just_sent_home = None
        if held is not None and card != held:
            self.drop(held, pile)
        elif event.face_down and event.index is not None:
            # By place: the library's refusal for a card back names no card.
            self.played(self.game.tap_at(pile.index, event.index))
        elif card is not None and event.shift:
            self.pick_up(card)
        elif card is not None:
            self.tap(card)

    def tap(self, card: Card) -> None:
        """A tap sends the card home if it can go; otherwise it picks the card up."""
        outcome = self.game.tap(card)
        if outcome.played:
            self.just_sent_home = card
            self.played(outcome)
        else:
            self.pick_up(card)

    def pick_up(self, card: Card) -> None:
        """Hold ``card`` (with every card on it) and light up where it may go."""
        lit: frozenset[Pile] = frozenset()
        if self.settings.placement_help:
            lit = frozenset(
                _destination(move) for move in self.game.state.targets(card)
            )
        self.show(attrs.evolve(self.view, held=card, lit=lit), f"{card.symbol} held.")

    def drop(self, card: Card, pile: Pile) -> None:
        if pile.is_foundation:
            self.played(self.game.attempt(Move.home(card)))
        elif self.settings.auto_placement:
            self.played(self.game.auto_place(card))
        else:
            self.played(self.game.attempt(Move(card, pile.index)))

    def action_cursor(self, right: int, up: int) -> None:
        column, above = self.view.cursor
        column = (column + right) % _COLUMNS
        face_up = self.game.state.columns[column].face_up
        above = 0 if right else max(0, min(above + up, len(face_up) - 1))
        self.show(attrs.evolve(self.view, cursor=(column, above)))

    def action_column(self, index: int) -> None:
        if self.view.held is not None:
            self.drop(self.view.held, Pile.column(index))
        else:
            self.show(attrs.evolve(self.view, cursor=(index, 0)))

    def cursor_card(self) -> Card | None:
        card = _under_cursor(self.view)
        if card is None:
            self.status.update("No face-up card here.")
        return card

    def action_click(self) -> None:
        if self.view.held is not None:
            self.drop(self.view.held, Pile.column(self.view.cursor[0]))
        elif card := self.cursor_card():
            self.tap(card)

    def action_pick_up(self) -> None:
        if card := self.cursor_card():
            self.pick_up(card)

    def action_home(self) -> None:
        card = self.view.held or self.cursor_card()
        if card is not None:
            self.played(self.game.attempt(Move.home(card)))

    def action_double_tap(self) -> None:
        if card := self.cursor_card():
            self.played(self.game.double_tap(card))

    def action_put_down(self) -> None:
        self.show(attrs.evolve(self.view, held=None, lit=frozenset()))

    def action_type_move(self) -> None:
        self.push_screen(Ask("Move (e.g. 6C>1, AH>F):", "6C>1"), self.typed_move)

    def typed_move(self, text: str | None) -> None:
        if not text:
            return
        try:
            move = Move.parse(text)
        except InvalidMove as error:
            self.show(self.view, str(error))
            return
        self.played(self.game.attempt(move))

    def action_undo(self) -> None:
        change = self.game.last_change
        if not self.game.can_undo or change is None:
            self.show(self.view, "Nothing to undo.")
            return
        self.animate_change(self.game.undo(), change.inverse())

    def action_redo(self) -> None:
        if not self.game.can_redo:
            self.show(self.view, "Nothing to redo.")
            return
        redone = self.game.redo()
        assert redone.last_change is not None
        self.animate_change(redone, redone.last_change)

    def action_hint(self) -> None:
        hint = self.game.hint(rng=self.rng)
        if hint is None:
            self.show(self.view, "No move is left.")
            return
        move = hint.move
        lit = frozenset({_destination(move)})
        self.show(
            attrs.evolve(self.view, held=move.card, lit=lit),
            f"Hint: {hint.message_in(self.language)} (won {hint.share:.0%} of the "
            "deals tried); "
            "press the column's number, or F, to play it.",
        )

    def action_auto_finish(self) -> None:
        try:
            finished = self.game.auto_finish()
        except CannotFinish as error:
            self.show(self.view, error.refusal.message_in(self.language))
            return
        self.show(
            View(finished),
            f"Finished in {finished.move_count - self.game.move_count} moves.",
        )

    # -- games kept and thrown away ----------------------------------------------

    @property
    def in_progress(self) -> bool:
        """Whether leaving this game would lose moves: played, not won, not saved."""
        game = self.game
        return game.move_count > 0 and not game.is_won and game != self.kept

    def ask_first(self, question: str, then: Callable[[], object]) -> None:
        """Run ``then``, after asking ``question`` when a game in progress would be
        thrown away."""
        if not self.in_progress:
            then()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                then()
            else:
                self.show(self.view, "The game goes on.")

        self.push_screen(Confirm(question), answered)

    async def action_quit(self) -> None:
        self.ask_first("Quit and throw this game away?", self.exit)

    def action_new_game(self) -> None:
        rules = self.game.state.rules
        question = (
            f"Game code (empty: a random {rules.name.lower()} deal), or a winnable "
            "deal, one of a grade, or today's deal:"
        )
        self.ask_first(
            "Throw this game away for a new one?",
            lambda: self.push_screen(NewGameScreen(question), self.new_game),
        )

    def new_game(self, text: str | None) -> None:
        if text is None:
            return
        rules, day = self.game.state.rules, None
        try:
            if text == "winnable":
                code = winnable(rules, rng=self.rng)
            elif text in _NEW_GAME_CHOICES and text != "daily":
                # tries=0: the catalog's deals only; grading others takes seconds.
                code = winnable(rules, grade=Grade(text), rng=self.rng, tries=0)
            elif text == "daily":
                day = self.today()
                code = daily(day, rules)
            else:
                code = GameCode.parse(text) if text else self.random_code()
            game = Game.new(code)
        except YukonError as error:  # NoDealFound among them
            self.show(self.view, str(error))
            return
        self.leave_game()
        self.started = self.clock()
        self.kept = game
        self.grading, self.daily_day = known_grading(code), day
        what = f"today's deal ({day.isoformat()})" if day else "new game"
        grade = f", {self.grading.grade.value}" if self.grading else ""
        self.show(View(game), f"{what.capitalize()}: {code}{grade}.")

    # -- the player's record -------------------------------------------------------

    def leave_game(self) -> None:
        """The game on the board is left for another: it counts as not won if a move
        was made (see :class:`~yukon.Statistics`)."""
        if not self.game.is_won:
            self.count_game()
        self.counted = False

    def count_game(self) -> None:
        """Count the game on the board in the record, once, and keep the record."""
        if self.counted:
            return
        played = Played.of(
            self.game,
            seconds=self.elapsed_ms() / 1000,
            grade=self.grading.grade if self.grading else None,
            daily=self.daily_day,
        )
        if played is None:
            return
        self.counted = True
        self.record = self.record.add(played)
        if self.record_note:  # the file on disk could not be read: keep it as it is
            return
        try:
            write_statistics(self.statistics_path, self.record)
        except OSError as error:
            self.record_note = f"Statistics not saved: {error}"

    def action_statistics(self) -> None:
        where = str(self.statistics_path.resolve())
        self.push_screen(StatisticsScreen(self.record, self.today(), where))

    def random_code(self) -> GameCode:
        return GameCode.random(self.game.state.rules, rng=self.rng)

    def action_save(self) -> None:
        if self.save_path.exists() and not self.owns_save:

            def answered(yes: bool | None) -> None:
                if yes:
                    self.save()
                else:
                    self.show(self.view, f"Not saved: {self.where} is left as it was.")

            self.push_screen(Confirm(f"{self.where} exists. Replace it?"), answered)
            return
        self.save()

    @property
    def where(self) -> str:
        """The save file, as the player can find it."""
        return str(self.save_path.resolve())

    def save(self) -> None:
        game = self.game
        try:
            text = game.with_meta(elapsed_ms=self.elapsed_ms()).to_json()
            self.save_path.write_text(text + "\n", encoding="utf-8")
        except OSError as error:
            self.show(self.view, f"Not saved: {error}")
            return
        self.kept, self.owns_save = game, True
        self.show(self.view, f"Saved to {self.where}.")

    def action_load(self) -> None:
        self.ask_first(f"Throw this game away and load {self.where}?", self.load)

    def load(self) -> None:
        try:
            with self.save_path.open("rb") as save:
                data = save.read(_LONGEST_SAVE + 2)  # a device may never end
            if len(data) > _LONGEST_SAVE + 1:  # (+ 1: the newline after the JSON)
                raise OSError(f"it is longer than {_LONGEST_SAVE} characters")
            game = Game.from_json(data)
        except (OSError, YukonError) as error:
            self.show(self.view, f"Not loaded: {error}")
            return
        elapsed = game.meta.get("elapsed_ms", 0)
        if (
            isinstance(elapsed, bool)
            or not isinstance(elapsed, int | float)
            or not 0 <= elapsed <= _LONGEST_GAME_MS
        ):
            self.show(
                self.view,
                "Not loaded: its clock (elapsed_ms) is no time a game can have taken.",
            )
            return
        self.leave_game()
        self.counted = game.is_won  # a game saved won was counted when it was won
        self.started = self.clock() - elapsed / 1000
        self.kept, self.owns_save = game, True
        self.grading = known_grading(game.code) if game.code else None
        self.daily_day = None
        self.show(View(game), f"Loaded {self.where}.")

    def action_settings(self) -> None:
        self.push_screen(
            SettingsScreen(self.settings, self.language), self.set_settings
        )

    def set_settings(self, chosen: tuple[Settings, str] | None) -> None:
        if chosen is not None:
            self.settings, self.language = chosen
            self.show(self.view, "Settings changed.")

    def action_help(self) -> None:
        self.show(self.view, _HELP)


_LONGEST_SAVE = 16_004_096
"""The longest saved game read, in bytes: the most :meth:`Game.from_json` takes (the
Records page's limit; a save is ASCII, a byte a character)."""


STATISTICS_FILE = "yukon-statistics.json"
"""The record's file, beside the save file unless the app is told otherwise."""


_LONGEST_STATISTICS = 1 << 20
"""The longest record read, in bytes: a record holds a few numbers for each rule set
and grade, far less than this."""


def read_statistics(path: Path) -> tuple[Statistics, str]:
    """The record kept in ``path`` (none yet: an empty one), and a note for the player
    when the file is there but cannot be read: the record then starts empty and the
    file is left as it is."""
    try:
        with path.open("rb") as kept:
            text = kept.read(_LONGEST_STATISTICS + 1)  # a device may never end
    except FileNotFoundError:
        return Statistics(), ""
    except OSError as error:
        return Statistics(), f"Statistics not read, and not saved over: {error}"
    if len(text) > _LONGEST_STATISTICS:
        note = f"it is longer than {_LONGEST_STATISTICS} bytes"
        return Statistics(), f"Statistics not read, and not saved over: {note}"
    try:
        return Statistics.from_json(text), ""
    except YukonError as error:
        return Statistics(), f"Statistics not read, and not saved over: {error}"


def write_statistics(path: Path, record: Statistics) -> None:
    """Keep ``record`` in ``path``, whole or not at all (written beside, then moved)."""
    part = path.with_name(path.name + ".part")
    part.write_text(record.to_json() + "\n", encoding="utf-8")
    os.replace(part, path)


_LONGEST_GAME_MS = 10 * 365 * 24 * 3600 * 1000
"""The longest clock a save may carry: ten years, in milliseconds."""


def _destination(move: Move) -> Pile:
    if move.column is None:
        return Pile.foundation(move.card.suit)
    return Pile.column(move.column)


def run(
    code: GameCode | None = None,
    *,
    rules: Rules = Rules.CLASSIC,
    language: str = "en",
    save_path: str = "yukon-save.json",
    statistics_path: str | None = None,
) -> None:
    """Play in this terminal: ``code``'s deal, or a random deal of ``rules``."""
    game = Game.new(code or GameCode.random(rules))
    YukonApp(
        game, language=language, save_path=save_path, statistics_path=statistics_path
    ).run()
