"""The page's Python side, ``web/yukon_web.py``, is a module of the site, not of the
package: its folder goes on the import path, as the worker puts it on Pyodide's."""

from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
