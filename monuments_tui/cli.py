"""The `monuments` command: play (default), simulate, cards and the other sub-commands.

The user interface is imported lazily, so the headless sub-commands never load Textual.
"""

from __future__ import annotations

import argparse
import json
import sys


def _civs(text: str) -> tuple[str, ...]:
    civs = tuple(c.strip().lower() for c in text.split(",") if c.strip())
    if not civs:
        raise argparse.ArgumentTypeError("name the civilisations, e.g. greece,egypt")
    return civs


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="monuments", description="Monuments, the board game, in your terminal.")
    sub = parser.add_subparsers(dest="command")

    sim = sub.add_parser("simulate", help="play games between bots without the interface")
    sim.add_argument("--players", type=_civs, default=("greece", "egypt"), help="civilisations, e.g. greece,egypt")
    sim.add_argument("--mode", choices=("abundance", "scarcity"), default="abundance")
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bot", default="random", help="bot for every seat, or one per seat: random,heuristic")
    sim.add_argument("--max-turns", type=int, default=60, help="stop a game after this many rounds")
    sim.add_argument("--json", action="store_true", help="print one JSON object")

    cards = sub.add_parser("cards", help="list every card of the game")
    cards.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def run_simulate(args: argparse.Namespace) -> int:
    from monuments_tui.rules.board import setup_key
    from monuments_tui.simulate import format_report, simulate

    try:
        setup_key(args.players)
    except ValueError as exc:
        print(f"monuments simulate: {exc}", file=sys.stderr)
        return 2
    bots = [b.strip() for b in args.bot.split(",")]
    if len(bots) == 1:
        bots = bots * len(args.players)
    if len(bots) != len(args.players):
        print("monuments simulate: give one bot, or one per seat", file=sys.stderr)
        return 2
    if args.games < 1 or args.max_turns < 1:
        print("monuments simulate: --games and --max-turns must be at least 1", file=sys.stderr)
        return 2
    from monuments_tui.ai.bots import get_bot

    try:
        for b in bots:
            get_bot(b)
    except ValueError as exc:
        print(f"monuments simulate: {exc}", file=sys.stderr)
        return 2
    report = simulate(args.players, args.mode, args.games, args.seed, bots, args.max_turns)
    print(json.dumps(report, indent=2) if args.json else format_report(report))
    return 1 if report["rule_errors"] else 0


def run_cards(args: argparse.Namespace) -> int:
    from monuments_tui.card_listing import card_listing

    print(card_listing(args.json))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `monuments` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "simulate":
        return run_simulate(args)
    if args.command == "cards":
        return run_cards(args)
    from monuments_tui.ui.app import run_app

    return run_app(args)
