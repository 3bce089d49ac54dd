"""The tests of the research scripts and of the pages they write: run by .ci/run in a
stage of their own, not by the README's test command (the library's suite)."""
