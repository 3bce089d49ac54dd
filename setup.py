"""The solver's C core, built when a compiler is at hand (see src/yukon/_core.c).

Everything else about the package is in pyproject.toml. The extension is optional: when
it cannot be compiled the install goes on, and the solver runs its pure-Python searches
alone.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[Extension("yukon._core", ["src/yukon/_core.c"], optional=True)],
)
