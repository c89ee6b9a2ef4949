"""Check a save completely (`monuments check`) and summarise it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from monuments_tui.game.timeline import load_save
from monuments_tui.records.scores import final_scores, result_line, score_table


def check(path: Path | str) -> dict[str, Any]:
    """Validate a save completely and summarise it.

    Raises:
        SaveError: the save does not hold (names the file and line).
    """
    save, rebuilt = load_save(path)
    timeline = rebuilt.timeline
    state = timeline.state
    scores = final_scores(state)
    undos = sum(1 for r in save.records if r.__struct_config__.tag == "undo")
    return {
        "file": str(save.path),
        "valid": True,
        "format_version": save.header.version,
        "from_position": save.header.position is not None,
        "rules_version": save.header.rules_version,
        "title": save.header.title,
        "created": save.header.created,
        "config": msgspec.to_builtins(save.header.config),
        "seats": list(save.header.seats),
        "teaching": rebuilt.teaching,
        "taught": rebuilt.taught,
        "records": len(save.records),
        "steps": len(timeline.steps),
        "undos": undos,
        "rounds": state.round,
        "turns": sum(p.turns for p in state.players),
        "status": state.phase,
        "result": result_line(state, scores),
        "scores": scores,
        "warnings": list(save.warnings),
    }


def format_check(summary: dict[str, Any]) -> str:
    """The summary of `check` as lines of text."""
    cfg = summary["config"]
    lines = [
        f"{summary['file']}: valid save (format {summary['format_version']}, rules {summary['rules_version']})",
        f"title     {summary['title']}",
        f"created   {summary['created']}",
        f"players   {', '.join(c.capitalize() for c in cfg['civs'])} ({', '.join(summary['seats'])})",
        f"mode      {cfg['mode']}, seed {cfg['seed']}" + (f", solo {cfg['solo']}" if cfg.get("solo") else ""),
        f"teaching  {_teaching_words(summary)}",
        f"played    {summary['steps']} steps, {summary['turns']} turns, {summary['rounds']} rounds"
        + (f" ({summary['undos']} undone)" if summary["undos"] else ""),
        f"result    {summary['result']}",
    ]
    if summary["scores"]:
        lines.extend(score_table(summary["scores"]))
    lines.extend(f"warning: {w}" for w in summary["warnings"])
    return "\n".join(lines)


def _teaching_words(summary: dict[str, Any]) -> str:
    """ "yes", "no", or "no (on for part of the game)" when it was switched on and off again."""
    if summary["teaching"]:
        return "yes"
    return "no (on for part of the game)" if summary.get("taught") else "no"
