"""The C core (src/yukon/_core*.c, one extension from the files _core.h names), built
against Python's Limited API.

Everything else about the package is in pyproject.toml. The core targets the stable ABI
of Python 3.10, so one ``cp310-abi3`` wheel per platform serves every Python from 3.10
on. It is optional when installing from source: without a C compiler the install goes on
and the solver runs its pure-Python searches. When release wheels are built
(cibuildwheel sets ``CIBUILDWHEEL=1``) it is mandatory, so no wheel ships without it.

``YUKON_BUILD_CORE=0`` builds without the core: ``YUKON_BUILD_CORE=0 python -m build
--wheel`` gives the pure ``py3-none-any`` wheel published beside the compiled ones, for
Pyodide, PyPy and platforms with no compiled wheel.
"""

import os
from pathlib import Path

from setuptools import Extension, setup

RELEASE = os.environ.get("CIBUILDWHEEL") == "1"
CORE = os.environ.get("YUKON_BUILD_CORE", "1") != "0"

if CORE:
    setup(
        ext_modules=[
            Extension(
                "yukon._core",
                sorted(str(path) for path in Path("src/yukon").glob("_core*.c")),
                depends=["src/yukon/_core.h"],
                define_macros=[("Py_LIMITED_API", "0x030A0000")],
                py_limited_api=True,
                optional=not RELEASE,
            )
        ],
        options={"bdist_wheel": {"py_limited_api": "cp310"}},
    )
else:
    setup()
