"""The survey's pieces: which rows are read back, which unknowns a larger budget solves
again, and the pool of worker processes."""

from __future__ import annotations

import io
import json
import pathlib
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import yukon
from yukon import _grading, _survey
from yukon._cli import _bytes
from yukon.survey import BLIND_MOVES

_BUDGET = {"max_seconds": 30.0, "max_nodes": None, "max_memory": 2**31}


@pytest.mark.parametrize(
    ("old", "smaller"),
    [
        (None, True),  # rows written before budgets were recorded
        ("30s", True),  # not a budget object: not recorded
        (_BUDGET, False),  # the same budget
        ({**_BUDGET, "max_seconds": 10.0}, True),
        ({**_BUDGET, "max_seconds": 60.0}, False),
        ({**_BUDGET, "max_seconds": None}, False),  # it had no time bound at all
        ({**_BUDGET, "max_nodes": 1_000}, True),  # bounded where this run is not
        ({**_BUDGET, "max_memory": 2**30}, True),
        ({**_BUDGET, "max_seconds": 10.0, "max_memory": 2**32}, False),  # more memory
        ({**_BUDGET, "max_seconds": "ten"}, False),  # unreadable: never retried
    ],
)
def test_an_unknown_is_retried_only_when_its_budget_was_smaller(
    old: object, smaller: bool
) -> None:
    assert _survey._smaller(old, _BUDGET) is smaller


def test_with_no_time_bound_every_timed_row_was_smaller() -> None:
    unbounded = {**_BUDGET, "max_seconds": None}
    assert _survey._smaller(_BUDGET, unbounded) is True


@pytest.mark.parametrize(
    ("line", "why"),
    [
        (b'["YU1-C-AAAAAAB", "won"]', "no game code"),
        (b'{"code": "YU9-C-AAAAAAB", "verdict": "won"}', "not a game code"),
        (b'{"code": "YU1-C-AAAAAAB", "verdict": "won", "budget": 30}', "budget"),
        (b'{"code": "YU1-C-AAAAAAB", "verdict": "WON"}', "verdict"),
        (b'{"code": "YU1-C-AAAAAAB", "verdict": "won", "player": "cheat"}', "player"),
        (b"\xff", "UTF-8"),
        (b"{", "JSON"),
    ],
)
def test_a_line_that_is_no_row_says_why(line: bytes, why: str) -> None:
    row, reason = _survey._row(line)
    assert row is None and why in reason


def test_a_row_is_read_with_its_code_written_as_the_library_writes_it() -> None:
    row, _ = _survey._row(b'{"code": " yu1-c-aaaaaab ", "verdict": "won"}')
    assert row is not None and row["code"] == "YU1-C-AAAAAAB"


def test_a_survey_on_worker_processes_writes_every_deal_once(
    tmp_path: pathlib.Path,
) -> None:
    out = tmp_path / "s.jsonl"
    tally = _survey.survey(
        yukon.Rules.RELAXED, 1, 6, str(out), workers=2, max_nodes=300, max_seconds=None
    )
    codes = [json.loads(line)["code"] for line in out.read_text().splitlines()]
    assert tally.total == 6 and sorted(codes) == sorted(set(codes))
    assert sorted(codes) == [
        str(yukon.GameCode(n, yukon.Rules.RELAXED)) for n in range(1, 7)
    ]


def test_an_error_in_a_worker_reaches_the_survey() -> None:
    """A worker's exception is raised in the survey (the pool is then ended)."""
    jobs = iter([("YU1-C-AAAAAAB", None, -5, None, "thoughtful")])  # no budget
    with pytest.raises(ValueError, match="max_nodes"):
        list(_survey._local(jobs, 2))


@pytest.mark.parametrize(
    ("text", "size"),
    [("4G", 4 * 2**30), ("512m", 512 * 2**20), ("100", 100), ("1T", 2**40)],
)
def test_sizes_on_the_command_line(text: str, size: int) -> None:
    assert _bytes(text) == size


@pytest.mark.parametrize("text", ["", "G", "4.5G", "-1", "4X", "9" * 30])
def test_sizes_that_are_no_size(text: str) -> None:
    import argparse

    with pytest.raises(argparse.ArgumentTypeError):
        _bytes(text)


def _quick_hints(monkeypatch: pytest.MonkeyPatch) -> list[yukon.State]:
    """Make the no-peek player's hints cheap (the machinery is under test here, not the
    hint's strength); the states it was asked about, in order."""
    asked: list[yukon.State] = []
    ask = yukon.Game.hint

    def recorded(game: yukon.Game, **options: Any) -> yukon.Hint | None:
        asked.append(game.state)
        assert isinstance(options["rng"], random.Random)
        return ask(game, **options)

    monkeypatch.setattr(_survey, "HINT_SAMPLES", 2)
    monkeypatch.setattr(_survey, "HINT_NODES", 900)
    monkeypatch.setattr(yukon.Game, "hint", recorded)
    return asked


@pytest.mark.same_without_core  # a no-peek game of planned hints: minutes in pure Python
def test_the_no_peek_player_hints_until_every_card_is_face_up_then_solves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked = _quick_hints(monkeypatch)
    code = "YU1-R-AAAAAAB"
    row = _survey.play_blind(code, None, 50_000, None)
    assert row["player"] == "no-peek" and row["face_down"] == 0
    # asked once a plan, each plan followed to the card it turns up
    assert 0 < len(asked) <= row["hint_moves"] and len(asked) <= 21
    assert all(not state.all_face_up for state in asked)  # never asked once all are up
    assert row["verdict"] in {"won", "lost", "unknown"} and row["nodes"] > 0
    assert row["moves"] >= row["hint_moves"]
    again = _survey.play_blind(code, None, 50_000, None)
    assert {**again, "seconds": 0} == {**row, "seconds": 0}  # seeded by the code


def test_a_no_peek_player_that_gives_up_is_stuck_not_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _quick_hints(monkeypatch)
    monkeypatch.setattr(_grading, "BLIND_MOVES", 3)  # where the no-peek loop reads it
    row = _survey.play_blind("YU1-C-AAAAAAB", 30.0, None, None)
    assert (row["verdict"], row["hint_moves"], row["nodes"]) == ("stuck", 3, 0)
    assert row["face_down"] > 0 and row["stopped_by"] is None


@pytest.mark.same_without_core  # a whole game of planned hints: minutes in pure Python
def test_a_no_peek_player_whose_hint_finds_no_card_to_turn_up_is_stuck() -> None:
    """Classic deal 60054 (of the held-out survey): the hint leaves it with cards face
    down and no card it can turn up, long before the move cap."""
    row = _survey.play_blind("YU1-C-AAADKVU", 30.0, None, None)
    assert row["verdict"] == "stuck" and 0 < row["hint_moves"] < BLIND_MOVES
    assert row["face_down"] > 0
    tally = _survey.Tally().add("won").add("stuck").add("lost")
    assert (tally.won, tally.stuck, tally.lost, tally.total) == (1, 1, 1, 3)
    assert (
        "stuck" in tally.table() and "stuck" not in _survey.Tally().add("won").table()
    )


@pytest.mark.same_without_core  # no-peek games of planned hints: minutes in pure Python
def test_a_survey_file_holds_one_players_rows(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _quick_hints(monkeypatch)
    out = tmp_path / "blind.jsonl"
    tally = _survey.survey(
        yukon.Rules.CLASSIC,
        1,
        2,
        str(out),
        workers=1,
        max_nodes=50_000,
        max_seconds=None,
        player="no-peek",
    )
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert tally.total == 2 and {row["player"] for row in rows} == {"no-peek"}
    with pytest.raises(yukon.InvalidSurvey, match="no-peek rows"):
        _survey.survey(yukon.Rules.CLASSIC, 1, 2, str(out), workers=1)
    with pytest.raises(ValueError, match="player"):
        _survey.survey(yukon.Rules.CLASSIC, 1, 2, str(out), player="peeker")


def _row_of(code: str, verdict: str) -> str:
    return json.dumps({"code": code, "verdict": verdict, "nodes": 0, "seconds": 0.0})


_VERDICT = st.sampled_from(["won", "lost", "unknown"])
_ROWS = st.lists(
    st.tuples(st.integers(0, 4), st.sampled_from("CR"), _VERDICT), max_size=12
)


@given(files=st.lists(_ROWS, min_size=1, max_size=3), low=st.integers(0, 4))
@settings(max_examples=60)
def test_the_deals_left_unknown_are_those_no_file_settled(
    tmp_path_factory: pytest.TempPathFactory,
    files: list[list[tuple[int, str, str]]],
    low: int,
) -> None:
    folder = tmp_path_factory.mktemp("passes")
    paths: list[str] = []
    verdicts: dict[tuple[int, str], set[str]] = {}
    for at, rows in enumerate(files):
        path = folder / f"{at}.jsonl"
        lines = [_row_of(str(yukon.GameCode(n, r)), v) + "\n" for n, r, v in rows]
        path.write_text("".join(lines))
        paths.append(str(path))
        last_in_file = {(n, r): v for n, r, v in rows}  # a file's last row counts
        for deal, verdict in last_in_file.items():
            verdicts.setdefault(deal, set()).add(verdict)
    numbers = range(low, 5)
    chosen = _survey.left_unknown(paths, yukon.Rules.CLASSIC, numbers)
    assert chosen == [
        n
        for (n, r), seen in sorted(verdicts.items())
        if r == "C" and seen == {"unknown"} and n in numbers
    ]


def test_the_deals_left_unknown_come_from_files_of_the_same_player(
    tmp_path: pathlib.Path,
) -> None:
    blind = tmp_path / "blind.jsonl"
    row = {"code": "YU1-C-AAAAAAB", "verdict": "unknown", "player": "no-peek"}
    blind.write_text(json.dumps(row) + "\n")
    everything = range(10)
    with pytest.raises(yukon.InvalidSurvey, match="no-peek rows"):
        _survey.left_unknown([str(blind)], yukon.Rules.CLASSIC, everything)
    assert _survey.left_unknown(
        [str(blind)], yukon.Rules.CLASSIC, everything, "no-peek"
    ) == [1]
    with pytest.raises(FileNotFoundError):
        _survey.left_unknown([str(tmp_path / "none")], yukon.Rules.CLASSIC, everything)
    with pytest.raises(TypeError, match="sequence of file names"):
        _survey.left_unknown(str(blind), yukon.Rules.CLASSIC, everything)


def test_a_pass_over_the_unknowns_of_an_earlier_survey(tmp_path: pathlib.Path) -> None:
    """Only the deals the earlier file left open are solved, the tally is theirs, and a
    pass resumed solves none of them twice."""
    earlier = tmp_path / "small.jsonl"
    first = _survey.survey(
        yukon.Rules.CLASSIC, 1, 6, str(earlier), workers=1, max_nodes=1_000
    )
    rows = [json.loads(line) for line in earlier.read_text().splitlines()]
    open_deals = [r["code"] for r in rows if r["verdict"] == "unknown"]
    assert 0 < len(open_deals) < 6 and first.unknown == len(open_deals)
    later = tmp_path / "larger.jsonl"

    def larger_pass(progress: io.StringIO | None = None) -> _survey.Tally:
        return _survey.survey(
            yukon.Rules.CLASSIC,
            1,
            6,
            str(later),
            workers=1,
            max_nodes=5_000,
            unknown_in=[str(earlier)],
            progress=progress,
        )

    progress = io.StringIO()
    tally = larger_pass(progress)
    again = [json.loads(line) for line in later.read_text().splitlines()]
    assert [r["code"] for r in again] == open_deals
    assert all(r["budget"]["max_nodes"] == 5_000 for r in again)
    assert tally.total == len(open_deals) and tally.unknown < len(open_deals)
    assert f"{len(open_deals)}/{len(open_deals)} deals" in progress.getvalue()
    resumed = larger_pass()
    assert resumed == tally and len(later.read_text().splitlines()) == len(again)
    with pytest.raises(TypeError, match="unknown_in"):
        _survey.survey(yukon.Rules.CLASSIC, 1, 6, str(later), unknown_in=str(earlier))


def _write(path: pathlib.Path, rows: list[dict[str, Any]]) -> str:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return str(path)


def _row(number: int, verdict: str, nodes: int, **more: Any) -> dict[str, Any]:
    code = str(yukon.GameCode(number))
    return {"code": code, "verdict": verdict, "nodes": nodes, "budget": {}, **more}


def test_passes_fold_into_the_row_that_settled_each_deal(
    tmp_path: pathlib.Path,
) -> None:
    """A deal keeps the first row that settled it, or its last row from the largest
    budget tried; deals come out in deal order."""
    from yukon import survey

    first = _write(
        tmp_path / "a.jsonl",
        [_row(3, "unknown", 10), _row(1, "won", 5), _row(2, "unknown", 10)],
    )
    second = _write(tmp_path / "b.jsonl", [_row(3, "lost", 99), _row(2, "unknown", 50)])
    third = _write(tmp_path / "c.jsonl", [_row(3, "lost", 500), _row(2, "unknown", 90)])
    folded = survey.fold([first, second, third])
    assert [(r["code"][-1], r["verdict"], r["nodes"]) for r in folded] == [
        ("B", "won", 5),
        ("C", "unknown", 90),
        ("D", "lost", 99),
    ]
    counted = survey.Tally.of(folded)
    assert (counted.won, counted.lost, counted.unknown) == (1, 1, 1)
    # 95 % Wilson bounds: 1 won of 3 (the unknown lost), 2 of 3 (it won)
    assert counted.interval == pytest.approx((0.0615, 0.9385), abs=5e-5)


def test_folding_refuses_what_cannot_be_one_survey(tmp_path: pathlib.Path) -> None:
    from yukon import survey

    won = _write(tmp_path / "won.jsonl", [_row(1, "won", 5)])
    lost = _write(tmp_path / "lost.jsonl", [_row(1, "lost", 7)])
    with pytest.raises(yukon.InvalidSurvey, match="won in one file and lost"):
        survey.fold([won, lost])
    blind = _write(tmp_path / "blind.jsonl", [_row(2, "stuck", 0, player="no-peek")])
    with pytest.raises(yukon.InvalidSurvey, match="no-peek rows"):
        survey.fold([won, blind])
    with pytest.raises(TypeError, match="sequence of file names"):
        survey.fold(won)
    with pytest.raises(FileNotFoundError):
        survey.fold([str(tmp_path / "missing.jsonl")])
    assert survey.read(str(tmp_path / "missing.jsonl")) == {}
