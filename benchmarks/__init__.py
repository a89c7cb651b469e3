"""Benchmarks: each module prints its figures; `python -m benchmarks [NAME...]` runs them."""
