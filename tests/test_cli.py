from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

import yukon
from yukon import Game
from yukon._cli import main


def test_deal_prints_layout_score_and_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "YU1-C-AAAAAAB"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "YU1-C-AAAAAAB (classic)"
    assert "2: [9S] 4H 8D 8H 5C JH" in out
    assert "3: [6H 9C] JS 5H KH 3S 2H" in out
    assert "Score: 0" in out
    assert out[-1] == "Legal moves (8): 6S>1 6C>1 TS>2 QH>4 QD>4 5H>5 8C>6 6D>7"


def test_deal_plays_given_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "yu1-c-aaaaaab", "6C>1", "5H>5", "AH>F"]) == 0
    out = capsys.readouterr().out
    assert (
        "Foundations: -- AH -- --" in out and "Moves: 3" in out and "Score: 10" in out
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["deal", "YU1-C-AAAAAA"], "it takes exactly 7"),
        (["deal", "YU1-C-AAAAAAB", "7H>F"], "move 1 (7H>F): A foundation"),
        (["deal", "YU1-C-AAAAAAB", "6C>1", "bogus"], "move 2 (bogus)"),
    ],
)
def test_bad_input_exits_2_with_the_error(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("yukon: error: ") and message in captured.err


def test_python_dash_m_runs_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "yukon", "deal", "YU1-R-ZZZZZZZ"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stdout.startswith("YU1-R-ZZZZZZZ (relaxed)")
    bad = subprocess.run(
        [sys.executable, "-m", "yukon", "deal", "YU9-C-AAAAAAB"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and "algorithm 9" in bad.stderr


def test_a_reader_that_stops_early_ends_the_command_quietly() -> None:
    """``yukon deal CODE | head -1``: the pipe closes before the command writes."""
    command = [sys.executable, "-m", "yukon", "deal", "YU1-C-AAAAAAB"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # long before the interpreter has started up
    errors = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait() == 1
    assert errors == ""


def test_solve_prints_verdict_cost_and_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "YU1-C-AAAAAAB", "--max-nodes", "5000"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "YU1-C-AAAAAAB: won"
    assert out[1].startswith("time ") and "positions searched" in out[1]
    assert out[1].endswith("(compiled)") is yukon.COMPILED_SOLVER
    assert out[2].startswith("winning line (")
    game = Game.new("YU1-C-AAAAAAB")
    for move in out[3].split():
        game = game.play(move)
    assert game.is_won


def test_solve_refuses_bad_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "YU1-Q-AAAAAAB"]) == 2
    assert "rule 'Q'" in capsys.readouterr().err


def test_survey_prints_the_table(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.jsonl"
    argv = ["survey", "--rules", "r", "--start", "3", "--count", "2", "--workers", "1"]
    assert main([*argv, "--max-nodes", "500", "--out", str(out)]) == 0
    table = capsys.readouterr().out
    assert "total           2" in table and "95% interval" in table
    assert len(out.read_text().splitlines()) == 2
    assert main(["survey", "--count", "0", "--out", str(out)]) == 2
