"""``python -m yukon``: the command line."""

from ._cli import main_exit

if __name__ == "__main__":
    main_exit()
