"""Benchmarks: costs a player waits for, each measured as a ratio side by side in one run.

`.venv/bin/python -m tests.bench` runs every budget and prints target, measured and met
(`--smoke`: one quick round, to check that each runs). The older scripts here
(`bench_*.py`) print more detail for one area each.
"""
