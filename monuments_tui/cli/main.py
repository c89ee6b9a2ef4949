"""The `monuments` command: play (default), simulate, cards and the other sub-commands.

The user interface is imported lazily, so the headless sub-commands never load Textual.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from monuments_tui.cli import tournament
from monuments_tui.cli.arguments import SEED, shown, whole
from monuments_tui.cli.network_args import add_network_commands
from monuments_tui.rules.config import DIFFICULTIES, MODES


def _civs(text: str) -> tuple[str, ...]:
    civs = tuple(c.strip().lower() for c in text.split(",") if c.strip())
    if not civs:
        raise argparse.ArgumentTypeError("name the civilisations, e.g. greece,egypt")
    return civs


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="monuments", description="Monuments, the board game, in your terminal.")
    parser.add_argument("--saves", metavar="DIR", help="folder for saved games (default: $MONUMENTS_SAVES or ./saves)")
    sub = parser.add_subparsers(dest="command")

    sim = sub.add_parser("simulate", help="play games between bots without the interface")
    sim.add_argument("--players", type=_civs, default=("greece", "egypt"), help="civilisations, e.g. greece,egypt")
    sim.add_argument("--mode", choices=MODES, default="abundance", help="game mode (default: abundance)")
    sim.add_argument(
        "--games", type=whole("--games", 1, 1_000_000), default=10, help="how many games to play (default: 10)"
    )
    sim.add_argument("--seed", type=SEED, default=1, help="seed of the first game; each next game adds 1 (default: 1)")
    sim.add_argument(
        "--bot",
        default="random",
        help="bot for every seat, or one per seat: random,heuristic,search (search:0.5s: half a second a decision)",
    )
    sim.add_argument(
        "--max-turns", type=whole("--max-turns", 1, 10_000), default=60, help="stop a game after this many rounds"
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--save-dir", metavar="DIR", help="write every game as a save in DIR")
    sim.add_argument("--solo", choices=DIFFICULTIES, help="solo games: the AI deck plays seat 0, --bot the other seat")
    sim.add_argument("--rotate", action="store_true", help="rotate the civilisations over the seats from game to game")
    sim.add_argument("--jobs", type=whole("--jobs", 1, 256), default=1, help="games played in parallel processes")
    sim.add_argument(
        "--progress", action="store_true", help="report progress on stderr (the default when it is a terminal)"
    )

    tournament.add_parser(sub, _civs, MODES)
    _add_review(sub)

    cards = sub.add_parser("cards", help="list every card of the game")
    cards.add_argument("--json", action="store_true", help="print one JSON object")

    export = sub.add_parser("export", help="write a saved game as a readable record")
    export.add_argument("file", help="a save (.jsonl)")
    export.add_argument(
        "--format", choices=("text", "json"), default="text", help="a readable text record, or JSON (default: text)"
    )
    export.add_argument(
        "--main-line", action="store_true", help="the main line only: no side lines or notes (text format)"
    )
    imp = sub.add_parser("import", help="rebuild a save from a text record")
    imp.add_argument("record", help="a text record, as written by export")
    imp.add_argument("--out", metavar="FILE", help="the save to write (default: a new file in the saves folder)")
    check = sub.add_parser("check", help="validate a save and summarise it")
    check.add_argument("file", help="a save (.jsonl)")
    check.add_argument("--json", action="store_true", help="print one JSON object")
    upgrade = sub.add_parser(
        "upgrade", help="rewrite an older save in today's format (the old file is kept as FILE.bak)"
    )
    upgrade.add_argument("file", help="a save (.jsonl)")
    diff = sub.add_parser("diff", help="list what changed between two points of a saved game")
    diff.add_argument("file", help="a save (.jsonl)")
    diff.add_argument("a", help="from: a step (s120), a turn (t12 or 12), a round (r10), start or end")
    diff.add_argument("b", help="to: the same forms")
    _add_app_commands(sub)
    add_network_commands(sub, _civs)
    return parser


def _add_review(sub) -> None:
    """`review FILE` (run by `cli.review`)."""
    r = sub.add_parser("review", help="mark the mistakes of a saved game's players, with the better move and why")
    r.add_argument("file", help="a save (.jsonl)")
    r.add_argument(
        "--seats",
        metavar="CIVS",
        help="the civilisations to review, e.g. greece,egypt (default: every seat a person played, "
        "or every seat of a game of bots)",
    )
    r.add_argument(
        "--iterations",
        type=whole("--iterations", 1, 100_000),
        help="the search's iterations for each decision: more is surer and slower (default: 100)",
    )
    r.add_argument("--seed", type=SEED, help="seed of the search's worlds (default: the review's own, always the same)")
    r.add_argument("--no-save", action="store_true", help="print the review only; the save is left as it is")
    r.add_argument("--json", action="store_true", help="print one JSON object")
    r.add_argument(
        "--progress", action="store_true", help="report progress on stderr (the default when it is a terminal)"
    )


def _add_app_commands(sub) -> None:
    """`new`, `load FILE`, `replay FILE`: open those screens of the app directly."""
    saves_help = "folder for saved games (default: $MONUMENTS_SAVES or ./saves)"
    pace_help = "how fast bots play: slow, normal, fast, instant"
    new = sub.add_parser("new", help="open the new-game screen (with --start: begin the game at once)")
    new.add_argument("--players", type=_civs, help="civilisations in seat order, e.g. greece,egypt")
    new.add_argument("--mode", choices=MODES, help="abundance or scarcity of resources on the board")
    new.add_argument("--seed", type=SEED, help="the deal's seed: the same seed deals the same game")
    new.add_argument("--seats", type=_civs, help="per seat: human, random, heuristic or search, e.g. human,search")
    new.add_argument("--solo", choices=DIFFICULTIES, help="play solo against the AI")
    new.add_argument("--teaching", action="store_true", help="teaching mode: unlimited undo, all hands open")
    new.add_argument("--hints", action="store_true", help="allow the coach's hints (hint, f9) in this game")
    new.add_argument("--start", action="store_true", help="skip the form and start the game")
    new.add_argument(
        "--position", metavar="FILE", help="start the game at once from a position written as text (docs/positions.md)"
    )
    learn = sub.add_parser(
        "learn", help="a guided first game: Greece against the heuristic bot, each thing explained as it happens"
    )
    load = sub.add_parser("load", help="go on playing a saved game")
    load.add_argument("file", help="a save (.jsonl)")
    replay = sub.add_parser("replay", help="replay a saved game")
    replay.add_argument("file", help="a save (.jsonl)")
    for p in (new, learn, load, replay):
        p.add_argument("--saves", metavar="DIR", default=argparse.SUPPRESS, help=saves_help)
        p.add_argument("--pace", choices=("slow", "normal", "fast", "instant"), help=pace_help)


def run_simulate(args: argparse.Namespace) -> int:
    # start-up: the engine loads only for the sub-command that needs it, so `monuments --help` stays instant
    from monuments_tui.cli.simulate import format_report, simulate, simulate_bots

    try:
        bots = simulate_bots(args)
    except ValueError as exc:
        print(f"monuments simulate: {exc}", file=sys.stderr)
        return 2

    def progress(done: int, total: int, seconds: float) -> None:
        if done % 10 == 0 or done == total:
            print(f"simulate: {done}/{total} games, {seconds:.0f} s", file=sys.stderr, flush=True)

    show = args.progress or sys.stderr.isatty()
    try:
        report = simulate(
            args.players,
            args.mode,
            args.games,
            args.seed,
            bots,
            args.max_turns,
            save_dir=args.save_dir,
            solo=args.solo,
            rotate=args.rotate,
            jobs=args.jobs,
            progress=progress if show else None,
        )
    except OSError as exc:  # a save could not be written (disk full, folder removed)
        print(f"monuments simulate: could not write a game to {args.save_dir}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(json.dumps(report, indent=2) if args.json else format_report(report))
    return 1 if report["rule_errors"] else 0


def run_cards(args: argparse.Namespace) -> int:
    # start-up: the engine loads only for the sub-command that needs it, so `monuments --help` stays instant
    from monuments_tui.cli.cards import card_listing

    print(card_listing(args.json))
    return 0


def run_records(args: argparse.Namespace) -> int:
    """export, import, check and upgrade: 0 on success, 1 with a message naming the file and line."""
    # start-up: the engine loads only for the sub-command that needs it, so `monuments --help` stays instant
    from monuments_tui import records
    from monuments_tui.cli import upgrade

    try:
        if args.command == "export":
            if args.format == "json":
                print(json.dumps(records.export_json(args.file), indent=2, ensure_ascii=False))
            else:
                sys.stdout.write(records.export_text(args.file, main_line=args.main_line))
            return 0
        if args.command == "import":
            saves_dir = Path(args.saves) if args.saves else None
            out = Path(args.out) if args.out else None
            session, warnings = records.import_record(args.record, out=out, saves_dir=saves_dir)
            for w in warnings:
                print(f"warning: {w}", file=sys.stderr)
            print(f"{session.path}: {len(session.history())} steps imported")
            return 0
        if args.command == "upgrade":
            print(upgrade.upgrade_save(args.file))
            return 0
        summary = records.check(args.file)
        print(json.dumps(summary, indent=2, ensure_ascii=False) if args.json else records.format_check(summary))
        return 0
    except BrokenPipeError:
        raise  # the reader went away: not a save's fault (`main` ends quietly)
    except (records.SaveError, records.RecordError, OSError, FileExistsError) as exc:
        if args.command == "check" and args.json:
            print(json.dumps({"file": args.file, "valid": False, "error": str(exc)}, indent=2))
        print(f"monuments {args.command}: {shown(exc)}", file=sys.stderr)
        return 1


def run_diff(args: argparse.Namespace) -> int:
    """What changed between two places of a saved game: 0, or 1 (2 for a place that is not one)."""
    # start-up: the engine loads only for the sub-command that needs it, so `monuments --help` stays instant
    from monuments_tui.game.replay import Replay
    from monuments_tui.records.diff import diff_states

    try:
        replay = Replay.open(args.file)
    except (ValueError, OSError) as exc:  # a SaveError is a ValueError
        print(f"monuments diff: {shown(exc)}", file=sys.stderr)
        return 1
    try:
        a, b = replay.place_position(args.a), replay.place_position(args.b)
    except ValueError as exc:
        print(f"monuments diff: {shown(exc)}", file=sys.stderr)
        return 2
    print(f"From {replay.place_words(a)} to {replay.place_words(b)}:")
    for line in diff_states(replay.state_at(a), replay.state_at(b)):
        print(f"  {line}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `monuments` console script."""
    try:
        code = _dispatch(build_parser().parse_args(argv))
        sys.stdout.flush()  # a reader gone away shows here, not at the interpreter's exit
        return code
    except BrokenPipeError:
        # The reader of our output went away (`monuments cards --json | head`): stop quietly,
        # and point stdout at nothing so the interpreter's final flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _dispatch(args: argparse.Namespace) -> int:
    if args.command == "simulate":
        return run_simulate(args)
    if args.command == "tournament":
        return tournament.run(args)
    if args.command == "review":
        # start-up: the engine and the search load only for the sub-command that needs them
        from monuments_tui.cli import review

        return review.run(args)
    if args.command == "cards":
        return run_cards(args)
    if args.command in ("export", "import", "check", "upgrade"):
        return run_records(args)
    if args.command == "diff":
        return run_diff(args)
    if args.command in ("serve", "host"):
        # start-up: the server and its web library load only for these sub-commands
        from monuments_tui.cli import network

        return network.run_serve(args) if args.command == "serve" else network.run_host(args)
    # start-up: the headless sub-commands above never load Textual, nor the game for --help
    from monuments_tui.cli.preflight import in_use, read_position
    from monuments_tui.ui.app import run_app

    if args.command == "load":
        problem = in_use(args.file)
        if problem:
            print(f"monuments load: {shown(problem)}", file=sys.stderr)
            return 1
    if args.command == "new" and getattr(args, "position", None):
        problem = read_position(args)
        if problem:
            print(f"monuments new: {shown(problem)}", file=sys.stderr)
            return 2
    return run_app(args)
