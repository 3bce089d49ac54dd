"""The documentation site builds with warnings as errors, and every Python example in the
docs runs as a doctest (pytest collects docs/*.md with --doctest-glob)."""

from __future__ import annotations

import importlib
import json
import os
import pathlib
import re
import subprocess
import sys

import pytest

import yukon

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def test_the_site_builds_strictly(tmp_path: pathlib.Path) -> None:
    pytest.importorskip("mkdocs")
    pytest.importorskip("mkdocstrings_handlers.python")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "--config-file",
            str(ROOT / "mkdocs.yml"),
            "--site-dir",
            str(tmp_path / "site"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "site" / "reference" / "index.html").exists()
    reference = (tmp_path / "site" / "reference" / "index.html").read_text()
    assert "legal_moves" in reference and "GameCode" in reference
    for module in _public_modules():
        page = "reference" if module == "yukon" else f"reference-{module[6:]}"
        html = (tmp_path / "site" / page / "index.html").read_text()
        shown = set(re.findall(rf'id="{re.escape(module)}\.(\w+)"', html))
        assert shown == set(importlib.import_module(module).__all__), module
    changelog = (tmp_path / "site" / "changelog" / "index.html").read_text()
    assert "Keep a Changelog" in changelog and "Unreleased" in changelog
    for name in ("state", "change", "position", "game"):
        schema = tmp_path / "site" / "schemas" / f"{name}.schema.json"
        assert json.loads(schema.read_text(encoding="utf-8")) == yukon.schema(name)


def _public_modules() -> list[str]:
    """The public modules, as docs/api.md's table names them (tests/test_api.py holds
    the table to the package)."""
    page = (DOCS / "api.md").read_text(encoding="utf-8")
    return re.findall(r"^\| `(yukon[.\w]*)` \|", page, re.MULTILINE)


def test_every_public_module_has_a_reference_page() -> None:
    """Each public module is rendered, whole, on its own page of the API reference."""
    config = (ROOT / "mkdocs.yml").read_text()
    for module in _public_modules():
        name = "reference.md" if module == "yukon" else f"reference-{module[6:]}.md"
        assert f"- {module}: {name}" in config, module
        assert f"::: {module}\n" in (DOCS / name).read_text(), module


def test_the_test_sources_hold_no_symbolic_link() -> None:
    """cibuildwheel's Linux container copies the test sources with tar, which keeps a
    symbolic link as a link: one to a file outside them would point at nothing there."""
    for top in ("tests", "docs", "README.md", "CHANGELOG.md", "mkdocs.yml"):
        path = ROOT / top
        inside = [path, *path.rglob("*")] if path.is_dir() else [path]
        linked = [str(p.relative_to(ROOT)) for p in inside if p.is_symlink()]
        assert linked == []


def test_every_python_example_in_the_docs_is_a_doctest() -> None:
    for page in sorted(DOCS.glob("*.md")):
        for block in re.findall(r"```python\n(.*?)```", page.read_text(), re.S):
            assert block.lstrip().startswith(">>>"), f"{page.name}: {block[:60]!r}"


def test_every_page_is_in_the_site() -> None:
    config = (ROOT / "mkdocs.yml").read_text()
    for page in DOCS.glob("*.md"):
        assert page.name in config, page.name


def test_installed_package_when_asked() -> None:
    if not os.environ.get("YUKON_EXPECT_INSTALLED"):
        pytest.skip("run by .ci/run against the built wheel")
    assert "site-packages" in yukon.__file__
    assert pathlib.Path(yukon.__file__).parent.parent.name != "src"
