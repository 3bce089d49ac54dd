from __future__ import annotations

import subprocess
import sys

import pytest

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
