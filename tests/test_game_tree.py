"""Notes and side lines: the game tree built from a save's records, kept by reload, export and
import, and promote [issue 19 point 5, issue 20 point 3]."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from monuments_tui.cli.main import main
from monuments_tui.game.replay import Replay
from monuments_tui.game.session import GameSession, UndoRefused
from monuments_tui.game.tree import MAIN, GameTree
from monuments_tui.records import RecordError, export_text, import_record, import_text
from monuments_tui.rules.evolve import fold
from monuments_tui.saves.format import CmdRecord, NoteRecord, RedoRecord, SaveError, UndoRecord, read_save
from tests.session_helpers import enc, lines, new_session, play

GOLDEN = Path(__file__).parent / "golden"
EXAMPLES = Path(__file__).parent.parent / "saves" / "examples"
DIGESTS = json.loads((Path(__file__).parent / "export_digests.json").read_text())


def shape(tree: GameTree) -> tuple:
    """Everything a tree holds, as plain data: main line, side lines, notes by line and position."""
    notes = {
        (line, position): tree.notes_at(line, position)
        for line in range(len(tree.variations) + 1)
        for position in range(len(tree.path(line)) + 1)
        if tree.notes_at(line, position)
    }
    side = [(v.number, v.parent, v.start, [(s.seat, s.text) for s in v.steps]) for v in tree.variations]
    return [(s.seat, s.text) for s in tree.main], side, notes


def with_side_line(tmp_path, *, teaching: bool = True) -> GameSession:
    """A game of 20 steps, 3 taken back, 4 others played instead: side line 1 leaves after step 17."""
    s = new_session(tmp_path, teaching=teaching)
    play(s, 20)
    for _ in range(3):
        s.undo()
    play_another(s)
    play(s, 3, random.Random(99))
    return s


def play_another(s: GameSession) -> None:
    """Play a legal command other than the one next to redo."""
    s.execute(next(c for c in s.legal() if c != s.redo_line[0].command))


def round_trip(tmp_path, path: Path, name: str = "again") -> Path:
    record = tmp_path / f"{name}.txt"
    record.write_text(export_text(path))
    imported, warnings = import_record(record, out=tmp_path / f"{name}.jsonl")
    assert warnings == []
    return imported.path


# -- notes -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("teaching", [False, True], ids=["standard", "teaching"])
def test_notes_round_trip_through_the_save_the_log_export_and_import(tmp_path, teaching):
    s = new_session(tmp_path, teaching=teaching)
    s.note("Teacher: look at the quests first")
    play(s, 12)
    s.note("Teacher: move the army first")
    s.note("and keep the wood")
    play(s, 3)
    s.close()
    assert b'"kind":"note"' in s.path.read_bytes()
    loaded, _ = GameSession.load(s.path)
    loaded.close()
    tree = loaded.tree()
    assert tree.notes_at(MAIN, 0) == ("Teacher: look at the quests first",)
    assert tree.notes_at(MAIN, 12) == ("Teacher: move the army first", "and keep the wood")
    assert tree.notes_at(MAIN, 13) == ()
    replay = Replay.open(s.path)
    replay.goto(12)
    assert replay.notes_at() == ("Teacher: move the army first", "and keep the wood")
    text = export_text(s.path)
    assert "{ Teacher: move the army first }" in text and '[Record "2"]' in text
    assert text.index("{ Teacher: move the army first }") > text.index("  12. ")
    assert text.index("{ Teacher: move the army first }") < text.index("  13. ")
    again = round_trip(tmp_path, s.path)
    assert shape(Replay.open(again).tree) == shape(tree)
    assert enc(Replay.open(again).tree.main[-1].events) == enc(tree.main[-1].events)


def test_note_refuses_what_is_not_a_note_saying_what_would_do(tmp_path):
    s = new_session(tmp_path)
    with pytest.raises(ValueError, match="needs some text, e.g. note move the army first"):
        s.note("   ")
    with pytest.raises(ValueError, match="cannot hold { or }"):
        s.note("see {this}")
    with pytest.raises(ValueError, match="at most 500 characters"):
        s.note("x" * 501)
    with pytest.raises(ValueError, match="one line"):
        s.note("two\nlines")
    assert s.records() == [] and len(lines(s.path)) == 1


def test_a_note_on_another_position_than_the_one_it_names_is_refused_naming_its_line(tmp_path):
    s = new_session(tmp_path)
    play(s, 3)
    s.note("here")
    s.close()
    raw = lines(s.path)
    raw[4] = raw[4].replace(b'"after":3', b'"after":2')
    s.path.write_bytes(b"\n".join(raw) + b"\n")
    with pytest.raises(SaveError, match=r"line 5: a note on the position after step 2, but the game is after step 3"):
        GameSession.load(s.path)


# -- side lines --------------------------------------------------------------------------------------
def test_an_undone_line_is_a_side_line_of_the_tree(tmp_path):
    s = with_side_line(tmp_path)
    tree = s.tree()
    steps = [r for r in s.records() if isinstance(r, CmdRecord)]
    assert [x.seq for x in tree.main] == [x.seq for x in s.history()] and len(tree.main) == 21
    (side,) = tree.variations
    assert (side.number, side.parent, side.start) == (1, MAIN, 17)
    assert [x.seq for x in side.steps] == [r.seq for r in steps[17:20]]  # the three steps taken back
    assert tree.path(1)[:17] == list(tree.main[:17]) and tree.variations_from(MAIN, 17) == [side]


def test_taking_back_and_playing_the_same_move_again_leaves_no_side_line(tmp_path):
    s = new_session(tmp_path, teaching=True)
    play(s, 10)
    last = s.history()[-1].command
    s.undo()
    s.execute(last)
    assert s.tree().variations == () and len(s.tree().main) == 10


def test_export_writes_the_side_line_in_parentheses_and_import_rebuilds_the_tree(tmp_path):
    s = with_side_line(tmp_path)
    s.close()
    text = export_text(s.path)
    side = s.tree().variations[0]
    opening = f"    ( 18. {('greece', 'egypt')[side.steps[0].seat]:<6} {side.steps[0].text}"
    assert any(line.startswith(opening) for line in text.splitlines())
    assert text.index(opening) > text.index("  18. ") and "\n    )\n" in text
    again = round_trip(tmp_path, s.path)
    assert shape(Replay.open(again).tree) == shape(s.tree())
    assert export_text(again).split("\n\n", 1)[1] == text.split("\n\n", 1)[1]


def test_main_line_export_omits_side_lines_and_notes(tmp_path, capsys):
    s = with_side_line(tmp_path)
    s.note("a note")
    s.close()
    assert main(["export", str(s.path), "--main-line"]) == 0
    out = capsys.readouterr().out
    assert not [line for line in out.splitlines() if line.lstrip().startswith(("(", ")"))]
    assert "a note" not in out and '[Record "1"]' in out and "# Taken back during play" in out
    assert main(["export", str(s.path)]) == 0
    assert "    ( 18. " in capsys.readouterr().out


def test_nested_side_lines_and_side_lines_at_the_end_round_trip(tmp_path):
    s = new_session(tmp_path, teaching=True)
    play(s, 15)
    for _ in range(4):
        s.undo()
    play_another(s)  # side line 1: the four steps taken back
    play(s, 4, random.Random(5))
    for _ in range(3):
        s.undo()
    play_another(s)  # a side line nested in the main line's new moves
    play(s, 1, random.Random(6))
    s.note("in the middle")
    s.undo()  # an undone step at the very end: it leaves after the last step
    tree = s.tree()
    assert len(tree.variations) == 3
    assert {v.start for v in tree.variations} == {11, 13, 14}
    s.close()
    again = round_trip(tmp_path, s.path)
    assert shape(Replay.open(again).tree) == shape(tree)


def test_a_record_with_a_broken_side_line_names_the_line(tmp_path):
    s = with_side_line(tmp_path)
    s.close()
    text = export_text(s.path)
    with pytest.raises(RecordError, match="step 19 where step 21 was expected"):
        import_text(text.replace("\n    )\n", "\n"))  # the main line read as the side line's
    with pytest.raises(RecordError, match="not closed: end it with a line holding \\)"):
        import_text(text.replace("== Final scores ==", "(\n== Final scores =="))
    with pytest.raises(RecordError, match="a \\) with no side line open"):
        import_text(text.replace("== Final scores ==", ")\n== Final scores =="))
    with pytest.raises(RecordError, match="begins with step 18"):
        import_text(text.replace("    ( 18. ", "    ( 16. "))


# -- promote -------------------------------------------------------------------------------------------
def test_promote_swaps_the_lines_and_survives_reload(tmp_path):
    s = with_side_line(tmp_path)
    old_main = [x.text for x in s.history()]
    side_line = [x.text for x in s.tree().path(1)]
    before = len(s.records())
    s.promote(1)
    tree = s.tree()
    assert [x.text for x in tree.main] == side_line
    assert [x.text for x in tree.path(1)] == old_main and tree.variations[0].start == 17
    added = s.records()[before:]
    assert {type(r) for r in added} <= {UndoRecord, RedoRecord, CmdRecord}  # what format 2 reads
    s.close()
    loaded, _ = GameSession.load(s.path)
    loaded.close()
    assert shape(loaded.tree()) == shape(tree)
    assert enc(loaded.state) == enc(fold(loaded._timeline.initial, [e for x in tree.main for e in x.events]))


def test_promote_a_side_line_that_leaves_after_the_last_step_redoes_it(tmp_path):
    s = new_session(tmp_path, teaching=True)
    play(s, 8)
    s.undo()
    s.undo()
    assert s.tree().variations[0].start == 6
    played = s.promote(1)
    assert len(played) == 2 and isinstance(s.records()[-1], RedoRecord) and s.tree().variations == ()


def test_promote_in_a_standard_game_stops_where_undo_does_and_writes_nothing(tmp_path):
    s = new_session(tmp_path)
    play(s, 12)
    tree = s.tree()
    with pytest.raises(ValueError, match="no side line 1: this game has none"):
        s.promote(1)
    assert tree.variations == ()
    t = new_session(tmp_path / "t", teaching=True)
    play(t, 20)
    for _ in range(6):
        t.undo()
    play_another(t)
    play(t, 5, random.Random(4))
    t.set_teaching(False)
    before = len(t.records())
    with pytest.raises(UndoRefused, match="cannot make side line 1 the main line: cannot undo"):
        t.promote(1)
    assert len(t.records()) == before


# -- replay's view of the tree ---------------------------------------------------------------------------
def test_replay_gives_the_steps_and_the_states_of_any_line(tmp_path):
    s = with_side_line(tmp_path)
    s.close()
    replay = Replay.open(s.path)
    side = replay.line_steps(1)
    assert len(side) == 20 and side[:17] == replay.steps[:17]
    initial = replay.state_in(MAIN, 0)
    for position in (0, 10, 17, 18, 20):
        want = fold(initial, [e for x in side[:position] for e in x.events])
        assert enc(replay.state_in(1, position)) == enc(want)
    with pytest.raises(ValueError, match="side lines are 1 to 1"):
        replay.line_steps(2)


# -- the golden saves ---------------------------------------------------------------------------------------
SAVES = sorted(GOLDEN.glob("*.jsonl")) + sorted(EXAMPLES.glob("*.jsonl"))


@pytest.mark.parametrize("path", SAVES, ids=[f"{p.parent.name}-{p.stem}" for p in SAVES])
def test_golden_saves_export_their_main_line_as_before(path):
    """The text records these saves gave before side lines existed (their digests were taken then)."""
    text = export_text(path, main_line=True)
    assert hashlib.sha256(text.encode()).hexdigest() == DIGESTS[f"{path.parent.name}-{path.stem}"]
    tree = Replay.open(path).tree
    if not tree.variations:
        assert export_text(path) == text or "# Taken back" in text


@pytest.mark.parametrize("name", ["v1_0.3.0_teaching.jsonl", "v2_teaching-undo-redo.jsonl"])
def test_the_golden_teaching_games_keep_every_line_through_export_and_import(tmp_path, name):
    before = (GOLDEN / name).read_bytes()
    tree = Replay.open(GOLDEN / name).tree
    assert tree.variations
    full = export_text(GOLDEN / name)
    plain = export_text(GOLDEN / name, main_line=True)
    steps = [line for line in full.splitlines() if line.lstrip("( ")[:1].isdigit()]
    assert len(steps) == len(tree.main) + sum(len(v.steps) for v in tree.variations)
    assert len(steps) > len([line for line in plain.splitlines() if line.lstrip()[:1].isdigit()])
    again = round_trip(tmp_path, GOLDEN / name)
    assert shape(Replay.open(again).tree) == shape(tree)
    assert len(read_save(again).records) >= len(tree.main)
    assert (GOLDEN / name).read_bytes() == before


def test_note_records_hold_their_position(tmp_path):
    s = new_session(tmp_path)
    play(s, 2)
    record = s.note("  spaced  ")
    assert record == NoteRecord(3, 2, "spaced")


def test_a_side_line_goes_on_with_its_moves_played_last_and_holds_the_older_ones_nested(tmp_path):
    s = new_session(tmp_path, teaching=True)
    play(s, 12)
    s.undo()
    s.undo()
    older = [x.seq for x in s.redo_line]
    play_another(s)
    play(s, 1)
    later = [x.seq for x in s.history()[10:]]
    for _ in range(4):
        s.undo()
    play_another(s)  # all of it is now a side line leaving after step 8
    tree = s.tree()
    outer, inner = tree.variations
    assert (outer.parent, outer.start, [x.seq for x in outer.steps][2:]) == (MAIN, 8, later)
    assert (inner.parent, inner.start, [x.seq for x in inner.steps]) == (outer.number, 10, older)
    assert tree.all_in(1) == [outer, inner]
    s.close()
    assert shape(Replay.open(round_trip(tmp_path, s.path)).tree) == shape(tree)


def test_the_session_tree_grown_move_by_move_is_the_tree_built_from_all_the_records(tmp_path):
    """The session adds each move to its last tree rather than reading every record again; after
    moves, notes, undos, redos and moves after an undo, it is always what all the records give."""
    from monuments_tui.game.tree import build_tree

    s = new_session(tmp_path, teaching=True)
    rnd = random.Random(5)

    def same() -> None:
        assert shape(s.tree()) == shape(build_tree(s.records(), s._by_seq))

    for turn in range(60):
        if turn % 11 == 3:
            s.note(f"note {turn}")
        elif turn % 13 == 5:
            s.undo()
        elif turn % 17 == 6 and s.can_redo():
            s.redo()
        elif turn % 19 == 7 and s.can_redo():
            play_another(s)
        else:
            play(s, 1, rnd)
        same()
    assert s.tree().variations, "the game left side lines"
