"""How the documentation pages write numbers, for the research scripts that print
figures for them."""

from __future__ import annotations


def spaced(n: int) -> str:
    """``n`` with its thousands set apart by spaces, as the pages write numbers."""
    return f"{n:,}".replace(",", " ")
