"""The library suite's settings for these tests too: Hypothesis without deadlines, and
``no_cover`` honoured under pytest-xdist (see tests/conftest.py)."""

from tests.conftest import pytest_runtest_call  # noqa: F401 (a hook pytest reads here)
