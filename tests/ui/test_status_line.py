"""The game screen's top line names the player to play once, then what is asked."""

from __future__ import annotations

from monuments_tui.game.session import GameSession
from monuments_tui.rules import GameConfig
from monuments_tui.rules.describe import describe_pending
from monuments_tui.ui.status_line import status_line


def test_the_player_to_play_is_named_once(tmp_path):
    session = GameSession.new(
        GameConfig(civs=("greece", "egypt"), seed=3), seats=("human", "human"), saves_dir=tmp_path
    )
    while session.state.phase == "setup":
        session.execute(session.legal()[0])
    state = session.state
    name = state.players[state.current].civ.capitalize()
    prompt = describe_pending(state)
    assert prompt.startswith(f"{name} to play: ")
    line = status_line(session, prompt, 160).plain
    assert line.count(name.upper()) + line.count(name) == 1, line
    assert f"{name.upper()} to play · play a card or take back the discard pile" in line
    session.execute_text("play movement")
    line = status_line(session, describe_pending(session.state), 160).plain
    assert f"{name.upper()} to play · Movement (" in line and f"{name}:" not in line
    other = "Egypt" if name == "Greece" else "Greece"
    asked = f"{other}: choose the pieces that take the damage"  # another seat asked mid-turn keeps its name
    assert f"to play · {asked}" in status_line(session, asked, 160).plain
    presence = status_line(session, "x", 160, presence="both players here").plain
    assert "to play · both players here · x" in presence
    session.close()
