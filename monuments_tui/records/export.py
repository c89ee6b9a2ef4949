"""Export a save as a text record or as JSON (the format is in the package docstring)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec

from monuments_tui.records.outcomes import outcomes
from monuments_tui.records.scores import final_scores, result_line, score_table
from monuments_tui.replay import Replay
from monuments_tui.rules import events as ev
from monuments_tui.rules.config import RuleOptions

RECORD_FORMAT = "monuments-record"
RECORD_VERSION = 1


def _replay(source: Path | str | Replay) -> Replay:
    return source if isinstance(source, Replay) else Replay.open(source)


def _options_changed(options: RuleOptions) -> dict[str, Any]:
    default = msgspec.to_builtins(RuleOptions())
    return {k: v for k, v in msgspec.to_builtins(options).items() if default.get(k) != v}


def _header_pairs(replay: Replay, result: str) -> list[tuple[str, str]]:
    cfg = replay.config
    pairs = [
        ("Game", "Monuments"),
        ("Record", str(RECORD_VERSION)),
        ("Title", replay.title),
        ("Date", replay.header.created),
        ("Civs", ",".join(cfg.civs)),
        ("Seats", ",".join(replay.seats)),
        ("Mode", cfg.mode),
        ("Seed", str(cfg.seed)),
    ]
    if cfg.solo is not None:
        pairs.append(("Solo", cfg.solo))
        pairs.append(("AiSeat", str(cfg.ai_seat)))
    changed = _options_changed(cfg.options)
    if changed:
        pairs.append(("Options", json.dumps(changed, sort_keys=True)))
    pairs.append(("Teaching", "yes" if replay.teaching else "no"))
    if replay.header.position is not None:
        pairs.append(("Position", replay.header.position))  # the game began from it, not from the deal
    pairs.append(("Result", result))
    return pairs


def export_text(source: Path | str | Replay) -> str:
    """The game in a save as a text record (see the module docstring).

    Raises:
        SaveError: the save does not load.
    """
    replay = _replay(source)
    civs = replay.config.civs
    replay.to_end()
    final = replay.state
    scores = final_scores(final)
    lines = [
        f"[{key} {json.dumps(value, ensure_ascii=False)}]"
        for key, value in _header_pairs(replay, result_line(final, scores))
    ]
    lines.append("")
    current_round = current_turn = -1
    turn_seat = 0
    width = len(str(len(replay.steps)))
    for n, step in enumerate(replay.steps, start=1):
        if step.round != current_round:
            current_round = step.round
            lines.append("== Set-up ==" if step.round == 0 else f"== Round {step.round} ==")
        if step.turn != current_turn:
            current_turn = step.turn
            if step.turn > 0:
                lines.append(f"-- Turn {step.turn}: {civs[turn_seat].capitalize()} --")
        comment = "; ".join(outcomes(step, civs))
        text = f"  {n:>{width}}. {civs[step.seat]:<6} {step.text}"
        lines.append(f"{text:<48} ; {comment}" if comment else text)
        for e in step.events:
            if isinstance(e, ev.TurnBegan):
                turn_seat = e.seat
    if replay.taken_back:
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
        "version": RECORD_VERSION,
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
