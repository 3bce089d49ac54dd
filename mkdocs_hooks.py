"""mkdocs hooks: the site's pages made from files that live elsewhere, with no symbolic
link in docs/ (a copy that keeps links, as cibuildwheel's Linux container makes of the
test sources, would leave them pointing at nothing): the changelog from CHANGELOG.md
beside this file, and the JSON Schemas from the yukon that is installed (in a checkout
installed with ``pip install -e .``, src/yukon/schemas)."""

from __future__ import annotations

import importlib.resources
import pathlib

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

CHANGELOG = pathlib.Path(__file__).resolve().parent / "CHANGELOG.md"


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add ``changelog.md`` and ``schemas/*.schema.json`` to the site's files."""
    files.append(
        File.generated(
            config, "changelog.md", content=CHANGELOG.read_text(encoding="utf-8")
        )
    )
    schemas = importlib.resources.files("yukon") / "schemas"
    for schema in sorted(schemas.iterdir(), key=lambda entry: entry.name):
        if schema.name.endswith(".schema.json"):
            files.append(
                File.generated(
                    config, f"schemas/{schema.name}", content=schema.read_bytes()
                )
            )
    return files
