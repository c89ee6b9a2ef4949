"""The game screen's top line: round, whose turn, what is asked; the game's flags on the right."""

from __future__ import annotations

from rich.text import Text
from textual.content import Content


def status_line(session, prompt: str, width: int, presence: str = "") -> Content:
    """The line for `width` columns: the left part is cut with an ellipsis so the flags always show.

    The player to play is named once: a prompt that starts with their name ("Greece to play: ...",
    "Greece: Movement ...") follows "GREECE to play" without it. `presence`: who is connected
    (a network game), before the prompt."""
    state = session.state
    left = Text(no_wrap=True, overflow="ellipsis")
    left.append(" Monuments ", style="bold reverse")
    if state.phase == "setup":
        left.append(" · Set-up ")
    elif state.phase == "over":
        left.append(" · Game over ")
    else:
        left.append(f" · Round {state.round}{' (final)' if state.final_round else ''} ")
        left.append(f"· {state.players[state.current].civ.upper()} to play ", style="bold")
        prompt = _without_name(prompt, state.players[state.current].civ.capitalize())
    if presence:
        left.append(f"· {presence} ")
    left.append(f"· {prompt}")
    flags = []
    if session.teaching:
        flags.append("teaching")
    if session.config.solo:
        flags.append(f"solo {session.config.solo}")
    flags.append(session.config.mode)
    right = Content.styled(f" [{' · '.join(flags)}] ", "$tone-muted")
    left.truncate(width - right.cell_length, overflow="ellipsis", pad=True)
    return Content.from_rich_text(left) + right


def _without_name(prompt: str, name: str) -> str:
    """`prompt` without a leading "Name to play: " or "Name: " (the line has just said who plays)."""
    for head in (f"{name} to play: ", f"{name}: "):
        if prompt.startswith(head):
            return prompt[len(head) :]
    return prompt
