"""Typed commands about the record of a game rather than its rules: `note TEXT` and `promote N`.

Two of the game screen's own words (`typed_words`): a note attaches a comment to the
position on screen (kept in the save, shown in the log, replay and export), and promote
makes a side line of the log the main line (`GameSession.note`, `GameSession.promote`).
"""

from __future__ import annotations

from monuments_tui.game.replay import Replay
from monuments_tui.game.session import GameSession, UndoRefused

NOTE_USAGE = "note TEXT attaches a comment to this position, e.g. note move the army first"
PROMOTE_USAGE = "promote N makes side line N of the log the main line, e.g. promote 1"


def run_record_command(session: GameSession, word: str, rest: str) -> str:
    """Do it; returns what to tell the player.

    Raises:
        ValueError: saying what is wrong and what would work (nothing is written).
    """
    if word == "note":
        if not rest:
            raise ValueError(f"A note needs its text: {NOTE_USAGE}.")
        session.note(rest)
        return f"Noted on this position: ✎ {rest}"
    if not rest.isdigit():
        raise ValueError(f"Which side line? {PROMOTE_USAGE}.")
    number = int(rest)
    try:
        played = session.promote(number)
    except UndoRefused as exc:
        raise ValueError(str(exc)) from None
    moves = f"{len(played)} move{'s' if len(played) != 1 else ''}"
    return f"Side line {number} is now the main line ({moves} played); the line it replaced is a side line."


def promote_in_save(replay: Replay, session: GameSession | None, number: int) -> tuple[str, Replay]:
    """Promote side line `number` of the game `replay` shows, through its open `session` or, for
    a save opened only to be replayed, a session opened on the file for this one change.
    Returns what to tell the player and the replay of the new main line.

    Raises:
        ValueError: the side line cannot be promoted (saying why); nothing is written.
        SaveError: the save is open for play elsewhere, or no longer loads.
        OSError: the save could not be written.
    """
    if session is not None:
        return run_record_command(session, "promote", str(number)), Replay.of(session)
    if replay.path is None:
        raise ValueError("This replay has no save file to keep the change in.")
    opened, _ = GameSession.load(replay.path)
    with opened:
        said = run_record_command(opened, "promote", str(number))
    return said, Replay.open(replay.path)
