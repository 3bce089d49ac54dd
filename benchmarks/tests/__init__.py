"""The benchmark suite's own tests: run by .ci/run beside the research scripts' tests,
not by the README's test command."""
