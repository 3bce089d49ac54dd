"""What the tests of the documentation pages share: the checkout, and the scripts that
generate a page's tables."""

from __future__ import annotations

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def script_output(name: str) -> str:
    """What ``scripts/<name>`` prints, run as a user runs it."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / name)],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout
