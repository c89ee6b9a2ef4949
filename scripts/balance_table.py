"""Turn `monuments simulate --json` reports into the Markdown tables of docs/balance.md.

    .venv/bin/python scripts/balance_table.py REPORT.json [REPORT.json ...]

Reports of the same configuration (players in order, mode, bots, solo level, round cap,
rotation) are merged into one row, so a configuration can be measured in several runs
over disjoint ranges of game seeds (`--seed`); overlapping ranges are refused. Reports
whose seats have different bots (heuristic against random) make the strength table. The
others show, per configuration: games, games that reached the end, games stopped at the
round cap, mean rounds, rule errors, win rate by civilisation and by seat, the first
seat's advantage, and the balance targets: 2 players, no civilisation above 60%; 3-4
players, none above 1.5 times a fair share; first seat within 10 points of a fair share;
solo, the AI's win rate by level.
"""

from __future__ import annotations

import json
import sys
from itertools import pairwise


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def civ_check(report: dict) -> str:
    n = len(report["players"])
    worst = max(report["win_rate_by_civ"].values())
    limit = 0.60 if n == 2 else 1.5 / n
    return f"{'ok' if worst <= limit else 'NOT MET'} (max {pct(worst)}, limit {pct(limit)})"


SUMMED = (
    "games",
    "finished",
    "hit_turn_cap",
    "turns",
    "events",
    "rule_errors",
    "battles",
    "attacker_won",
    "defender_held",
    "scored",
    "elapsed_seconds",
)
"""Report figures that are counts: merged by adding them up."""


def configuration(report: dict) -> tuple:
    """What makes two reports measure the same thing."""
    return (
        tuple(report["players"]),
        report["mode"],
        tuple(report["bots"]),
        report.get("solo"),
        report.get("max_turns"),
        report.get("rotate"),
    )


def merge(reports: list[dict]) -> dict:
    """One report from runs of one configuration over disjoint seed ranges: counts added up,
    rates and means weighted by the games each run scored."""
    spans = sorted((r["seed"], r["seed"] + r["games"]) for r in reports)
    for (_, end), (start, _) in pairwise(spans):
        if start < end:
            raise SystemExit(f"balance_table: two runs of {configuration(reports[0])} share game seeds from {start}")
    if len(reports) == 1:
        return reports[0]
    out = dict(reports[0])
    for key in SUMMED:
        out[key] = sum(r[key] for r in reports)
    out["seed"] = ", ".join(str(r["seed"]) for r in reports)
    out["errors"] = [e for r in reports for e in r["errors"]]
    n = max(out["scored"], 1)

    def mean(get) -> float:
        return sum(get(r) * r["scored"] for r in reports) / n

    seats = len(out["players"])
    out["mean_rounds"] = round(mean(lambda r: r["mean_rounds"]), 2)
    out["win_rate_by_civ"] = {c: mean(lambda r: r["win_rate_by_civ"][c]) for c in out["players"]}
    out["win_rate_by_seat"] = [mean(lambda r: r["win_rate_by_seat"][s]) for s in range(seats)]
    out["win_rate_by_bot"] = {
        b: mean(lambda r: r["win_rate_by_bot"].get(b, 0.0)) for b in reports[0]["win_rate_by_bot"]
    }
    out["first_seat_advantage"] = out["win_rate_by_seat"][0] - 1.0 / seats
    keys = {k for r in reports for seat in r["mean_score_by_seat"] for k in seat}
    out["mean_score_by_seat"] = [
        {k: mean(lambda r: r["mean_score_by_seat"][s].get(k, 0.0)) for k in sorted(keys)} for s in range(seats)
    ]
    out["mean_layers_by_seat"] = [mean(lambda r: r["mean_layers_by_seat"][s]) for s in range(seats)]
    return out


def heuristic_share(report: dict) -> float:
    """The share of games the heuristic bot won, under any of its names (all but "random")."""
    return sum(rate for bot, rate in report["win_rate_by_bot"].items() if bot != "random")


def main(paths: list[str]) -> int:
    groups: dict[tuple, list[dict]] = {}
    for p in paths:
        with open(p) as f:
            report = json.load(f)
        groups.setdefault(configuration(report), []).append(report)
    reports = [merge(group) for group in groups.values()]
    strength = [r for r in reports if not r.get("solo") and len(set(r["bots"])) > 1]
    multi = [r for r in reports if not r.get("solo") and len(set(r["bots"])) == 1]
    solo = [r for r in reports if r.get("solo")]
    if strength:
        print("| bots by seat | games | ended | at cap | errors | heuristic wins |")
        print("|---|---|---|---|---|---|")
        for r in strength:
            print(
                f"| {', '.join(r['bots'])} | {r['games']} | {r['finished']} | {r['hit_turn_cap']} | {r['rule_errors']} "
                f"| {pct(heuristic_share(r))} |"
            )
        games = sum(r["games"] for r in strength)
        wins = sum(heuristic_share(r) * r["scored"] for r in strength)
        print(f"| all | {games} | | | | {pct(wins / games)} |")
        print()
    if multi:
        print(
            "| configuration | games | ended | at cap | mean rounds | errors | win rate by civilisation | win rate by seat | first seat | civ check | seat check |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        for r in multi:
            civs = ", ".join(f"{c} {pct(v)}" for c, v in r["win_rate_by_civ"].items())
            seats = ", ".join(pct(v) for v in r["win_rate_by_seat"])
            adv = r["first_seat_advantage"]
            seat_ok = "ok" if abs(adv) < 0.10 else "NOT MET"
            name = f"{len(r['players'])}p {'+'.join(r['players'])} {r['mode']}"
            print(
                f"| {name} | {r['games']} | {r['finished']} | {r['hit_turn_cap']} | {r['mean_rounds']:.2f} | {r['rule_errors']} "
                f"| {civs} | {seats} | {adv:+.1%} | {civ_check(r)} | {seat_ok} |"
            )
    if solo:
        print()
        print(
            "| solo level | games | ended | at cap | mean rounds | errors | AI win rate | AI mean score | player mean score | AI mean layers | player mean layers |"
        )
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        order = {"easy": 0, "normal": 1, "hard": 2, "insane": 3}
        for r in sorted(solo, key=lambda r: order[r["solo"]]):
            ai, human = r["mean_score_by_seat"]
            ai_layers, human_layers = r["mean_layers_by_seat"]
            print(
                f"| {r['solo']} | {r['games']} | {r['finished']} | {r['hit_turn_cap']} | {r['mean_rounds']:.2f} | {r['rule_errors']} "
                f"| {pct(r['win_rate_by_seat'][0])} | {ai['total']:.1f} | {human['total']:.1f} "
                f"| {ai_layers:.2f} | {human_layers:.2f} |"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
