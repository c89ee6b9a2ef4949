"""Headless games between bots: `monuments simulate`.

Plays games with bots for every seat and reports what happened. Rule errors are any
exception raised while a bot plays a legal command; there must be none.
"""

from __future__ import annotations

import random
import time
from typing import Any

from monuments_tui.ai.bots import get_bot
from monuments_tui.rules import GameConfig, decide, new_game
from monuments_tui.rules.evolve import apply_in_place
from monuments_tui.rules.state import copy_state


class GameResult(dict):
    """One simulated game's figures (a plain dict for JSON output)."""


def play_game(
    config: GameConfig, bots: list[str], bot_seed: int, max_turns: int, save_dir: str | None = None
) -> dict[str, Any]:
    """Play one game to its end (or the turn cap). Returns its figures.

    With `save_dir`, the game is also written there as a save (figure "save": its path).
    """
    state = new_game(config)
    players = [get_bot(b) for b in bots]
    rnd = random.Random(bot_seed)
    events = steps = 0
    error = None
    played: list[tuple[int, Any, list[Any]]] = []
    while state.phase != "over":
        if state.round > max_turns:
            break
        seat = state.pending.seat
        try:
            command = players[seat](state, rnd)
            new_events = decide(state, command)
        except Exception as exc:  # any exception here is a rule error of the engine
            error = f"{type(exc).__name__}: {exc}"
            break
        state = copy_state(state)
        for e in new_events:
            apply_in_place(state, e)
        events += len(new_events)
        steps += 1
        played.append((seat, command, new_events))
    saved = None
    if save_dir is not None:
        from monuments_tui.saves import write_game

        title = f"simulated: {', '.join(bots)}, seed {config.seed}"
        saved = str(write_game(save_dir, config, tuple(bots), played, title=title))
    return {
        "finished": state.phase == "over",
        "rounds": state.round,
        "turns": sum(p.turns for p in state.players),
        "steps": steps,
        "events": events,
        "error": error,
        "state": state,
        "save": saved,
    }


def simulate(
    civs: tuple[str, ...],
    mode: str,
    games: int,
    seed: int,
    bots: list[str],
    max_turns: int = 60,
    save_dir: str | None = None,
) -> dict[str, Any]:
    """Play `games` games; returns the report as a JSON-ready dict (with `save_dir`, each game is saved there)."""
    started = time.perf_counter()
    report: dict[str, Any] = {
        "players": list(civs),
        "mode": mode,
        "bots": bots,
        "seed": seed,
        "games": 0,
        "finished": 0,
        "hit_turn_cap": 0,
        "turns": 0,
        "events": 0,
        "rule_errors": 0,
        "errors": [],
        "battles": 0,
        "attacker_won": 0,
        "defender_held": 0,
    }
    for g in range(games):
        config = GameConfig(civs=civs, mode=mode, seed=seed + g)
        result = play_game(config, bots, bot_seed=seed * 7919 + g, max_turns=max_turns, save_dir=save_dir)
        if result["save"]:
            report.setdefault("saves", []).append(result["save"])
        report["games"] += 1
        report["finished"] += result["finished"]
        report["hit_turn_cap"] += (not result["finished"]) and result["error"] is None
        report["turns"] += result["turns"]
        report["events"] += result["events"]
        battles = result["state"].battles
        report["battles"] += len(battles)
        report["attacker_won"] += sum(1 for b in battles if b.attacker_won)
        report["defender_held"] += sum(1 for b in battles if not b.attacker_won)
        if result["error"]:
            report["rule_errors"] += 1
            report["errors"].append({"game": g, "seed": seed + g, "error": result["error"]})
    report["elapsed_seconds"] = round(time.perf_counter() - started, 3)
    return report


def format_report(report: dict[str, Any]) -> str:
    """The report as a small table."""
    lines = [
        f"players      {', '.join(report['players'])} ({report['mode']})",
        f"bots         {', '.join(report['bots'])}",
        f"games        {report['games']} (seed {report['seed']})",
        f"finished     {report['finished']}",
        f"turn cap     {report['hit_turn_cap']}",
        f"turns        {report['turns']}",
        f"events       {report['events']}",
        f"battles      {report['battles']} (attacker won {report['attacker_won']}, defender held {report['defender_held']})",
        f"rule errors  {report['rule_errors']}",
        f"elapsed      {report['elapsed_seconds']} s",
    ]
    for err in report["errors"][:5]:
        lines.append(f"  game {err['game']} (seed {err['seed']}): {err['error']}")
    return "\n".join(lines)
