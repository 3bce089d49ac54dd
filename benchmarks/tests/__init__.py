"""The benchmark suite's own tests: run by .ci/run beside the research code's tests,
not by the README's test command."""
