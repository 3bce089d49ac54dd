"""Fold survey passes into one file with one row per deal.

``python -m research.fold OUT FIRST [LATER ...]`` reads ``yukon survey`` files in the
order given (a first pass over a range of deals, then passes that solved its unknown
deals again with larger budgets) and writes ``OUT`` as :func:`yukon.survey.fold` reads
them: one row per deal, in deal order, the first row that settled it or, for a deal no
pass settled, its row from the largest budget tried.
"""

from __future__ import annotations

import argparse
import json
import pathlib

from yukon.survey import fold


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("passes", nargs="+")
    arguments = parser.parse_args(argv)
    folded = fold(arguments.passes)
    with arguments.out.open("w", encoding="utf-8") as out:
        out.writelines(json.dumps(row) + "\n" for row in folded)


if __name__ == "__main__":
    main()
