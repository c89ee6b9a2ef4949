"""Turn `monuments simulate --json` reports into the Markdown tables of docs/balance.md.

    .venv/bin/python scripts/balance_table.py REPORT.json [REPORT.json ...]

Each report is one configuration. Reports whose seats have different bots (heuristic
against random) make the strength table. The others show, per configuration: games, games that
reached the end, games stopped at the round cap, mean rounds, rule errors, win rate by
civilisation and by seat, the first seat's advantage, and the balance targets: 2 players,
no civilisation above 60%; 3-4 players, none above 1.5 times a fair share; first seat
within 10 points of a fair share; solo, the AI's win rate by level.
"""

from __future__ import annotations

import json
import sys


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def civ_check(report: dict) -> str:
    n = len(report["players"])
    worst = max(report["win_rate_by_civ"].values())
    limit = 0.60 if n == 2 else 1.5 / n
    return f"{'ok' if worst <= limit else 'NOT MET'} (max {pct(worst)}, limit {pct(limit)})"


def main(paths: list[str]) -> int:
    reports = [json.load(open(p)) for p in paths]
    strength = [r for r in reports if not r.get("solo") and len(set(r["bots"])) > 1]
    multi = [r for r in reports if not r.get("solo") and len(set(r["bots"])) == 1]
    solo = [r for r in reports if r.get("solo")]
    if strength:
        print("| bots by seat | games | ended | at cap | errors | heuristic wins |")
        print("|---|---|---|---|---|---|")
        for r in strength:
            print(
                f"| {', '.join(r['bots'])} | {r['games']} | {r['finished']} | {r['hit_turn_cap']} | {r['rule_errors']} "
                f"| {pct(r['win_rate_by_bot'].get('heuristic', 0.0))} |"
            )
        games = sum(r["games"] for r in strength)
        wins = sum(r["win_rate_by_bot"].get("heuristic", 0.0) * r["scored"] for r in strength)
        print(f"| all | {games} | | | | {pct(wins / games)} |")
        print()
    if multi:
        print("| configuration | games | ended | at cap | mean rounds | errors | win rate by civilisation | win rate by seat | first seat | civ check | seat check |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        for r in multi:
            civs = ", ".join(f"{c} {pct(v)}" for c, v in r["win_rate_by_civ"].items())
            seats = ", ".join(pct(v) for v in r["win_rate_by_seat"])
            adv = r["first_seat_advantage"]
            seat_ok = "ok" if abs(adv) < 0.10 else "NOT MET"
            name = f"{len(r['players'])}p {'+'.join(r['players'])} {r['mode']}"
            print(
                f"| {name} | {r['games']} | {r['finished']} | {r['hit_turn_cap']} | {r['mean_rounds']} | {r['rule_errors']} "
                f"| {civs} | {seats} | {adv:+.1%} | {civ_check(r)} | {seat_ok} |"
            )
    if solo:
        print()
        print("| solo level | games | ended | at cap | mean rounds | errors | AI win rate | AI mean score | player mean score | AI mean layers | player mean layers |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        order = {"easy": 0, "normal": 1, "hard": 2, "insane": 3}
        for r in sorted(solo, key=lambda r: order[r["solo"]]):
            ai, human = r["mean_score_by_seat"]
            ai_layers, human_layers = r["mean_layers_by_seat"]
            print(
                f"| {r['solo']} | {r['games']} | {r['finished']} | {r['hit_turn_cap']} | {r['mean_rounds']} | {r['rule_errors']} "
                f"| {pct(r['win_rate_by_seat'][0])} | {ai['total']:.1f} | {human['total']:.1f} "
                f"| {ai_layers:.2f} | {human_layers:.2f} |"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
