"""Names kept for one release after they were renamed, each with a warning saying the
new name: callers get a release to move before 1.0 takes the old ones away."""

from __future__ import annotations

import warnings


def renamed(old: str, new: str) -> None:
    """Warn the caller of ``old`` (two frames up: past the old name's own body)."""
    warnings.warn(
        f"{old} is renamed {new}; the old name goes in 1.0",
        DeprecationWarning,
        stacklevel=3,
    )
