"""Game records: export a save as text or JSON, import a text record, check a save.

The text record is for people (a reviewer, a teacher, a forum post): a header of
`[Key "value"]` lines (players, civilisations, mode, seed, date, result), then the line
of play by round and turn, one numbered command per line in the notation with its
outcomes (rolls, draws) as a `;` comment, then the final score table. Import needs only
the header and the command lines, since the seed fixes every roll and draw; the
comments are for reading. Export then import gives the same game, event for event.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import msgspec

from monuments_tui.narration import draw_text, narration_text
from monuments_tui.replay import Replay
from monuments_tui.rules import events as ev
from monuments_tui.rules.config import GameConfig, RuleOptions, check_ai_seat
from monuments_tui.rules.decide import decide, waiting_for
from monuments_tui.rules.errors import NotationError, RuleViolation
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.notation import parse_command
from monuments_tui.rules.scoring import ranking, score
from monuments_tui.rules.state import GameState
from monuments_tui.saves import Header, SaveError, now_iso
from monuments_tui.session import (
    GameSession,
    Step,
    check_seats,
    load_save,
    make_step,
    starting_state,
)

RECORD_FORMAT = "monuments-record"
RECORD_VERSION = 1


class RecordError(ValueError):
    """A text record that cannot be imported; the message names the line.

    Attributes:
        line: the 1-based line at fault (None for the whole record).
    """

    def __init__(self, source: str, line: int | None, reason: str):
        self.source = source
        self.line = line
        self.reason = reason
        where = f"{source}, line {line}" if line is not None else source
        super().__init__(f"{where}: {reason}")


# -- scores -----------------------------------------------------------------------------------------
def final_scores(state: GameState) -> list[dict[str, Any]] | None:
    """The final score breakdown of a finished game, one dict per seat in seat order, or None.

    Each dict: seat, civ, score_card, lines [{key, name, detail, vp}], total, layers,
    military_power, resources, place, shared. From `rules.scoring` (score and ranking);
    None for a game that is not over, or if the rules give no scoring.
    """
    if state.phase != "over":
        return None
    breakdown = score(state)
    places = {p.seat: p for p in ranking(state, breakdown)}
    rows = []
    for b in breakdown:
        row = msgspec.to_builtins(b)
        row["place"] = places[b.seat].place
        row["shared"] = places[b.seat].shared
        rows.append(row)
    return rows


def result_line(state: GameState, scores: list[dict[str, Any]] | None) -> str:
    """The result in one line: the winner and totals, or where an unfinished game stands."""
    if state.phase != "over":
        return f"unfinished: round {state.round}, {waiting_for(state)}"
    if not scores:
        return "game over"
    ordered = sorted(scores, key=lambda r: (r["place"], r["seat"]))
    totals = ", ".join(f"{r['civ'].capitalize()} {r['total']}" for r in ordered)
    first = [r["civ"].capitalize() for r in ordered if r["place"] == 1]
    if len(first) == 1:
        return f"{first[0]} wins: {totals}"
    return f"{' and '.join(first)} share the victory: {totals}"


def score_table(scores: list[dict[str, Any]]) -> list[str]:
    """The score cards side by side, one row per score line, then total and place."""
    keys: list[str] = []
    names: dict[str, str] = {}
    for row in scores:
        for line in row["lines"]:
            if line["key"] not in names:
                keys.append(line["key"])
                names[line["key"]] = line["name"]
    header = [""] + [r["civ"].capitalize() for r in scores]
    table = [header]
    for key in keys:
        cells = [names[key]]
        for row in scores:
            line = next((ln for ln in row["lines"] if ln["key"] == key), None)
            cells.append("" if line is None else (f"{line['vp']} ({line['detail']})" if line["detail"] else str(line["vp"])))
        table.append(cells)
    table.append(["Total"] + [str(r["total"]) for r in scores])
    table.append(["Place"] + [f"{r['place']}{' (shared)' if r['shared'] else ''}" for r in scores])
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    return ["| " + " | ".join(c.ljust(w) for c, w in zip(row, widths)) + " |" for row in table]


# -- outcomes ---------------------------------------------------------------------------------------
def outcomes(step: Step, civs: tuple[str, ...]) -> list[str]:
    """The visible consequences of a step worth a reader's eye: rolls, draws, gains, layers."""
    out: list[str] = []
    gained: dict[tuple[str, str], int] = {}
    for e in step.events:
        if isinstance(e, ev.ResourcesGained):
            gained[(e.resource, e.hex)] = gained.get((e.resource, e.hex), 0) + e.n
        elif isinstance(e, ev.BattleBegan):
            b = e.battle
            out.append(
                f"{civs[b.attacker]} rolls {_pips(b.attack_pips)} (power {b.attack_power}) vs "
                f"{civs[b.defender]} {_pips(b.defence_pips)} (power {b.defence_power}): "
                + ("attack succeeds" if b.attacker_won else "attack fails")
            )
        elif isinstance(e, ev.BattleEnded):
            r = e.record
            losses = []
            if r.attacker_losses:
                losses.append(f"{civs[r.attacker]} lost {', '.join(r.attacker_losses)}")
            if r.defender_losses:
                losses.append(f"{civs[r.defender]} lost {', '.join(r.defender_losses)}")
            if losses:
                out.append("; ".join(losses))
        elif isinstance(e, ev.QuestsDealt):
            out.append(f"{civs[e.seat]} draws {' '.join(e.cards)} from quest deck {e.deck}")
        elif isinstance(e, ev.QuestDeckShuffled):
            out.append(f"quest deck {e.deck} reshuffled")
        elif isinstance(e, ev.QuestCompleted):
            out.append(f"{civs[e.seat]} completes {e.quest}")
        elif isinstance(e, ev.LayerBuilt):
            out.append(f"{civs[e.seat]} builds monument layer {e.layer}")
        elif isinstance(e, ev.CommonBonusTaken) and e.seat is not None:
            out.append(f"{civs[e.seat]} takes {e.card}")
        elif isinstance(e, ev.FinalRoundBegan):
            out.append("final round")
        elif isinstance(e, ev.GameEnded):
            out.append("game over")
        elif isinstance(e, (ev.RandomDrawn, ev.RngAdvanced)) and draw_text(e):
            out.append(draw_text(e))
        elif (said := narration_text(e, civs)) is not None:
            out.append(f"AI: {said}")
    if gained:
        out.insert(0, ", ".join(f"+{n} {res} on {hx}" for (res, hx), n in gained.items()))
    return out


def _pips(pips) -> str:
    return "[" + ",".join(str(p) for p in pips) + "]" if pips else "[]"


# -- export -----------------------------------------------------------------------------------------
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
    lines = [f"[{key} {json.dumps(value, ensure_ascii=False)}]" for key, value in _header_pairs(replay, result_line(final, scores))]
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
            {"position": tb.position, "commands": [f"{civs[s.seat]} {s.text}" for s in tb.steps]} for tb in replay.taken_back
        ],
        "scores": scores,
    }


# -- import -----------------------------------------------------------------------------------------
_HEADER_LINE = re.compile(r'^\[(\w+)\s+(".*")\]\s*$')
_STEP_LINE = re.compile(r"^\s*(?:(\d+)\.\s+)?([a-z]+)\s+([^;]+?)\s*(?:;.*)?$")


def parse_record(text: str, source: str = "<record>") -> tuple[Header, list[tuple[int, int | None, str, str]]]:
    """Split a text record into a save header and its command lines (line, number, civ, notation).

    Raises:
        RecordError: naming the line that is not understood.
    """
    pairs: dict[str, str] = {}
    commands: list[tuple[int, int | None, str, str]] = []
    in_header = True
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if in_header and line.startswith("["):
            m = _HEADER_LINE.match(line)
            if not m:
                raise RecordError(source, lineno, 'a header line is written [Key "value"]')
            try:
                value = json.loads(m.group(2))
            except json.JSONDecodeError:
                raise RecordError(source, lineno, f"the value of {m.group(1)} is not a quoted string") from None
            pairs[m.group(1)] = str(value)
            continue
        in_header = False
        if line.startswith("== Final"):
            break  # the score table follows: for reading only
        if line.startswith(("==", "--", "|")):
            continue
        m = _STEP_LINE.match(raw)
        if not m:
            raise RecordError(source, lineno, "expected a step such as '12. greece play movement'")
        number = int(m.group(1)) if m.group(1) else None
        commands.append((lineno, number, m.group(2), m.group(3)))
    return _record_header(pairs, source), commands


def _record_header(pairs: dict[str, str], source: str) -> Header:
    if pairs.get("Game", "Monuments") != "Monuments" or "Civs" not in pairs:
        raise RecordError(source, 1, 'not a Monuments record: the header needs at least [Civs "greece,egypt"]')
    version = pairs.get("Record", str(RECORD_VERSION))
    if not version.isdigit() or int(version) > RECORD_VERSION:
        raise RecordError(source, 1, f"record version {version} is newer than this program reads ({RECORD_VERSION})")
    try:
        options = msgspec.convert(json.loads(pairs.get("Options", "{}")), RuleOptions)
        config = GameConfig(
            civs=tuple(c.strip() for c in pairs["Civs"].split(",") if c.strip()),
            mode=pairs.get("Mode", "abundance"),
            seed=int(pairs.get("Seed", "0")),
            solo=pairs.get("Solo") or None,
            options=options,
        )
        check_ai_seat(config.solo, int(pairs["AiSeat"]) if pairs.get("AiSeat", "None") not in ("None", "") else None)
        seats = tuple(s.strip() for s in pairs["Seats"].split(",")) if pairs.get("Seats") else ()
        return Header(
            config=config,
            seats=check_seats(config, seats),
            teaching=pairs.get("Teaching", "no").lower() in ("yes", "true", "on", "1"),
            created=pairs.get("Date") or now_iso(),
            title=pairs.get("Title", ""),
            position=pairs.get("Position"),
        )
    except (ValueError, msgspec.ValidationError, json.JSONDecodeError) as exc:
        raise RecordError(source, 1, f"bad header: {exc}") from None


def import_text(text: str, source: str = "<record>") -> tuple[Header, list[Step], list[str]]:
    """Rebuild a game from a text record: its header, its line of play, and warnings.

    Every command is decided again from the seed, so rolls and draws come out as they did.

    Raises:
        RecordError: naming the line of the first command that is wrong.
    """
    header, commands = parse_record(text, source)
    civs = header.config.civs
    try:
        state = starting_state(header)
    except ValueError as exc:
        raise RecordError(source, 1, f"bad header: {exc}") from None
    steps: list[Step] = []
    for lineno, number, civ, notation in commands:
        if number is not None and number != len(steps) + 1:
            raise RecordError(source, lineno, f"step {number} where step {len(steps) + 1} was expected")
        if state.pending is None:
            raise RecordError(source, lineno, f"{notation!r} comes after the end of the game")
        seat = state.pending.seat
        if civ not in civs:
            raise RecordError(
                source,
                lineno,
                f"expected a step such as '12. {civs[0]} play movement': {civ!r} is not a civilisation "
                f"of this game ({', '.join(civs)})",
            )
        if civ != civs[seat]:
            raise RecordError(source, lineno, f"the record has {civ} play, but {waiting_for(state)}")
        try:
            command = parse_command(notation)
            events = decide(state, command)
        except (NotationError, RuleViolation) as exc:
            raise RecordError(source, lineno, f"{notation!r}: {exc}") from None
        steps.append(make_step(len(steps) + 1, seat, command, events, state))
        state = _fold(state, events)
    warnings = []
    said = _said_result(text)
    if said is not None:
        got = result_line(state, final_scores(state))
        if said != got:
            warnings.append(f"{source}: the header says Result {said!r}, but the moves give {got!r}")
    return header, steps, warnings


def _fold(state: GameState, events) -> GameState:
    return fold(state, events)


def _said_result(text: str) -> str | None:
    for line in text.splitlines():
        m = _HEADER_LINE.match(line.strip())
        if m and m.group(1) == "Result":
            return str(json.loads(m.group(2)))
    return None


def import_record(
    path: Path | str, *, out: Path | None = None, saves_dir: Path | None = None
) -> tuple[GameSession, list[str]]:
    """Import the text record at `path` into a new save (at `out`, or named in the saves folder).

    Raises:
        RecordError: a bad record (names the line); OSError: unreadable file.
    """
    path = Path(path)
    header, steps, warnings = import_text(path.read_text(encoding="utf-8"), str(path))
    session = GameSession.from_steps(header, steps, path=out, saves_dir=saves_dir)
    session.close()
    return session, warnings


# -- check ------------------------------------------------------------------------------------------
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
        f"teaching  {'yes' if summary['teaching'] else 'no'}",
        f"played    {summary['steps']} steps, {summary['turns']} turns, {summary['rounds']} rounds"
        + (f" ({summary['undos']} undone)" if summary["undos"] else ""),
        f"result    {summary['result']}",
    ]
    if summary["scores"]:
        lines.extend(score_table(summary["scores"]))
    lines.extend(f"warning: {w}" for w in summary["warnings"])
    return "\n".join(lines)


__all__ = [
    "RecordError",
    "SaveError",
    "check",
    "export_json",
    "export_text",
    "final_scores",
    "format_check",
    "import_record",
    "import_text",
    "parse_record",
]
