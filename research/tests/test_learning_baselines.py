"""The table of two simple agents on the Learning page is what
``python -m research.learning_baselines`` prints."""

from __future__ import annotations

import os
import pathlib

import pytest

import yukon
from research import learning_baselines as baselines


@pytest.mark.no_cover  # half a minute of play; the page must match it, not sample it
def test_the_baselines_table_is_what_the_script_prints() -> None:
    if not yukon.COMPILED_SOLVER:
        pytest.skip("a minute or more in pure Python; the compiled run checks the page")
    if os.environ.get("YUKON_SANITIZED"):  # .ci/run's sanitizer stage
        pytest.skip(
            "three minutes under the sanitizers; the plain run checks the page, and "
            "the batch and rules tests make the same calls into the core"
        )
    root = pathlib.Path(__file__).resolve().parents[2]
    page = (root / "docs" / "learning.md").read_text(encoding="utf-8")
    shown = page.split("<!-- baselines: start -->\n")[1].split(
        "<!-- baselines: end -->"
    )[0]
    assert shown == baselines.table(1_000)
