"""Save files: the journal format, autosave, recovery of a torn tail, corruption, validation on load.

[issue 5, items 1-5 and 15]
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import msgspec
import pytest

import monuments_tui.saves.format as saves
from monuments_tui.cli.simulate import simulate
from monuments_tui.game.replay import Replay
from monuments_tui.game.session import GameSession
from monuments_tui.rules import GameConfig
from monuments_tui.saves.format import VERSION, SaveError, read_save
from tests.session_helpers import CONFIG, draws_quests, enc, lines, new_session, play, play_until, rebind

GOLDEN = Path(__file__).parent / "golden"


# -- the format ----------------------------------------------------------------------------------
def test_header_then_one_record_per_command(tmp_path):
    """Line 1 is the header; each command is one line with seq, seat, command and events (item 1)."""
    s = new_session(tmp_path)
    play(s, 5)
    raw = lines(s.path)
    assert len(raw) == 6
    header = json.loads(raw[0])
    assert header["format"] == "monuments-save" and header["version"] == VERSION
    assert header["config"]["seed"] == 7 and header["config"]["civs"] == ["greece", "egypt"]
    assert header["seats"] == ["random", "random"] and header["teaching"] is False
    assert header["rules_version"] and header["created"]
    first = json.loads(raw[1])
    assert list(first)[:5] == ["kind", "seq", "seat", "command", "events"]
    assert first["kind"] == "cmd" and first["seq"] == 1 and first["command"]["type"] == "keep_start_quest"
    assert [json.loads(r)["seq"] for r in raw[1:]] == [1, 2, 3, 4, 5]


def test_codecs_are_built_once():
    assert isinstance(saves.ENCODER, msgspec.json.Encoder)
    assert isinstance(saves._RECORD_DECODER, msgspec.json.Decoder)


def test_every_command_is_on_disk_before_execute_returns(tmp_path):
    """Autosave: the record is appended (and fsynced) before the caller sees the events (item 2)."""
    s = new_session(tmp_path)
    for n in range(1, 8):
        play(s, 1)
        assert len(lines(s.path)) == n + 1
        assert json.loads(lines(s.path)[-1])["events"] == json.loads(msgspec.json.encode(s.history()[-1].events))


def test_file_names_say_when_who_and_which_configuration(tmp_path):
    a = new_session(tmp_path)
    b = new_session(tmp_path)
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d{4}_greece-egypt_scarcity_s7(-\d+)?\.jsonl", a.path.name)
    assert a.path != b.path and a.path.parent == b.path.parent == tmp_path


def test_default_folder_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("MONUMENTS_SAVES", str(tmp_path / "mine"))
    s = GameSession.new(CONFIG)
    assert s.path.parent == tmp_path / "mine"
    assert s.seats == ("human", "human")


def test_an_explicit_path_is_never_overwritten(tmp_path):
    target = tmp_path / "game.jsonl"
    GameSession.new(CONFIG, path=target)
    with pytest.raises(FileExistsError):
        GameSession.new(CONFIG, path=target)


def test_save_copy_under_a_chosen_name(tmp_path):
    s = new_session(tmp_path, teaching=True)
    play(s, 20)
    s.undo()
    copy, backup = s.save_copy(tmp_path / "lesson one")
    assert backup is None
    assert copy.name == "lesson one.jsonl"
    loaded, _ = GameSession.load(copy)
    assert enc(loaded.state) == enc(s.state)
    play(s, 1)  # the autosave goes on in the original file
    assert len(lines(s.path)) == len(lines(copy)) + 1


# -- save and load --------------------------------------------------------------------------------
def test_save_load_round_trip_with_undo_redo_and_teaching(tmp_path):
    rnd = random.Random(5)
    s = new_session(tmp_path)
    play(s, 10, rnd)
    s.set_teaching(True)
    for _ in range(60):
        play(s, 1, rnd)
        if rnd.random() < 0.2:
            s.undo()
            if rnd.random() < 0.5:
                s.redo()
    s.close()  # one session per save at a time
    loaded, warnings = GameSession.load(s.path)
    assert warnings == []
    assert enc(loaded.state) == enc(s.state)
    assert loaded.history() == s.history()
    assert loaded.teaching is True and loaded.can_redo() == s.can_redo()
    assert loaded.redo_line == s.redo_line
    # The loaded game goes on appending to the same file.
    play(loaded, 3, rnd)
    loaded.close()
    again, _ = GameSession.load(s.path)
    assert enc(again.state) == enc(loaded.state)


def test_golden_save_has_undo_redo_and_a_quest_draw():
    path = GOLDEN / "v1_greece-egypt_scarcity_s7.jsonl"
    kinds = [json.loads(r)["kind"] for r in lines(path)[1:]]
    assert {"cmd", "undo", "redo", "teaching"} <= set(kinds)
    replay = Replay.open(path)
    assert any(draws_quests(step.events) for step in replay.steps)
    assert replay.taken_back


# -- recovery -------------------------------------------------------------------------------------
def test_torn_last_line_is_dropped_with_a_warning_and_the_game_resumes(tmp_path):
    """A crash mid-write leaves a partial last line (item 3)."""
    s = new_session(tmp_path)
    play(s, 12)
    state, history = enc(s.state), s.history()
    s.close()
    whole = s.path.read_bytes()
    torn = whole + b'{"kind":"cmd","seq":13,"seat":0,"command":{"type":"pl'
    s.path.write_bytes(torn)

    loaded, warnings = GameSession.load(s.path)
    assert len(warnings) == 1 and "line 14" in warnings[0] and "cut short" in warnings[0]
    assert enc(loaded.state) == state and loaded.history() == history
    assert s.path.read_bytes() == torn  # loading never writes

    play(loaded, 1)  # the first write cuts the torn tail off (safely) and appends
    assert s.path.read_bytes().startswith(whole)
    assert len(lines(s.path)) == 14
    loaded.close()
    again, warnings = GameSession.load(s.path)
    assert warnings == [] and enc(again.state) == enc(loaded.state)
    assert not list(tmp_path.glob(".*.tmp"))


def test_a_last_line_without_its_newline_is_kept(tmp_path):
    s = new_session(tmp_path)
    play(s, 4)
    s.close()
    s.path.write_bytes(s.path.read_bytes().rstrip(b"\n"))
    loaded, warnings = GameSession.load(s.path)
    assert warnings == [] and len(loaded.history()) == 4
    play(loaded, 1)
    assert len(lines(s.path)) == 6
    loaded.close()
    assert GameSession.load(s.path)[1] == []


def test_replay_of_a_torn_file_never_modifies_it(tmp_path):
    s = new_session(tmp_path)
    play(s, 6)
    torn = s.path.read_bytes() + b'{"kind":"undo","se'
    s.path.write_bytes(torn)
    replay = Replay.open(s.path)
    assert replay.warnings and len(replay.steps) == 6
    assert s.path.read_bytes() == torn


def test_a_failed_append_leaves_no_broken_line(tmp_path, monkeypatch):
    """If a write fails half-way (disk full), the next write first restores a clean journal."""
    s = new_session(tmp_path)
    play(s, 3)
    real_write = saves.os.write

    def half_then_fail(fd, data):
        real_write(fd, bytes(data[: len(data) // 2]))
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.os, "write", half_then_fail)
    state = enc(s.state)
    with pytest.raises(OSError):
        play(s, 1)
    assert enc(s.state) == state  # nothing shown that is not on disk
    monkeypatch.setattr(saves.os, "write", real_write)
    play(s, 1)
    s.close()
    loaded, warnings = GameSession.load(s.path)
    assert warnings == [] and enc(loaded.state) == enc(s.state) and len(loaded.history()) == 4


# -- refusals ---------------------------------------------------------------------------------------
def _refused(path: Path) -> SaveError:
    before = path.read_bytes() if path.exists() else None
    with pytest.raises(SaveError) as info:
        GameSession.load(path)
    if before is not None:
        assert path.read_bytes() == before  # a failed load never modifies the file
    assert str(path) in str(info.value)
    return info.value


def test_corruption_in_the_middle_names_the_line(tmp_path):
    s = new_session(tmp_path)
    play(s, 10)
    s.close()
    raw = lines(s.path)
    raw[4] = raw[4][:20] + b"#garbage#" + raw[4][20:]
    s.path.write_bytes(b"\n".join(raw) + b"\n")
    err = _refused(s.path)
    assert err.line == 5 and "line 5" in str(err) and "corrupt" in str(err)


def test_a_blank_line_in_the_middle_is_corruption(tmp_path):
    s = new_session(tmp_path)
    play(s, 4)
    s.close()
    raw = lines(s.path)
    s.path.write_bytes(b"\n".join(raw[:2] + [b""] + raw[2:]) + b"\n")
    assert _refused(s.path).line == 3


def test_not_a_save(tmp_path):
    for name, data in [("empty.jsonl", b""), ("text.jsonl", b"hello\nworld\n"), ("other.jsonl", b'{"format":"x"}\n')]:
        path = tmp_path / name
        path.write_bytes(data)
        err = _refused(path)
        assert err.line == 1 and "not a Monuments save" in str(err)
    assert "cannot read" in str(_refused(tmp_path / "missing.jsonl"))


def test_a_newer_format_version_is_refused(tmp_path):
    s = new_session(tmp_path)
    play(s, 2)
    s.close()
    raw = lines(s.path)
    header = json.loads(raw[0])
    header["version"] = VERSION + 1
    header["something_new"] = True
    s.path.write_bytes(b"\n".join([json.dumps(header).encode()] + raw[1:]) + b"\n")
    err = _refused(s.path)
    assert err.line == 1 and "newer" in str(err) and f"version {VERSION + 1}" in str(err)


def test_a_file_larger_than_the_limit_is_refused(tmp_path, monkeypatch):
    s = new_session(tmp_path)
    play(s, 10)
    s.close()
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 1000)
    assert "larger than" in str(_refused(s.path))


def test_a_tampered_draw_is_rejected_at_its_line(tmp_path):
    """Validation on load: the quest cards drawn are decided again from the seed (item 4)."""
    s = new_session(tmp_path)
    play_until(s, draws_quests)
    s.close()
    raw = lines(s.path)
    n = len(raw) - 1
    record = json.loads(raw[n])
    for e in record["events"]:
        if e["type"] == "quests_dealt":
            e["cards"] = e["cards"][::-1] if len(e["cards"]) > 1 else ["q01-wood"]
    raw[n] = json.dumps(record).encode()
    s.path.write_bytes(b"\n".join(raw) + b"\n")
    err = _refused(s.path)
    assert err.line == n + 1 and "does not give the recorded events" in str(err) and "quests_dealt" in str(err)


def test_a_tampered_die_roll_is_rejected_at_its_line(tmp_path):
    """The battle dice are rolled again on load: a changed face is caught (items 4, 15)."""
    from tests.session_helpers import battle_ready

    position, army, target = battle_ready()
    s = new_session(tmp_path, position=position)
    s.execute_text("play attack")
    s.execute_text(f"attack {target} with army@{army}")
    s.close()
    raw = lines(s.path)
    record = json.loads(raw[2])
    battle = next(e for e in record["events"] if e["type"] == "battle_began")["battle"]
    battle["attack_pips"] = [2] * len(battle["attack_pips"])
    assert battle["attack_pips"] != list(s.history()[-1].events[0].battle.attack_pips)
    raw[2] = json.dumps(record).encode()
    s.path.write_bytes(b"\n".join(raw) + b"\n")
    err = _refused(s.path)
    assert err.line == 3 and "battle_began" in str(err)


def test_a_changed_seed_is_caught(tmp_path):
    s = new_session(tmp_path)
    play(s, 8)
    s.close()
    raw = lines(s.path)
    header = json.loads(raw[0])
    header["config"]["seed"] = 8
    s.path.write_bytes(b"\n".join([json.dumps(header).encode()] + raw[1:]) + b"\n")
    assert _refused(s.path).line == 2


def test_an_illegal_command_or_wrong_seat_is_caught(tmp_path):
    s = new_session(tmp_path)
    play(s, 8)
    s.close()
    raw = lines(s.path)
    record = json.loads(raw[8])
    record["seat"] = 1 - record["seat"]
    s.path.write_bytes(b"\n".join(raw[:8] + [json.dumps(record).encode()]) + b"\n")
    err = _refused(s.path)
    assert err.line == 9 and "seat" in str(err)


def test_records_out_of_order_and_unknown_kinds_are_refused(tmp_path):
    s = new_session(tmp_path)
    play(s, 4)
    s.close()
    raw = lines(s.path)
    swapped = raw[:2] + [raw[3], raw[2]] + raw[4:]
    s.path.write_bytes(b"\n".join(swapped) + b"\n")
    assert _refused(s.path).line == 3
    evil = b'{"kind":"python","seq":5,"code":"__import__(\'os\').system(\'true\')"}'
    s.path.write_bytes(b"\n".join(raw + [evil, raw[1]]) + b"\n")
    err = _refused(s.path)
    assert err.line == 6 and "corrupt" in str(err)


def test_an_undo_the_policy_forbids_is_refused(tmp_path):
    """A standard game's journal may not take back a quest draw (item 7)."""
    s = new_session(tmp_path, teaching=True)
    play_until(s, draws_quests)
    s.undo()
    s.close()
    raw = lines(s.path)
    header = json.loads(raw[0])
    header["teaching"] = False
    s.path.write_bytes(b"\n".join([json.dumps(header).encode()] + raw[1:]) + b"\n")
    rebind(s.path)
    err = _refused(s.path)
    assert err.line == len(raw) and "drew quest cards" in str(err)


def test_read_save_alone_does_not_check_the_game(tmp_path):
    s = new_session(tmp_path)
    play(s, 3)
    save = read_save(s.path)
    assert save.header.config == CONFIG and len(save.records) == 3 and not save.needs_repair


# -- simulate --save-dir -------------------------------------------------------------------------------
def test_simulated_games_are_written_as_saves(tmp_path):
    report = simulate(("greece", "egypt"), "scarcity", 2, 3, ["random", "random"], max_turns=6, save_dir=str(tmp_path))
    paths = [Path(p) for p in report["saves"]]
    assert len(paths) == 2 and all(p.parent == tmp_path for p in paths)
    for p in paths:
        replay = Replay.open(p)
        assert replay.seats == ("random", "random") and replay.steps
        assert replay.config == GameConfig(civs=("greece", "egypt"), mode="scarcity", seed=replay.config.seed)
