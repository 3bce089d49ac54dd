"""The tests of the research code and of the page it writes: run by .ci/run in a
stage of their own, not by the README's test command (the library's suite)."""
