"""Export a save as a text record or as JSON (the format is in the package docstring)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec

from monuments_tui.game.replay import Replay
from monuments_tui.game.timeline import Step
from monuments_tui.game.tree import MAIN, AnnotationItem, CloseItem, NoteItem, OpenItem, StepItem
from monuments_tui.records.outcomes import outcomes
from monuments_tui.records.review_text import annotation_text
from monuments_tui.records.scores import final_scores, result_line, score_table
from monuments_tui.rules import events as ev
from monuments_tui.rules.config import RuleOptions

RECORD_FORMAT = "monuments-record"
RECORD_VERSION = 2
"""The text record version this program reads and writes: 2 added notes (`{ ... }`) and side
lines (`( ... )`), and a review's marks (`{{ ... }}`, `review_text`)."""
PLAIN_RECORD_VERSION = 1
"""The version written on a record without notes or side lines, which every reader of 1 reads."""


def _replay(source: Path | str | Replay) -> Replay:
    return source if isinstance(source, Replay) else Replay.open(source)


def _options_changed(options: RuleOptions) -> dict[str, Any]:
    default = msgspec.to_builtins(RuleOptions())
    return {k: v for k, v in msgspec.to_builtins(options).items() if default.get(k) != v}


def _header_pairs(replay: Replay, result: str, version: int = PLAIN_RECORD_VERSION) -> list[tuple[str, str]]:
    cfg = replay.config
    pairs = [
        ("Game", "Monuments"),
        ("Record", str(version)),
        ("Title", replay.title),
        ("Date", replay.header.created),
        ("Civs", ",".join(cfg.civs)),
        ("Seats", ",".join(replay.seats)),
        ("Mode", cfg.mode),
        # one viewer's line of a network game: no seed was sent to it, and its hidden cards stay hidden
        ("View", replay.seen_by.words) if replay.seen_by is not None else ("Seed", str(cfg.seed)),
    ]
    if cfg.solo is not None:
        pairs.append(("Solo", cfg.solo))
        pairs.append(("AiSeat", str(cfg.ai_seat)))
    changed = _options_changed(cfg.options)
    if changed:
        pairs.append(("Options", json.dumps(changed, sort_keys=True)))
    # on at any time: its side lines may go back further than a standard game's undo
    pairs.append(("Teaching", "yes" if replay.teaching or replay.taught else "no"))
    if replay.taught and not replay.teaching:
        pairs.append(("TeachingAtEnd", "no"))  # switched off again before the end of the record
    if replay.header.position is not None:
        pairs.append(("Position", replay.header.position))  # the game began from it, not from the deal
    pairs.append(("Result", result))
    return pairs


def export_text(source: Path | str | Replay, *, main_line: bool = False) -> str:
    """The game in a save as a text record (see the module docstring), with its notes as
    `{ ... }` lines, a review's marks as `{{ ... }}` lines under the moves they judge, and its
    side lines in parentheses after the move they are alternatives to, as in PGN; `main_line`
    writes the main line alone, the steps taken back as `#` comments (the record of a game
    without notes, marks or side lines is the same either way).

    Raises:
        SaveError: the save does not load.
    """
    replay = _replay(source)
    replay.to_end()
    final = replay.state
    scores = final_scores(final)
    tree = replay.tree
    as_tree = not main_line and bool(tree.variations or tree.notes or tree.annotations)
    version = RECORD_VERSION if as_tree else PLAIN_RECORD_VERSION
    pairs = _header_pairs(replay, result_line(final, scores), version)
    lines = [f"[{key} {json.dumps(value, ensure_ascii=False)}]" for key, value in pairs]
    lines.append("")
    lines += _tree_lines(replay) if as_tree else _main_lines(replay)
    if not as_tree and replay.taken_back:
        civs = replay.config.civs
        lines.append("")
        lines.append("# Taken back during play (not part of the game):")
        for tb in replay.taken_back:
            texts = ", ".join(f"{civs[s.seat]} {s.text}" for s in tb.steps)
            lines.append(f"#   after step {tb.position}: {texts}")
    lines.append("")
    lines.append("== Final scores ==")
    if scores:
        lines.extend(score_table(scores))
    else:
        lines.append("| the game is not finished" if final.phase != "over" else "| no scores")
    return "\n".join(lines) + "\n"


class _Headings:
    """The `== Round N ==` and `-- Turn N: Civ --` lines of the main line, as its steps come."""

    def __init__(self, civs: tuple[str, ...]):
        self.civs = civs
        self.round = self.turn = -1
        self.seat = 0

    def before(self, step: Step) -> list[str]:
        out = []
        if step.round != self.round:
            self.round = step.round
            out.append("== Set-up ==" if step.round == 0 else f"== Round {step.round} ==")
        if step.turn != self.turn:
            self.turn = step.turn
            if step.turn > 0:
                out.append(f"-- Turn {step.turn}: {self.civs[self.seat].capitalize()} --")
        return out

    def after(self, step: Step) -> None:
        for e in step.events:
            if isinstance(e, ev.TurnBegan):
                self.seat = e.seat


def _step_line(n: int, step: Step, civs: tuple[str, ...], width: int, indent: str = "") -> str:
    comment = "; ".join(outcomes(step, civs))
    text = f"  {indent}{n:>{width}}. {civs[step.seat]:<6} {step.text}"
    return f"{text:<48} ; {comment}" if comment else text


def _main_lines(replay: Replay) -> list[str]:
    civs = replay.config.civs
    headings = _Headings(civs)
    width = len(str(len(replay.steps)))
    lines: list[str] = []
    for n, step in enumerate(replay.steps, start=1):
        lines += headings.before(step)
        lines.append(_step_line(n, step, civs, width))
        headings.after(step)
    return lines


def _tree_lines(replay: Replay) -> list[str]:
    """Every line of the game tree in the order of `GameTree.walk` (docs/save-format.md)."""
    civs = replay.config.civs
    tree = replay.tree
    headings = _Headings(civs)
    width = len(str(max([len(replay.steps), *(v.start + len(v.steps) for v in tree.variations)])))
    lines: list[str] = []
    depth = 0
    opening = False
    for item in tree.walk():
        pad = " " * (width + 4 + 4 * depth)
        if isinstance(item, StepItem):
            if item.line == MAIN:
                lines += headings.before(item.step)
                lines.append(_step_line(item.position, item.step, civs, width))
                headings.after(item.step)
            else:
                indent = " " * (4 * depth - 2) + ("( " if opening else "  ")
                lines.append(_step_line(item.position, item.step, civs, width, indent))
            opening = False
        elif isinstance(item, NoteItem):
            lines.append(f"{pad}{{ {item.text} }}")
        elif isinstance(item, AnnotationItem):
            lines.append(f"{pad}{annotation_text(item.annotation)}")
        elif isinstance(item, OpenItem):
            depth += 1
            opening = True
        elif isinstance(item, CloseItem):
            lines.append(" " * (4 * depth) + ")")  # under its "("
            depth -= 1
    return lines


def export_json(source: Path | str | Replay) -> dict[str, Any]:
    """The same record as a JSON-ready dict: header, result, rounds/turns/steps with events, scores."""
    replay = _replay(source)
    civs = replay.config.civs
    replay.to_end()
    final = replay.state
    scores = final_scores(final)
    rounds: list[dict[str, Any]] = []
    turn_seat = 0
    for n, step in enumerate(replay.steps, start=1):
        if not rounds or rounds[-1]["round"] != step.round:
            rounds.append({"round": step.round, "turns": []})
        turns = rounds[-1]["turns"]
        if not turns or turns[-1]["turn"] != step.turn:
            turns.append({"turn": step.turn, "seat": turn_seat if step.turn else None, "steps": []})
        turns[-1]["steps"].append(
            {
                "n": n,
                "seq": step.seq,
                "seat": step.seat,
                "civ": civs[step.seat],
                "command": step.text,
                "outcomes": outcomes(step, civs),
                "events": msgspec.to_builtins(step.events),
            }
        )
        for e in step.events:
            if isinstance(e, ev.TurnBegan):
                turn_seat = e.seat
    return {
        "format": RECORD_FORMAT,
        "version": PLAIN_RECORD_VERSION,
        "header": dict(_header_pairs(replay, result_line(final, scores))),
        "config": msgspec.to_builtins(replay.config),
        "seats": list(replay.seats),
        "status": final.phase,
        "result": result_line(final, scores),
        "rounds": rounds,
        "taken_back": [
            {"position": tb.position, "commands": [f"{civs[s.seat]} {s.text}" for s in tb.steps]}
            for tb in replay.taken_back
        ],
        "scores": scores,
    }
