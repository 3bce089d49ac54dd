"""The research scripts: each runs as ``python scripts/<name>.py`` (see their README);
a package only so that their tests, ``scripts/tests``, have a name of their own."""
