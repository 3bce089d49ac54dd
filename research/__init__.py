"""What remakes the published figures from the data in docs/data, on the public API:
each module runs as ``python -m research.<name>`` from the checkout (see the README)."""
