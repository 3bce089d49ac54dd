"""Hypothesis settings: no per-example deadline (CI machines vary in speed; speed targets
live in the benchmarks), and a longer run on demand with ``HYPOTHESIS_PROFILE=thorough``."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("default", deadline=None)
settings.register_profile(
    "thorough",
    deadline=None,
    max_examples=2_000,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
