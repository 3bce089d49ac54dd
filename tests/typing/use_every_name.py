"""A program that uses every public name of yukon, for ``mypy --strict``.

It is type-checked with the test suite (``mypy --strict src tests``) and run by
``tests/test_typing.py``, so a change that breaks users' type checks fails CI. Each name
is used the way a user would, with the types a user would write.
"""

from __future__ import annotations

import json
import random

import yukon
from yukon import (
    ACTION_COUNT,
    CATALOGS,
    CLEAN_WIN,
    COMPILED_SOLVER,
    DEAL_COUNT,
    ENGLISH,
    FLIP_POINTS,
    FOUNDATION_POINTS,
    GROUP_LIMIT,
    HEBREW,
    OBSERVATION_SIZE,
    UNDO_LIMIT,
    Batch,
    BatchStep,
    CannotFinish,
    Card,
    Catalog,
    Change,
    ChangeView,
    Column,
    Game,
    GameCode,
    GameData,
    Hint,
    IllegalMove,
    InfoBar,
    InvalidCard,
    InvalidCatalog,
    InvalidGameCode,
    InvalidMove,
    InvalidPosition,
    InvalidRecord,
    InvalidSurvey,
    Location,
    Move,
    NothingToRedo,
    NothingToUndo,
    Outcome,
    Pile,
    PositionData,
    Refusal,
    RefusalCode,
    Rules,
    Settings,
    Solution,
    State,
    StateView,
    Suit,
    Turn,
    Verdict,
    YukonError,
    deal,
    hint_move,
    kpat_deal,
    move_message,
    pysolfc_deal,
    schema,
    solve,
)


def main() -> list[object]:
    seen: list[object] = []
    code: GameCode = GameCode.parse("YU1-C-AAAAAAB")
    random_code: GameCode = GameCode.random(Rules.RELAXED, random.Random(1))
    state: State = deal(code)
    column: Column = state.columns[0]
    card: Card = Card.parse("7H")
    suit: Suit = card.suit
    move: Move = Move(card, None)
    moves: tuple[Move, ...] = state.legal_moves()
    refusal: Refusal | None = state.check(move)
    if refusal is not None:
        reason: RefusalCode = refusal.code
        english: str = refusal.message_in(ENGLISH)
        hebrew: str = refusal.message_in(HEBREW)
        catalog: Catalog = CATALOGS["en"]
        seen += [reason, english, hebrew, catalog]
    game: Game = Game.new(code).play(moves[0])
    outcome: Outcome = game.double_tap("6C")
    info: InfoBar = outcome.game.info
    settings: Settings = Settings()
    record: str = game.to_record()
    again: Game = Game.from_record(record)
    text: str = state.to_text()
    solution: Solution = solve(state, max_nodes=200)
    verdict: Verdict = solution.verdict
    fast: bool = COMPILED_SOLVER
    suggestion: Move | None = hint_move(state, samples=1, max_nodes=100)
    other: State = kpat_deal(1)
    numbers: tuple[int, ...] = (
        CLEAN_WIN,
        DEAL_COUNT,
        FLIP_POINTS,
        FOUNDATION_POINTS,
        GROUP_LIMIT,
        UNDO_LIMIT,
    )
    errors: tuple[type[YukonError], ...] = (
        IllegalMove,
        InvalidCard,
        InvalidCatalog,
        InvalidGameCode,
        InvalidMove,
        InvalidPosition,
        InvalidRecord,
        InvalidSurvey,
        NothingToRedo,
        NothingToUndo,
        NothingToRedo,
    )
    try:
        Game.new(code).undo()
    except NothingToUndo as error:
        seen.append(str(error))
    try:
        Game.new(code).redo()
    except NothingToRedo as error:
        seen.append(str(error))
    try:
        pysol: State | None = pysolfc_deal(1)
    except ImportError:
        pysol = None
    seen += [random_code, column, suit, info, settings, again, text, verdict]
    seen += [suggestion, other, numbers, errors, pysol, fast, yukon.__version__]
    keys: tuple[int, ...] = state.legal_keys()
    mask: bytes = state.legal_mask()
    observation: bytes = state.observation(perfect=False)
    guess: State = state.sample_hidden(random.Random(2))
    progress: int = guess.progress
    action: Move = Move.from_key(keys[0])
    seen += [len(mask) == ACTION_COUNT, len(observation) == OBSERVATION_SIZE]
    seen += [progress, action]
    batch: Batch = Batch([state, guess])
    rewards, done = batch.step([keys[0], guess.legal_keys()[0]])
    played: memoryview = batch.random_playouts(5, seed=3)
    buffers: tuple[bytearray, bytearray] = (batch.legal_masks(), batch.observations())
    later: list[State] = batch.states()
    stepped: BatchStep = batch.try_step([0, 0], reward="score")
    batch.reset(1, state)
    seen += [stepped.won, stepped.masks]
    seen += [list(rewards), done, list(played), buffers, later]
    change: Change = state.change(state.legal_moves()[0])
    turn: Turn | None = change.inverse().turn
    where: Location = state.locate(change.cards[0])
    pile: Pile = where.pile
    view: StateView = state.to_dict()
    saved: GameData = game.to_dict()
    shape: dict[str, object] = schema("state")
    change_view: ChangeView = change.to_dict()
    position: PositionData = json.loads(state.to_json())
    seen += [
        change,
        turn,
        where,
        pile,
        view,
        saved,
        shape,
        change_view,
        position,
        Pile.column(0),
        Pile.foundation(Suit.CLUBS),
    ]
    advice: Hint | None = Game.new(code).hint(samples=1, max_nodes=100)
    if advice is not None:
        said: str = advice.message_in("he")
        seen += [said, move_message(advice.move, ENGLISH)]
    try:
        Game.new(code).auto_finish()
    except CannotFinish as error:
        seen += [advice, str(error)]
    seen += players_deals()
    return seen


def players_deals() -> list[object]:
    """Winnable, graded and daily deals, and a player's record."""
    import datetime

    from yukon import (
        CannotGrade,
        Grade,
        Grading,
        InvalidStatistics,
        NoDealFound,
        Played,
        Statistics,
        Totals,
        daily,
        grade,
        grading,
        known_grading,
        winnable,
    )

    rng = random.Random(1)
    code: GameCode = winnable("C", grade=Grade.EASY, rng=rng, tries=0)
    today: GameCode = daily(datetime.date(2026, 12, 7), "C")
    graded: Grading | None = known_grading(today)
    kind: Grade = grade(code)
    measure: Grading = grading(code)
    played: Played | None = Played.of(
        Game.new(code).play(Game.new(code).state.legal_moves()[0])
    )
    record = Statistics()
    if played is not None:
        record = record.add(played)
    totals: Totals = record.merge(Statistics()).games
    seen: list[object] = [code, today, graded, kind, measure, totals]
    for error in (CannotGrade, NoDealFound, InvalidStatistics):
        seen.append(error.__name__)
    try:
        Statistics.from_json("{}")
    except InvalidStatistics as refused:
        seen.append(str(refused))
    return seen


if __name__ == "__main__":
    print(len(main()))
