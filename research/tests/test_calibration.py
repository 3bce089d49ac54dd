"""The hint's calibration check (research/calibration.py): its rows say what happened
after each advised line, its runs resume, and the page's table is made from its file."""

from __future__ import annotations

import json
import math
import pathlib
import random
import subprocess
import sys

import pytest

import yukon
from research import calibration

CODE = str(yukon.GameCode(calibration.FIRST, yukon.Rules.CLASSIC))
TINY = {"samples": 2, "max_nodes": 300, "large": 3_000, "fresh": 2}
"""A budget small enough for a whole game in a second or two."""


@pytest.fixture(scope="module")
def tiny_row() -> calibration.Row:
    return calibration.measure(CODE, **TINY)


def test_the_row_is_the_game_the_no_peek_survey_plays(tmp_path: pathlib.Path) -> None:
    """At the survey's budget (the hint's defaults) the row is the survey's game: as
    many moves played blind, as many cards left face down, the same verdict once the
    solver has finished it with as many positions; the survey is run as its users run
    it, from the command line."""
    row = calibration.measure(CODE, large=TINY["large"], fresh=1)
    out = tmp_path / "survey.jsonl"
    command = [sys.executable, "-m", "yukon", "survey", "--player", "no-peek"]
    command += ["--start", str(calibration.FIRST), "--count", "1", "--workers", "1"]
    command += ["--max-nodes", str(TINY["large"]), "--out", str(out)]
    subprocess.run(command, check=True, capture_output=True)
    (surveyed,) = yukon.survey.read(out).values()
    assert surveyed["code"] == CODE and surveyed["hint_moves"] == len(row["moves"])
    assert surveyed["face_down"] == row["face_down"]
    assert surveyed["verdict"] == row["verdict"]


def test_the_hints_are_asked_where_each_line_begins(tiny_row: calibration.Row) -> None:
    """Each plan is followed to its flip without asking again, and a game ends with
    every card face up (then solved) or with no hint (stuck)."""
    assert tiny_row["hints"]
    starts = [hint["at"] for hint in tiny_row["hints"]]
    ends = [hint["at"] + len(hint["line"]) for hint in tiny_row["hints"]]
    assert (
        starts[0] == 0
        and starts[1:] == ends[:-1]
        and ends[-1] == len(tiny_row["moves"])
    )
    state = yukon.deal(CODE)
    for text in tiny_row["moves"]:
        state = state.apply(yukon.Move.parse(text))
    assert tiny_row["face_down"] == state.face_down_count
    if state.all_face_up:
        finished = yukon.solve(state, max_nodes=TINY["large"])
        assert tiny_row["verdict"] == finished.verdict.value
        assert tiny_row["won"] == (finished.verdict is yukon.Verdict.WON)
    else:
        assert tiny_row["verdict"] == "stuck" and not tiny_row["won"]


def test_each_hints_outcomes_are_the_real_deal_after_its_line(
    tiny_row: calibration.Row,
) -> None:
    """Rebuilt from the deal and the moves, each hint's board turns a card up at the
    end of its line (and not before), and the real deal after the line solves to the
    verdicts recorded, at the guesses' budget and the large one; the fresh guesses
    are the seeded ones the row names."""
    moves = [yukon.Move.parse(text) for text in tiny_row["moves"]]
    for index, hint in enumerate(tiny_row["hints"]):
        state = yukon.deal(CODE)
        for move in moves[: hint["at"]]:
            state = state.apply(move)
        assert hint["face_down"] == state.face_down_count
        assert hint["samples"] == TINY["samples"]
        assert hint["share"] * hint["samples"] == round(hint["share"] * hint["samples"])
        line = [yukon.Move.parse(text) for text in hint["line"]]
        down = state.face_down_count
        guess_rng = random.Random(f"{CODE}/{index}")
        guesses = [state.sample_hidden(guess_rng) for _ in range(TINY["fresh"])]
        for move in line:
            assert state.face_down_count == down
            state = state.apply(move)
        assert state.face_down_count == down - 1
        small = yukon.solve(state, max_nodes=TINY["max_nodes"])
        large = yukon.solve(state, max_nodes=TINY["large"])
        assert (hint["real"], hint["real_nodes"]) == (small.verdict.value, small.nodes)
        assert (hint["real_large"], hint["real_large_nodes"]) == (
            large.verdict.value,
            large.nodes,
        )
        won = 0
        for guess in guesses:
            for move in line:
                guess = guess.apply(move)
            solved = yukon.solve(guess, max_nodes=TINY["max_nodes"])
            won += solved.verdict is yukon.Verdict.WON
        assert hint["fresh"] == won and hint["fresh_samples"] == TINY["fresh"]


def test_a_run_resumes_where_it_stopped(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "calibration.jsonl"
    codes = calibration.codes(calibration.FIRST, calibration.FIRST + 2)
    assert calibration.run(path, codes[:2], **TINY) == 2
    first = path.read_text(encoding="utf-8")
    with path.open("a", encoding="utf-8") as sink:
        sink.write('{"code": "' + codes[2] + '", "verd')  # a row torn by a stop
    assert [row["code"] for row in calibration.read(path)] == codes[:2]
    assert calibration.run(path, codes, **TINY) == 1  # only the game not finished
    assert path.read_text(encoding="utf-8").startswith(first)
    assert [row["code"] for row in calibration.read(path)] == codes
    assert calibration.run(path, codes, **TINY) == 0


def _row(code: int, won: bool, hints: list[tuple[float, str, int]]) -> calibration.Row:
    """A made-up game's row: each hint's share, real verdict and fresh wins of 4."""
    return {
        "code": str(yukon.GameCode(code, yukon.Rules.CLASSIC)),
        "won": won,
        "budget": {"max_nodes": 2_000, "large": 100_000},
        "hints": [
            {
                "share": share,
                "real": real,
                "real_large": "won",
                "fresh": fresh,
                "fresh_samples": 4,
            }
            for share, real, fresh in hints
        ],
    }


MADE_UP = [
    _row(70011, True, [(0.75, "won", 3), (0.75, "won", 4), (1.0, "won", 4)]),
    _row(70012, False, [(0.75, "lost", 2), (0.75, "unknown", 3), (0.25, "lost", 0)]),
]


def test_the_table_counts_the_hints_by_share() -> None:
    text = calibration.table(MADE_UP)
    lines = text.splitlines()
    # 6/8: 4 hints, real deals won 2 of 4, fresh 12 of 16, games 2 of 4.
    six = next(line for line in lines if line.startswith("| 6/8 |"))
    cells = [cell.strip() for cell in six.strip("|").split("|")]
    assert cells[1:3] == ["4", "75.0 %"]
    assert cells[3].startswith("75.0 % (") and cells[4].startswith("50.0 % (")
    low, high = yukon.survey.wilson(2, 4)
    assert cells[4] == f"50.0 % ({100 * low:.1f} % - {100 * high:.1f} %)"
    assert cells[5].startswith("100.0 % (") and cells[6].startswith("50.0 % (")
    assert [line.split("|")[1].strip() for line in lines[2:5]] == [
        "2/8",
        "6/8",
        "8/8",
    ]
    # 6 hints: mean share 0.708, real won 3 of 6; Brier (0.0625*2 + 0.5625*2 + 0
    # + 0.0625) / 6 against the real deal, against a constant 0.5: 0.25.
    assert "6 hints asked" in text and "classic deals 70011-70012" in text.lower()
    low, high = yukon.survey.wilson(1, 2)  # one game of the two won
    assert f"(won: 50.0 % ({100 * low:.1f} % - {100 * high:.1f} %), the no-peek" in text
    assert "Brier score against the real deal at 2,000 positions 0.219" in text
    assert "(always forecasting its mean rate: 0.250)" in text
    # games: (0.0625 + 0.0625 + 0 + 0.5625 * 2 + 0.0625) / 6
    assert "against the game's outcome 0.219" in text


def test_the_gaps_interval_takes_each_game_as_a_cluster() -> None:
    """Shares 0.75, 0.75, 1.0 | 0.75, 0.75, 0.25 against fresh 3, 4, 4 | 2, 3, 0 of 4:
    gaps 0, -0.25, 0 | 0.25, 0, 0.25, mean m = 0.25 / 6; the games' sums less 3 m are
    -0.375 and 0.375, so the variance of the mean is 2 (0.375^2 + 0.375^2) / 6^2."""
    mean, low, high = calibration.gap(MADE_UP, lambda h: h["fresh"] / 4)
    assert mean == pytest.approx(0.25 / 6)
    half = 1.959963984540054 * math.sqrt(2 * 2 * 0.375**2) / 6
    assert (low, high) == pytest.approx((mean - half, mean + half))
    text = calibration.table(MADE_UP)
    assert "the share exceeds them by 4.2 points" in text
    assert "no winner's curse beyond the noise" in text  # the interval holds 0
    # fresh 0.75, 1, 1 | 0.5, 0.75, 0 against real 1, 1, 1 | 0, 0, 0: mean 1 / 6
    fair = calibration.gap(MADE_UP, calibration._real, calibration._fresh)
    assert fair[0] == pytest.approx(1 / 6)
    assert "the real deals are won 16.7 points less often than the fresh" in text
    better = [_row(70011 + i, True, [(0.5, "won", 0)] * 3) for i in range(5)]
    assert "won 100.0 points more often than the fresh" in calibration.table(better)
    unfair = [_row(70011 + i, True, [(0.5, "lost", 4)] * 3) for i in range(5)]
    assert "a fault or a fluke" in calibration.table(unfair)
    assert "within the noise" in calibration.table(MADE_UP)
    cursed = [
        _row(70011 + i, False, [(1.0, "won", 2), (0.75, "lost", 1)]) for i in range(4)
    ]
    assert "the winner's curse of choosing the line" in calibration.table(cursed)


def test_the_page_names_the_results_file() -> None:
    page = calibration.PAGE.read_text(encoding="utf-8")
    assert f"docs/data/{calibration.RESULTS.name}" in page


def test_a_change_in_the_file_changes_the_table(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in MADE_UP), encoding="utf-8")
    before = calibration.table(calibration.read(path))
    changed = json.loads(json.dumps(MADE_UP))
    changed[1]["hints"][0]["real"] = "won"
    path.write_text("".join(json.dumps(r) + "\n" for r in changed), encoding="utf-8")
    after = calibration.table(calibration.read(path))
    assert before != after
    six = next(line for line in after.splitlines() if line.startswith("| 6/8 |"))
    assert six.split("|")[5].strip().startswith("75.0 %")


@pytest.mark.parametrize(
    ("real", "share", "word"),
    [
        (["won", "lost", "lost"], 1.0, "optimistic"),
        (["won", "won", "won"], 0.0, "pessimistic"),
        (["won", "lost"], 0.5, "calibrated"),
    ],
)
def test_the_sentence_says_what_the_interval_shows(
    real: list[str], share: float, word: str
) -> None:
    rows = [_row(70011 + i, True, [(share, r, 2) for r in real]) for i in range(10)]
    assert f"the share is {word}" in calibration.table(rows)


def test_one_game_cannot_show_the_share_is_off() -> None:
    """A game's hints are not independent: with one game the interval is wide open."""
    rows = [_row(70011, True, [(1.0, "lost", 2)] * 20)]
    assert "the share is calibrated within the noise" in calibration.table(rows)


def test_the_page_is_written_between_its_markers(tmp_path: pathlib.Path) -> None:
    page = tmp_path / "page.md"
    start, end = "<!-- calibration-table: start -->", "<!-- calibration-table: end -->"
    page.write_text(f"# Head\n\n{start}\nold\n{end}\n\nTail.\n", encoding="utf-8")
    calibration.write_page(page, MADE_UP)
    assert page.read_text(encoding="utf-8") == (
        f"# Head\n\n{start}\n{calibration.table(MADE_UP)}\n{end}\n\nTail.\n"
    )
    page.write_text("# No markers\n", encoding="utf-8")
    with pytest.raises(ValueError, match="calibration-table"):
        calibration.write_page(page, MADE_UP)
    assert page.read_text(encoding="utf-8") == "# No markers\n"


def test_the_data_file_is_the_default_hint_on_held_out_deals() -> None:
    """One row per deal from the range's first, at the hint's defaults; a seeded
    sample of its hints' real deals solved again at the guesses' budget."""
    rows = calibration.read()
    numbers = [yukon.GameCode.parse(row["code"]).number for row in rows]
    assert numbers == list(range(calibration.FIRST, calibration.FIRST + len(rows)))
    assert numbers[-1] <= calibration.LAST and len(rows) >= 30
    assert calibration.RESULTS.read_text(encoding="utf-8").count("\n") == len(rows)
    defaults = {
        "samples": calibration.SAMPLES,
        "max_nodes": calibration.NODES,
        "large": calibration.LARGE,
        "fresh": calibration.FRESH,
    }
    assert (calibration.SAMPLES, calibration.NODES) == (8, 2_000)
    every = []
    for row in rows:
        assert row["budget"] == defaults
        assert all(hint["samples"] == calibration.SAMPLES for hint in row["hints"])
        every += [(row, hint) for hint in row["hints"]]
    for row, hint in random.Random(6).sample(every, 10):
        state = yukon.deal(row["code"])
        for text in row["moves"][: hint["at"]] + hint["line"]:
            state = state.apply(yukon.Move.parse(text))
        again = yukon.solve(state, max_nodes=calibration.NODES)
        assert (again.verdict.value, again.nodes) == (hint["real"], hint["real_nodes"])
