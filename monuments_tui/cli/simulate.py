"""Headless games between bots: `monuments simulate`.

Plays games with bots for every seat and reports what happened. Rule errors are any
exception raised while a bot plays a legal command; there must be none.
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

from monuments_tui.ai.bots import get_bot
from monuments_tui.cli.preflight import unwritable_folder
from monuments_tui.rules import GameConfig, RuleViolation, decide, new_game
from monuments_tui.rules.board import Mode
from monuments_tui.rules.card_types import Civ
from monuments_tui.rules.commands import AiAct
from monuments_tui.rules.config import SEED_MAX, Difficulty
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.layout import setup_key
from monuments_tui.rules.pending import Pending
from monuments_tui.rules.registry import pending_as
from monuments_tui.rules.scoring import score, winners
from monuments_tui.saves.journal import write_game

AI = "ai"
"""The bot name of the solo AI's seat: its decisions come from the AI deck (`ai` command)."""


def play_game(
    config: GameConfig, bots: list[str], bot_seed: int, max_turns: int, save_dir: str | None = None
) -> dict[str, Any]:
    """Play one game to its end (or the turn cap). Returns its figures.

    With `save_dir`, the game is also written there as a save (figure "save": its path).
    """
    state = new_game(config)
    players = [None if b == AI else get_bot(b) for b in bots]
    rnd = random.Random(bot_seed)
    events = steps = 0
    error = None
    played: list[tuple[int, Any, list[Any]]] = []
    while state.phase != "over":
        if state.round > max_turns:
            break
        seat = pending_as(state, Pending).seat
        try:
            bot = players[seat]
            command = AiAct() if bot is None else bot(state, rnd)  # the solo AI answers its own seat
            new_events = decide(state, command)
        except RuleViolation as exc:  # a bot's command refused: legal_commands and decide disagree
            error = f"{type(exc).__name__}: {exc}"
            break
        state = fold(state, new_events)  # the new state shares what the events leave alone, facts too
        events += len(new_events)
        steps += 1
        played.append((seat, command, new_events))
    saved = None
    if save_dir is not None:
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


def game_configs(
    civs: tuple[Civ, ...], mode: Mode, games: int, seed: int, solo: Difficulty | None = None, rotate: bool = False
) -> list[GameConfig]:
    """The configuration of each game: seeds `seed`, `seed`+1, ...; with `rotate`, game g seats the
    civilisations rotated by g places, so that each plays each seat equally often."""
    out = []
    for g in range(games):
        order = tuple(civs[(i + g) % len(civs)] for i in range(len(civs))) if rotate else tuple(civs)
        out.append(GameConfig(civs=order, mode=mode, seed=seed + g, solo=solo))
    return out


def game_summary(
    config: GameConfig, bots: list[str], bot_seed: int, max_turns: int, save_dir: str | None = None
) -> dict[str, Any]:
    """Play one game and keep only its figures (picklable, for parallel runs): rounds, the
    winners, each seat's score line by line, battles, and any rule error."""
    result = play_game(config, bots, bot_seed, max_turns, save_dir)
    state = result.pop("state")
    scores = score(state) if result["error"] is None else []
    result["civs"] = list(config.civs)
    result["winners"] = winners(state) if scores else []
    result["scores"] = [{line.key: line.vp for line in b.lines} | {"total": b.total} for b in scores]
    result["layers"] = [p.layers for p in state.players]
    result["battles"] = len(state.battles)
    result["attacker_won"] = sum(1 for b in state.battles if b.attacker_won)
    return result


def _run(job: tuple) -> dict[str, Any]:
    # What the games so far left alive (the bots' caches, mostly; in a pool's player, what it
    # inherited too) stays out of the cycle collector's passes in this one: it holds no
    # cycle, and a pass walks every object.
    gc.freeze()
    return game_summary(*job)


def simulate(
    civs: tuple[Civ, ...],
    mode: Mode,
    games: int,
    seed: int,
    bots: list[str],
    max_turns: int = 60,
    save_dir: str | None = None,
    *,
    solo: Difficulty | None = None,
    rotate: bool = False,
    jobs: int = 1,
    progress: Callable[[int, int, float], None] | None = None,
) -> dict[str, Any]:
    """Play `games` games; returns the report as a JSON-ready dict (with `save_dir`, each game is saved there).

    `bots` names the bot of each seat; in a solo game (`solo` = difficulty) seat 0 is the
    AI and its bot is "ai". With `rotate`, the civilisations change seats from game to
    game (bots stay with their seats). `jobs` > 1 plays games in parallel processes; the
    results do not depend on it. `progress(done, total, seconds)` is called as games end.

    The report: wins by civilisation, by seat and by bot (a shared win counts 1/k to each
    of k winners), mean game length in rounds, mean final score by score line for each
    seat, mean monument layers built by each seat, games that hit the turn cap (they are
    scored where they stopped), battles, and rule errors (which must be 0).
    """
    started = time.perf_counter()
    configs = game_configs(civs, mode, games, seed, solo, rotate)
    work = [(config, bots, seed * 7919 + g, max_turns, save_dir) for g, config in enumerate(configs)]
    report: dict[str, Any] = {
        "players": list(civs),
        "mode": mode,
        "bots": bots,
        "solo": solo,
        "rotate": rotate,
        "seed": seed,
        "max_turns": max_turns,
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
    tally = _Tally(civs, bots, max_turns)
    for g, result in enumerate(results(work, jobs)):
        _count_game(report, g, seed, result)
        if result["error"] is None:
            tally.take(result)
        if progress:
            progress(g + 1, games, time.perf_counter() - started)
    report.update(tally.means())
    report["elapsed_seconds"] = round(time.perf_counter() - started, 3)
    return report


def results(work: list[tuple], jobs: int) -> Iterator[dict[str, Any]]:
    """Each game's figures, in game order: played in `jobs` processes when there are more than one."""
    try:
        if jobs > 1 and len(work) > 1:
            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                yield from pool.imap(_run, work, chunksize=1)
        else:
            for job in work:
                yield _run(job)
    finally:
        gc.unfreeze()  # what `_run` froze here is the caller's again


def _count_game(report: dict[str, Any], g: int, seed: int, result: dict[str, Any]) -> None:
    """Add game `g`'s counts to the report: its save, turns, events, battles, and its rule error."""
    if result.get("save"):
        report.setdefault("saves", []).append(result["save"])
    report["games"] += 1
    report["finished"] += result["finished"]
    report["hit_turn_cap"] += (not result["finished"]) and result["error"] is None
    report["turns"] += result["turns"]
    report["events"] += result["events"]
    report["battles"] += result["battles"]
    report["attacker_won"] += result["attacker_won"]
    report["defender_held"] += result["battles"] - result["attacker_won"]
    if result["error"]:
        report["rule_errors"] += 1
        report["errors"].append({"game": g, "seed": seed + g, "error": result["error"]})


class _Tally:
    """The wins, rounds, score lines and layers of the games scored (those without a rule error)."""

    def __init__(self, civs: tuple[str, ...], bots: list[str], max_turns: int) -> None:
        self.civs, self.bots, self.max_turns = civs, bots, max_turns
        self.wins_civ: dict[str, float] = {c: 0.0 for c in civs}
        self.games_civ: dict[str, int] = {c: 0 for c in civs}
        self.wins_seat = [0.0] * len(civs)
        self.wins_bot: dict[str, float] = {}
        self.rounds: list[int] = []
        self.line_sums: list[dict[str, float]] = [{} for _ in civs]
        self.layer_sums = [0] * len(civs)
        self.scored = 0

    def take(self, result: dict[str, Any]) -> None:
        """Count a scored game; a shared win counts 1/k to each of its k winners."""
        self.rounds.append(result["rounds"] if result["finished"] else self.max_turns)
        for civ in result["civs"]:
            self.games_civ[civ] += 1
        share = 1.0 / len(result["winners"]) if result["winners"] else 0.0
        for seat in result["winners"]:
            self.wins_seat[seat] += share
            self.wins_civ[result["civs"][seat]] += share
            self.wins_bot[self.bots[seat]] = self.wins_bot.get(self.bots[seat], 0.0) + share
        for seat, layers in enumerate(result["layers"]):
            self.layer_sums[seat] += layers
        for seat, lines in enumerate(result["scores"]):
            for key, vp in lines.items():
                self.line_sums[seat][key] = self.line_sums[seat].get(key, 0.0) + vp
        self.scored += 1

    def means(self) -> dict[str, Any]:
        """The report's rates and means over the games scored."""
        n, scored, rounds = max(self.scored, 1), self.scored, self.rounds
        wins_civ, games_civ = self.wins_civ, self.games_civ
        return {
            "scored": scored,
            "mean_rounds": round(sum(rounds) / len(rounds), 2) if rounds else 0.0,
            "win_rate_by_civ": {c: round(wins_civ[c] / games_civ[c], 4) if games_civ[c] else 0.0 for c in self.civs},
            "win_rate_by_seat": [round(w / n, 4) for w in self.wins_seat],
            "win_rate_by_bot": {b: round(w / n, 4) for b, w in sorted(self.wins_bot.items())},
            "first_seat_advantage": round(self.wins_seat[0] / n - 1.0 / len(self.civs), 4) if scored else 0.0,
            "mean_score_by_seat": [{k: round(v / n, 2) for k, v in sums.items()} for sums in self.line_sums],
            "mean_layers_by_seat": [round(total / n, 2) for total in self.layer_sums],
        }


def format_report(report: dict[str, Any]) -> str:
    """The report as a small table."""
    solo = f", solo {report['solo']}: the AI plays seat 0" if report.get("solo") else ""
    lines = [
        f"players      {', '.join(report['players'])} ({report['mode']}{solo}{', seats rotated' if report.get('rotate') else ''})",
        f"bots         {', '.join(report['bots'])}",
        f"games        {report['games']} (seed {report['seed']})",
        f"finished     {report['finished']}",
        f"turn cap     {report['hit_turn_cap']} (cap {report.get('max_turns', '?')} rounds; scored where they stopped)",
        f"mean rounds  {report.get('mean_rounds', 0)}",
        f"turns        {report['turns']}",
        f"events       {report['events']}",
        f"battles      {report['battles']} (attacker won {report['attacker_won']}, defender held {report['defender_held']})",
        f"rule errors  {report['rule_errors']}",
        f"elapsed      {report['elapsed_seconds']} s",
    ]
    if report.get("scored"):
        lines.append("")
        lines.append("win rate by civilisation")
        for civ, rate in report["win_rate_by_civ"].items():
            lines.append(f"  {civ:<10} {rate:6.1%}")
        lines.append("win rate by seat")
        for seat, rate in enumerate(report["win_rate_by_seat"]):
            lines.append(f"  seat {seat} ({report['bots'][seat]:<9}) {rate:6.1%}")
        if len(report.get("win_rate_by_bot", {})) > 1:
            lines.append("win rate by bot")
            for bot, rate in report["win_rate_by_bot"].items():
                lines.append(f"  {bot:<10} {rate:6.1%}")
        lines.append(
            f"first seat advantage {report['first_seat_advantage']:+.1%} (win rate of seat 0 minus a fair share)"
        )
        layers = "  ".join(f"{x:.2f}" for x in report["mean_layers_by_seat"])
        lines.append(f"mean monument layers by seat  {layers}")
        keys = [k for k in dict.fromkeys(k for seat in report["mean_score_by_seat"] for k in seat) if k != "total"] + [
            "total"
        ]
        lines.append("mean final score by line")
        lines.append(
            "  " + f"{'line':<12}" + "".join(f"{'seat ' + str(s):>9}" for s in range(len(report["mean_score_by_seat"])))
        )
        for key in keys:
            row = "".join(f"{seat_lines.get(key, 0):>9.2f}" for seat_lines in report["mean_score_by_seat"])
            lines.append(f"  {key:<12}{row}")
    for err in report["errors"][:5]:
        lines.append(f"  game {err['game']} (seed {err['seed']}): {err['error']}")
    return "\n".join(lines)


def simulate_bots(args: argparse.Namespace) -> list[str]:
    """The bot of each seat of `monuments simulate`, from its arguments.

    Raises:
        ValueError: saying which argument is wrong and what it takes.
    """
    setup_key(args.players)
    bots = [b.strip() for b in args.bot.split(",")]
    if args.solo:
        if len(args.players) != 2 or args.mode != "abundance" or len(bots) != 1:
            raise ValueError("--solo plays two civilisations in abundance mode, with one --bot for the player's seat")
        bots = ["ai", bots[0]]
    if len(bots) == 1:
        bots = bots * len(args.players)
    if len(bots) != len(args.players):
        raise ValueError("give one bot, or one per seat")
    if args.games < 1 or args.max_turns < 1 or args.jobs < 1:
        raise ValueError("--games, --max-turns and --jobs must be at least 1")
    if args.seed + args.games - 1 > SEED_MAX:  # game g plays seed + g
        raise ValueError(f"--seed {args.seed} with --games {args.games}: the last game's seed passes {SEED_MAX}")
    for b in bots:
        if b != "ai":
            get_bot(b)
    if args.save_dir is not None:
        problem = unwritable_folder(args.save_dir)
        if problem:
            raise ValueError(f"--save-dir {args.save_dir}: {problem}; give a folder you can write to")
    return bots
