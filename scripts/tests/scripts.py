"""The research scripts under ``scripts/``, loaded as modules for their tests: they are
not part of the package, so they are not imported by name. Their folder is put on the
import path, as running one puts it, so that one script may import another."""

from __future__ import annotations

import importlib.util
import pathlib
import sys
from typing import Any

import pytest

SCRIPTS = pathlib.Path(__file__).resolve().parents[2] / "scripts"


def load(name: str) -> Any:
    """The module of ``scripts/<name>.py``."""
    if str(SCRIPTS) not in sys.path:
        sys.path.append(str(SCRIPTS))
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def printed(
    module: Any,
    argv: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> list[str]:
    """The lines a script's ``main`` prints when run with the arguments ``argv``."""
    monkeypatch.setattr("sys.argv", [f"{module.__name__}.py", *argv])
    module.main()
    return capsys.readouterr().out.splitlines()
