"""Bot against bot with its uncertainty: `monuments tournament`.

Each deal (a game seed) is played once per seat rotation of the line-up: with two seats,
A against B and then B against A on the very same deal (paired seeds), so that neither
the deal nor the seat favours a bot. With more seats the line-up turns round the table,
each bot playing every seat (and so every civilisation) of every deal once.

The report gives each bot's win rate (a shared win counts 1/k to each of its k winners)
with its 95% Wilson score interval (Wilson, JASA 1927), the mean score by score-card line
of the seats it played, and the game length in rounds (median and 90th percentile), and
the games that hit the round cap (they are scored where they stopped).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from monuments_tui.cli.arguments import SEED, whole
from monuments_tui.cli.tournament_record import append_game, drop_cut_line, game_key, read_record

if TYPE_CHECKING:  # start-up: `monuments --help` loads no engine
    from monuments_tui.rules.board import Mode
    from monuments_tui.rules.card_types import Civ

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate of `wins` in `games` (0, 1 when no game was played)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def percentile(values: list[int], q: float) -> float:
    """The `q` quantile of `values` (nearest rank), 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))])


def lineups(bots: list[str]) -> list[list[str]]:
    """The line-up turned round the table: one per seat, each bot in every seat once."""
    return [[bots[(seat - r) % len(bots)] for seat in range(len(bots))] for r in range(len(bots))]


def tournament(
    civs: tuple[Civ, ...],
    mode: Mode,
    deals: int,
    seed: int,
    bots: list[str],
    max_turns: int = 100,
    jobs: int = 1,
    progress: Callable[[int, int, float, dict[str, float]], None] | None = None,
    record: Path | None = None,
    stop_after: float | None = None,
) -> dict[str, Any]:
    """Play `deals` deals, each once per rotation of `bots` (one per seat); the report as a
    JSON-ready dict (see the module's note). With `record`, games already in that file are
    counted without being played and each new one is added to it (`cli.tournament_record`);
    `stop_after` seconds: no new game is started after that long."""
    # start-up: the engine loads only when a tournament is played, so `monuments --help` stays instant
    from monuments_tui.cli import simulate

    if len(bots) != len(civs):
        raise ValueError(f"give one bot per seat: {len(civs)} civilisations, {len(bots)} bots")
    for name in bots:
        simulate.get_bot(name)  # an unknown name is refused before any game is played
    started = time.perf_counter()
    work = [
        (simulate.GameConfig(civs=civs, mode=mode, seed=seed + d), lineup, seed * 7919 + d, max_turns, None)
        for d in range(deals)
        for lineup in lineups(bots)
    ]
    games = [_game_of(job) for job in work]
    results = _recorded(record, games)
    from_record = len(results)
    todo = [g for g in range(len(work)) if g not in results]
    tally = _Tally(list(dict.fromkeys(bots)))
    for g in sorted(results):
        tally.take(results[g], work[g][1])
    for g, result in zip(todo, simulate.results([work[g] for g in todo], jobs), strict=False):  # may stop early
        results[g] = result
        tally.take(result, work[g][1])
        if record is not None:
            append_game(record, games[g], result)
        if progress:
            progress(len(results), len(work), time.perf_counter() - started, tally.wins)
        if stop_after is not None and time.perf_counter() - started >= stop_after and len(results) < len(work):
            break  # the games left are played by the next run on the same record
    report: dict[str, Any] = {
        "players": list(civs),
        "mode": mode,
        "bots": bots,
        "deals": deals,
        "seed": seed,
        "games_planned": len(work),
        "games_from_record": from_record,
        "complete": len(results) == len(work),
        "max_turns": max_turns,
        **tally.report(),
        "elapsed_seconds": round(time.perf_counter() - started, 1),
    }
    return report


def _recorded(record: Path | None, games: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """The results `record` holds of `games`, by index; the record ready for the next game."""
    if record is None:
        return {}
    kept = read_record(record)
    drop_cut_line(record)
    keys = [game_key(game) for game in games]
    return {g: kept[key] for g, key in enumerate(keys) if key in kept}


def _game_of(job: tuple) -> dict[str, Any]:
    """What tells a game of the work from another, as the record keeps it (`tournament_record.GAME_KEYS`)."""
    config, lineup, bot_seed, max_turns, _ = job
    return {
        "players": list(config.civs),
        "mode": config.mode,
        "deal_seed": config.seed,
        "lineup": lineup,
        "bot_seed": bot_seed,
        "max_turns": max_turns,
    }


class _Tally:
    """The games' figures added up, by bot name (a name in several seats adds them all)."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.wins = dict.fromkeys(names, 0.0)
        self.lines: dict[str, dict[str, float]] = {name: {} for name in names}
        self.seats = dict.fromkeys(names, 0)
        self.rounds: list[int] = []
        self.capped = self.errors = 0

    def take(self, result: dict[str, Any], lineup: list[str]) -> None:
        """Count one game played by `lineup`; a shared win counts 1/k to each of its k winners."""
        if result["error"] is not None:
            self.errors += 1
            return
        self.rounds.append(result["rounds"])
        self.capped += not result["finished"]
        share = 1.0 / len(result["winners"]) if result["winners"] else 0.0
        for seat in result["winners"]:
            self.wins[lineup[seat]] += share
        for seat, scored in enumerate(result["scores"]):
            name = lineup[seat]
            self.seats[name] += 1
            for line, vp in scored.items():
                self.lines[name][line] = self.lines[name].get(line, 0.0) + vp

    def report(self) -> dict[str, Any]:
        games = len(self.rounds)
        bots = {}
        for name in self.names:
            low, high = wilson(self.wins[name], games)
            seats = max(1, self.seats[name])
            bots[name] = {
                "win_rate": round(self.wins[name] / games, 4) if games else 0.0,
                "wilson95": [round(low, 4), round(high, 4)],
                "mean_score": {line: round(vp / seats, 2) for line, vp in sorted(self.lines[name].items())},
            }
        return {
            "games": games,
            "rule_errors": self.errors,
            "hit_round_cap": self.capped,
            "rounds_median": statistics.median(self.rounds) if self.rounds else 0,
            "rounds_p90": percentile(self.rounds, 0.9),
            "bots_report": bots,
        }


def format_tournament(report: dict[str, Any]) -> str:
    """The report as text for a terminal."""
    out = [
        f"{' vs '.join(report['bots'])}: {', '.join(report['players'])}, {report['mode']}, "
        f"{report['deals']} deals x {len(report['bots'])} seatings = {report['games_planned']} games (seed {report['seed']})",
        *(
            []
            if report["complete"] and not report["games_from_record"]
            else [
                f"counted {report['games']} games, {report['games_from_record']} of them from the record"
                + ("" if report["complete"] else "; not all played yet: run again with the same --record to go on")
            ]
        ),
        f"game length  median {report['rounds_median']} rounds, 90th percentile {report['rounds_p90']:.0f}; "
        f"{report['hit_round_cap']} hit the {report['max_turns']}-round cap; rule errors {report['rule_errors']}",
    ]
    for name, bot in report["bots_report"].items():
        low, high = bot["wilson95"]
        out.append(f"{name:<14} wins {bot['win_rate']:6.1%}  (95% Wilson {low:.1%} to {high:.1%})")
        out.append("  mean score  " + ", ".join(f"{line} {vp}" for line, vp in bot["mean_score"].items()))
    return "\n".join(out)


def add_parser(sub: Any, civs: Callable[[str], tuple[str, ...]], modes: tuple[str, ...]) -> None:
    """The `tournament` sub-command's arguments."""
    t = sub.add_parser("tournament", help="bot against bot: paired deals, seats rotated, win rates with 95%% intervals")
    t.add_argument("--bots", required=True, help="one bot per seat, e.g. search,heuristic or search:0.2s,heuristic")
    t.add_argument("--players", type=civs, default=("greece", "egypt"), help="civilisations, e.g. greece,egypt")
    t.add_argument("--mode", choices=modes, default="abundance", help="game mode (default: abundance)")
    t.add_argument(
        "--deals", type=whole("--deals", 1, 100_000), default=10, help="deals, each played once per seat rotation"
    )
    t.add_argument("--seed", type=SEED, default=1, help="seed of the first deal; each next deal adds 1 (default: 1)")
    t.add_argument(
        "--max-turns", type=whole("--max-turns", 1, 10_000), default=100, help="stop a game after this many rounds"
    )
    t.add_argument("--jobs", type=whole("--jobs", 1, 256), default=1, help="games played in parallel processes")
    t.add_argument(
        "--record",
        type=Path,
        metavar="FILE",
        help="keep each finished game in FILE and count those already there, so a long tournament is played in parts",
    )
    t.add_argument(
        "--stop-after",
        type=whole("--stop-after", 1, 10**7),
        metavar="SECONDS",
        help="start no new game after this many seconds (with --record, the next run goes on)",
    )
    t.add_argument("--json", action="store_true", help="print one JSON object")
    t.add_argument(
        "--progress",
        action="store_true",
        help="report each game and the wins so far on stderr (the default on a terminal)",
    )


def run(args: argparse.Namespace) -> int:
    """`monuments tournament`: play it and print the report."""
    bots = [b.strip() for b in args.bots.split(",")]

    def progress(done: int, total: int, seconds: float, wins: dict[str, float]) -> None:
        won = ", ".join(f"{name} {n:g}" for name, n in wins.items())
        print(f"tournament: {done}/{total} games, {seconds:.0f} s; wins so far: {won}", file=sys.stderr, flush=True)

    try:
        report = tournament(
            args.players,
            args.mode,
            args.deals,
            args.seed,
            bots,
            args.max_turns,
            args.jobs,
            progress if args.progress or sys.stderr.isatty() else None,
            args.record,
            args.stop_after,
        )
    except (ValueError, OSError) as exc:
        print(f"monuments tournament: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=2) if args.json else format_tournament(report))
    return 1 if report["rule_errors"] else 0
