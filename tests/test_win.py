"""A clean win always scores 625; every re-placed foundation return adds 10."""

from __future__ import annotations

import sys

import pytest

import yukon
from yukon import Game, GameCode, Move, Rules

from .searcher import win

WINS_WANTED = 20
DEALS_TRIED = 120


def _won_games(rules: Rules) -> list[tuple[GameCode, list[Move]]]:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5_000))
    found = []
    for number in range(DEALS_TRIED):
        code = GameCode(number, rules)
        line = win(yukon.deal(code), max_nodes=1_000)
        if line is not None:
            found.append((code, line))
            if len(found) == WINS_WANTED:
                break
    return found


@pytest.fixture(scope="module", params=list(Rules), ids=lambda r: r.name.lower())
def won_games(request: pytest.FixtureRequest) -> list[tuple[GameCode, list[Move]]]:
    rules: Rules = request.param
    return _won_games(rules)


def test_a_clean_win_always_scores_625(
    won_games: list[tuple[GameCode, list[Move]]],
) -> None:
    assert len(won_games) == WINS_WANTED, "the search won too few of the deals tried"
    for code, line in won_games:
        game = Game.new(code)
        for move in line:
            assert not game.is_won
            game = game.play(move)
        assert game.is_won and game.state.foundations == (13, 13, 13, 13)
        assert game.score == yukon.CLEAN_WIN == 625
        assert game.move_count == len(line)
        assert game.state.legal_moves() != ()  # the app never ends the game itself


def test_each_replaced_return_adds_ten(
    won_games: list[tuple[GameCode, list[Move]]],
) -> None:
    for code, line in won_games[:5]:
        game, returns = Game.new(code), 0
        for move in line:
            game = game.play(move)
            back = [
                m for m in game.state.legal_moves() if m.card not in _in_columns(game)
            ]
            if back and returns < 3:
                card = back[0].card
                game = game.play(back[0]).play(Move.home(card))
                returns += 1
        assert returns > 0
        assert game.is_won
        assert game.score == 625 + 10 * returns


def _in_columns(game: Game) -> set[yukon.Card]:
    return {card for column in game.state.columns for card in column.cards}
