"""`monuments upgrade FILE`: rewrite an older save in today's format, keeping the old file.

A format-1 save (0.3.0) loads as it is: its events are compared with what the rules give
on what the rules depend on, and the new-form events are kept in memory
(`timeline.rules_view`). The file itself is rewritten only when the user asks: the old file
is kept as `FILE.bak` (a hard link, so it is never copied half), the new one is written
whole and atomically in its place, then loaded again to check it.
"""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

from monuments_tui.game.timeline import Rebuilt, load_save
from monuments_tui.saves.format import VERSION, CmdRecord, RecordAny, SaveError, bind_first_command, header_digest
from monuments_tui.saves.journal import write_save


def backup_path(path: Path) -> Path:
    """Where `upgrade` keeps the old file: `FILE.bak`."""
    return path.with_name(path.name + ".bak")


def upgrade_save(path: Path | str) -> str:
    """Rewrite the save at `path` in format `VERSION`, keeping the old file as `path.bak`.

    Returns:
        What was done, in a sentence.

    Raises:
        SaveError: the save does not load, is already in today's format, the backup
            exists, or a session has it open.
    """
    path = Path(path)
    save, rebuilt = load_save(path)
    if save.header.version >= VERSION:
        raise SaveError(path, None, f"already in save format {save.header.version}: nothing to upgrade")
    backup = backup_path(path)
    if os.path.lexists(backup):
        raise SaveError(path, None, f"{backup} exists: move it away first (upgrade keeps the old file there)")
    header = msgspec.structs.replace(save.header, version=VERSION)
    records = bind_first_command(new_form_records(save.records, rebuilt), header_digest(header))
    try:
        os.link(path, backup)
    except OSError as exc:
        raise SaveError(path, None, f"cannot keep the old file as {backup} ({exc.strerror or exc})") from None
    write_save(path, header, records)
    load_save(path)
    return f"{path}: upgraded from save format {save.header.version} to {VERSION} ({len(records)} records); the old file is {backup}"


def new_form_records(records: list[RecordAny], rebuilt: Rebuilt) -> list[RecordAny]:
    """The journal with every command's events as today's rules give them (checked on load)."""
    steps = [*rebuilt.timeline.steps, *(s for t in rebuilt.taken_back for s in t.steps)]
    decided = {step.seq: step.events for step in steps}
    return [msgspec.structs.replace(r, events=decided[r.seq]) if isinstance(r, CmdRecord) else r for r in records]
