"""Rows of the engine: loading a save, folding step by step, jumping in a replay.

All three use the shipped 4-player example (`saves/examples/four-players-scarcity.jsonl`).
"One fold per command" is the journal replayed into a line of play without deciding
anything again (`rebuild(..., validate=False)`, what a session does with its own
journal): the same steps, snapshots and folds as a validated load, less the rules.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from monuments_tui.game.timeline import Timeline, rebuild
from monuments_tui.rules.evolve import fold
from monuments_tui.saves.format import SaveFile, read_save
from tests.bench.budgets import Measured, budget
from tests.bench.timing import side_by_side

EXAMPLE = Path(__file__).resolve().parents[2] / "saves" / "examples" / "four-players-scarcity.jsonl"


@cache
def _example() -> tuple[SaveFile, Timeline]:
    save = read_save(EXAMPLE)
    return save, rebuild(save.header, save.records, save.path, validate=False).timeline


def _rounds(smoke: bool, normal: int) -> int:
    return 1 if smoke else normal


@budget("validated load vs one fold per command", at_most=3.0)
def validated_load(smoke: bool) -> Measured:
    save, timeline = _example()
    load, replay, ratio = side_by_side(
        lambda: rebuild(save.header, save.records, save.path),
        lambda: rebuild(save.header, save.records, save.path, validate=False),
        _rounds(smoke, 21),
    )
    n = len(timeline.steps)
    return Measured(ratio, f"{load * 1e3:.0f} ms against {replay * 1e3:.0f} ms, {n} commands")


@budget("fold one command at a time vs one fold of all", at_most=5.0)
def fold_each(smoke: bool) -> Measured:
    _, timeline = _example()
    every = [e for step in timeline.steps for e in step.events]

    def one_at_a_time() -> None:
        state = timeline.initial
        for step in timeline.steps:
            state = fold(state, step.events)

    each, whole, ratio = side_by_side(one_at_a_time, lambda: fold(timeline.initial, every), _rounds(smoke, 15))
    return Measured(ratio, f"{each * 1e3:.1f} ms against {whole * 1e3:.1f} ms, {len(every)} events")


@budget("replay jump or undo vs a full fold", at_most=0.1)
def jump(smoke: bool) -> Measured:
    _, timeline = _example()
    n = len(timeline.steps)
    every = [e for step in timeline.steps[: n - 1] for e in step.events]
    back, whole, ratio = side_by_side(
        lambda: timeline.state_at(n - 1), lambda: fold(timeline.initial, every), _rounds(smoke, 15)
    )
    return Measured(ratio, f"{back * 1e3:.2f} ms against {whole * 1e3:.1f} ms, at step {n - 1}")
