"""`monuments review FILE` (its options are read in `cli.main`): the search over each decision
of a saved game's seats, the decisions whose estimated chance of winning fell marked (?! an
inaccuracy, ? a mistake, ?? a blunder) with the move the search preferred and why; the
review kept in the save.

Each decision is judged from its own seat's view at that moment (`game.review`), so the
review of one seat never names what that seat could not see. Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from monuments_tui.ai.review import MARK_NAMES, REVIEW_ITERATIONS, SEED
from monuments_tui.cli.arguments import shown
from monuments_tui.game.replay import Replay
from monuments_tui.game.review import Review, default_seats, review_line, tally
from monuments_tui.game.session import GameSession
from monuments_tui.saves.format import SaveError
from monuments_tui.saves.lock import SaveInUse


def run(args: argparse.Namespace) -> int:
    """0 with the review printed; 1 for a save that cannot be read or written; 2 for bad seats."""
    try:
        replay = Replay.open(args.file)
    except (ValueError, OSError) as exc:  # a SaveError is a ValueError
        print(f"monuments review: {shown(exc)}", file=sys.stderr)
        return 1
    try:
        seats, which = _seats(replay, args.seats)
    except ValueError as exc:
        print(f"monuments review: {shown(exc)}", file=sys.stderr)
        return 2
    iterations = args.iterations or REVIEW_ITERATIONS
    seed = SEED if args.seed is None else args.seed
    show = args.progress or sys.stderr.isatty()
    if show:
        names = ", ".join(replay.config.civs[s].capitalize() for s in seats)
        print(f"Reviewing {names}: {which}; {iterations} iterations a decision", file=sys.stderr)
    progress = _Bar(sys.stderr.isatty()) if show else None
    review = review_line(replay.state_at(0), replay.steps, seats, iterations, seed, progress)
    assert review is not None, "a review that nothing asks to stop runs to its end"
    problem = None if args.no_save else _keep(args.file, review)
    if problem is not None:
        print(f"monuments review: {shown(problem)}", file=sys.stderr)
        return 1
    report = _report(replay, review, args.file, (iterations, seed), not args.no_save)
    print(json.dumps(report, indent=2, ensure_ascii=False) if args.json else _words(report))
    return 0


def _seats(replay: Replay, text: str | None) -> tuple[tuple[int, ...], str]:
    """The seats to review and why those, in words.

    Raises:
        ValueError: a civilisation not in the game, or the solo AI's seat (saying what would do).
    """
    civs = replay.config.civs
    if text is None:
        return default_seats(replay.seats)
    asked = [c.strip().lower() for c in text.split(",") if c.strip()]
    if not asked:
        raise ValueError(f"--seats names civilisations of this game, e.g. {','.join(civs)}")
    for civ in asked:
        if civ not in civs:
            raise ValueError(f"--seats: {civ} does not play in this game; its civilisations are {', '.join(civs)}")
        if civs.index(civ) == replay.config.ai_seat:
            raise ValueError(f"--seats: {civ} is the solo AI's seat, played by its deck: it has no decisions to review")
    return tuple(sorted({civs.index(c) for c in asked})), "as asked"


class _Bar:
    """Progress on stderr: a bar redrawn in place on a terminal, else a line every tenth."""

    def __init__(self, terminal: bool):
        self.terminal = terminal
        self.started = time.perf_counter()
        self.told = -1

    def __call__(self, done: int, total: int) -> bool:
        tenth = 10 * done // max(total, 1)
        if not self.terminal and tenth == self.told:
            return True
        self.told = tenth
        filled = 20 * done // max(total, 1)
        seconds = time.perf_counter() - self.started
        line = f"review: [{'#' * filled}{'.' * (20 - filled)}] {done}/{total} decisions, {seconds:.0f} s"
        if self.terminal:
            print(f"\r{line}", end="\n" if done == total else "", file=sys.stderr, flush=True)
        else:
            print(line, file=sys.stderr, flush=True)
        return True


def _keep(path: str, review: Review) -> str | None:
    """Write the review into the save; None when written, else what went wrong and what would do."""
    try:
        session, _ = GameSession.load(path)
        with session:
            session.record_review(review.seats, review.annotations)
    except SaveInUse as exc:
        return f"{exc}; the review was not kept (close the game first, or add --no-save to print it only)"
    except (SaveError, OSError, ValueError) as exc:
        return f"the review could not be kept in {path}: {exc}"
    return None


def _report(replay: Replay, review: Review, path: str, search: tuple[int, int], saved: bool) -> dict[str, Any]:
    """The review as a JSON-ready dict: per seat the decisions judged and the marks, each mark in full."""
    civs = replay.config.civs
    position = {step.seq: n for n, step in enumerate(replay.steps, start=1)}
    marks = []
    for a in sorted(review.annotations, key=lambda a: position.get(a.step, 0)):
        at = position.get(a.step, 0)  # 0: a move taken back since it was reviewed
        step = replay.steps[at - 1] if at else None
        marks.append(
            {
                "step": at,
                "round": step.round if step else None,
                "civ": civs[a.seat],
                "played_move": step.text if step else "",
                "mark": a.mark,
                "name": MARK_NAMES[a.mark],
                "played": a.played,
                "preferred": a.preferred,
                "best": a.best,
                "why": a.why,
            }
        )
    seats = {civs[s]: {"judged": review.judged.get(s, 0), "marks": review.counts(s)} for s in review.seats}
    iterations, seed = search
    return {"file": path, "iterations": iterations, "seed": seed, "seats": seats, "marks": marks, "saved": saved}


def _words(report: dict[str, Any]) -> str:
    """The report for a person: per seat a summary line, then each mark with the better move and why."""
    lines = []
    for civ, seat in report["seats"].items():
        lines.append(f"{civ.capitalize()}: {seat['judged']} decisions judged: {tally(seat['marks'])}")
        for m in (m for m in report["marks"] if m["civ"] == civ):
            where = "taken back since" if not m["step"] else "set-up" if m["round"] == 0 else f"round {m['round']}"
            lines.append(f"  step {m['step']} ({where}): {m['played_move']}")
            lines.append(
                f"    {m['mark']} {m['name']}: about {m['played']:.0%} to win after it; "
                f"{m['preferred']} was about {m['best']:.0%}" + (f": {m['why']}" if m["why"] else "")
            )
    lines.append(
        "The review is kept in the save: the log, the replay's move list and monuments export show its marks."
        if report["saved"]
        else "The review was not kept in the save (--no-save)."
    )
    return "\n".join(lines)
