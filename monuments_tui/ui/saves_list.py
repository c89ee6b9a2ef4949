"""The saves folder as a list: configuration, date, turn and status of each game.

Reads each file's records without deciding them again (fast); a save that cannot even
be read is listed with the reason, so the player sees why it will not open.
`plan_columns` fits the table to the terminal: the game, its civilisations, round, status
(who is to play) and when it was last played always show, so that games of the same
set-up tell apart; the set-up, start date and file name join as the width allows.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from monuments_tui.rules import events as ev
from monuments_tui.saves.format import CmdRecord, RedoRecord, SaveError, UndoRecord, read_save


@dataclass
class SaveSummary:
    path: Path
    title: str = ""
    config: str = ""
    civs: str = ""
    """ "Greece v Egypt"."""
    setup: str = ""
    """The rest of the configuration: "scarcity · seed 7 · Egypt: heuristic"."""
    created: str = ""
    round: int = 0
    steps: int = 0
    status: str = ""
    error: str = ""
    mtime: float = 0.0
    to_play: str = ""
    """The civilisation the game waits for ("Egypt"; empty when over)."""

    @property
    def over(self) -> bool:
        return self.status == "over"

    @property
    def date(self) -> str:
        return self.created[:16].replace("T", " ") if self.created else ""

    @property
    def played(self) -> str:
        """When the save was last written, in local time ("2026-12-04 15:20")."""
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.mtime)) if self.mtime else ""


def describe_config(config, seats: tuple[str, ...] = ()) -> str:
    """ "Greece v Egypt · scarcity · seed 7 · Egypt: heuristic"."""
    parts = [" v ".join(c.capitalize() for c in config.civs), config.mode]
    if config.solo:
        parts.append(f"solo ({config.solo})")
    bots = [f"{config.civs[i].capitalize()}: {c}" for i, c in enumerate(seats) if c not in ("human", "ai")]
    if bots:
        parts.append(", ".join(bots))
    parts.append(f"seed {config.seed}")
    return " · ".join(parts)


def summarise(path: Path) -> SaveSummary:
    """One save's summary (never raises: errors go into `.error`)."""
    out = SaveSummary(path=path)
    try:
        out.mtime = path.stat().st_mtime
        save = read_save(path)
    except (SaveError, OSError) as exc:
        out.error = str(getattr(exc, "reason", exc))
        out.status = "unreadable"
        return out
    h = save.header
    out.title = h.title
    out.config = describe_config(h.config, tuple(h.seats))
    out.civs, _, out.setup = out.config.partition(" · ")
    out.created = h.created
    live: list = []
    undone: list = []
    by_seq = {}
    for r in save.records:
        if isinstance(r, CmdRecord):
            by_seq[r.seq] = r
            live.append(r)
            undone.clear()
        elif isinstance(r, UndoRecord) and live:
            undone.append(live.pop())
        elif isinstance(r, RedoRecord) and undone:
            live.append(undone.pop())
    out.steps = len(live)
    over = False
    rnd = 0
    seat: int | None = 0
    for r in live:
        for e in r.events:
            if isinstance(e, ev.TurnBegan):
                rnd = e.round
            elif isinstance(e, ev.GameEnded):
                over = True
            elif isinstance(e, ev.PendingSet):
                seat = e.pending.seat if e.pending is not None else None
    out.round = rnd
    civs = h.config.civs
    out.to_play = civs[seat].capitalize() if seat is not None and not over and 0 <= seat < len(civs) else ""
    waits = f"{out.to_play} to play" if out.to_play else "in progress"
    out.status = "over" if over else (f"set-up · {waits}" if rnd == 0 else waits)
    return out


def list_saves(folder: Path) -> list[SaveSummary]:
    """Every `*.jsonl` in `folder`, the most recently played first."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    found = [summarise(p) for p in folder.glob("*.jsonl") if p.is_file()]
    found.sort(key=lambda s: (s.mtime, s.created or ""), reverse=True)
    return found


def latest_unfinished(folder: Path) -> SaveSummary | None:
    """The most recent save whose game is not over."""
    for s in list_saves(folder):
        if not s.error and not s.over:
            return s
    return None


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    cap: int
    """The most cells the column takes (longer text is cut with "…")."""
    essential: bool


COLUMNS = (
    Column("game", "Game", 28, True),
    Column("civs", "Civilisations", 28, True),
    Column("round", "Round", 5, True),
    Column("status", "Status", 40, True),
    Column("played", "Last played", 16, True),
    Column("setup", "Set-up", 48, False),
    Column("started", "Started", 16, False),
    Column("file", "File", 40, False),
)
"""The table's columns in order; the essential ones show at every width."""
CELL_PAD = 2
"""Cells a DataTable column adds around its text (one each side)."""
MIN_SHRUNK = 8
"""The narrowest a shrunk essential column becomes."""


def cell_text(s: SaveSummary, key: str) -> str:
    """What a save shows in one column."""
    if key == "game":
        return s.title or s.path.stem
    if key == "civs":
        return s.civs
    if key == "round":
        return str(s.round) if s.round else "-"
    if key == "status":
        return s.status if not s.error else f"cannot open: {s.error}"
    if key == "setup":
        return s.setup
    if key == "started":
        return s.date
    if key == "played":
        return s.played
    return s.path.name


def clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(width - 1, 0)] + "…"


def plan_columns(saves: list[SaveSummary], width: int) -> list[tuple[Column, int]]:
    """The columns to show in `width` cells, each with its width: the essential ones (shrunk if they
    must be, the game's name and the status first), then the others in order while they fit."""
    natural = {c.key: min(c.cap, max([len(c.label)] + [len(cell_text(s, c.key)) for s in saves])) for c in COLUMNS}
    essential = [c for c in COLUMNS if c.essential]
    over = sum(natural[c.key] + CELL_PAD for c in essential) - width
    for key in ("game", "civs", "status"):
        if over <= 0:
            break
        cut = min(over, natural[key] - MIN_SHRUNK)
        if cut > 0:
            natural[key] -= cut
            over -= cut
    room = -over
    chosen = {c.key for c in essential}
    for c in COLUMNS:
        if not c.essential and natural[c.key] + CELL_PAD <= room:
            chosen.add(c.key)
            room -= natural[c.key] + CELL_PAD
    return [(c, natural[c.key]) for c in COLUMNS if c.key in chosen]
