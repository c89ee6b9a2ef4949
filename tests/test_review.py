"""The review (issue 44, learn from your mistakes): each decision judged by the search from
its own seat's view, the drops marked ?! ? ??, kept in the save as a record of its own,
carried by export and import, and `monuments review FILE` on the command line.

The game reviewed is the shipped two-player example's first 77 moves, then Greece playing
`play quest` where `play monument` builds its first layer [Build a monument layer, l.162]:
the move a review must call a blunder. Tiny iteration budgets keep it to seconds."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from monuments_tui.ai.review import BLUNDER, INACCURACY, MISTAKE, judge, mark
from monuments_tui.ai.search import Budget
from monuments_tui.cli.main import main
from monuments_tui.game.replay import Replay
from monuments_tui.game.review import annotation_words, review_line
from monuments_tui.game.session import GameSession
from monuments_tui.records import export_text, import_record
from monuments_tui.records.text_import import RecordError, import_game
from monuments_tui.rules.content import load_content
from monuments_tui.rules.notation import parse_command
from monuments_tui.saves.format import Annotation, ReviewRecord, SaveError, read_save
from tests.test_search import _told_apart

EXAMPLE = Path(__file__).resolve().parent.parent / "saves" / "examples" / "two-players.jsonl"
BEFORE_LAYER = 77
"""Moves of the example before Greece can build its first layer with `play monument`."""
TINY = 20
"""Iterations a decision: enough to see a layer thrown away, small enough for the suite."""


@pytest.fixture(scope="module")
def example() -> Replay:
    return Replay.open(EXAMPLE)


def short_game(example: Replay, folder: Path, last: str = "play quest", name: str = "g.jsonl") -> GameSession:
    """The example's first moves, then Greece's `last` (a session on a save of its own, open)."""
    session = GameSession.from_steps(example.header, example.steps[:BEFORE_LAYER], path=folder / name)
    session.execute(parse_command(last))
    return session


def test_the_thresholds_are_in_order_and_marks_follow_them():
    assert 0 < INACCURACY < MISTAKE < BLUNDER < 1
    assert [mark(d) for d in (0.0, INACCURACY - 0.001, INACCURACY, MISTAKE, BLUNDER, 0.5)] == [
        "",
        "",
        "?!",
        "?",
        "??",
        "??",
    ]


def test_putting_off_the_first_layer_is_a_blunder_and_building_it_is_not_marked(example):
    state = example.state_at(BEFORE_LAYER)
    assert state.pending is not None and state.pending.seat == 0
    budget = Budget(iterations=TINY, seconds=None)
    bad = judge(state, parse_command("play quest"), budget)
    assert mark(bad.drop) == "??", bad
    assert bad.preferred == "play monument" and "builds layer 1" in bad.why
    good = judge(state, parse_command("play monument"), budget)
    assert good.drop == 0 and mark(good.drop) == ""


def test_the_judgement_cannot_have_peeked(example):
    """The same judgement from the position and from one differing only in what Greece could
    not see (Egypt's quests, the decks' order, the dice to come)."""
    state = example.state_at(BEFORE_LAYER)
    budget = Budget(iterations=TINY, seconds=None)
    other = _told_apart(state, 0)
    assert other != state
    assert judge(state, parse_command("play quest"), budget) == judge(other, parse_command("play quest"), budget)


def test_the_review_marks_the_bad_move_of_the_line_and_replays_exactly(example, tmp_path):
    session = short_game(example, tmp_path)
    told: list[tuple[int, int]] = []
    review = review_line(
        session.initial_state, session.history(), [0], TINY, progress=lambda d, t: told.append((d, t)) or True
    )
    assert review is not None and review.seats == (0,) and review.judged[0] > 10
    last = session.history()[-1]
    marked = {a.step: a for a in review.annotations}
    assert marked[last.seq].mark == "??" and marked[last.seq].preferred == "play monument"
    assert all(a.seat == 0 for a in review.annotations)
    assert told[0] == (0, told[-1][1]) and told[-1][0] == told[-1][1]  # the progress runs from 0 to the end
    again = review_line(session.initial_state, session.history(), [0], TINY)
    assert again is not None and again.annotations == review.annotations
    words = annotation_words(marked[last.seq])
    assert words.startswith("?? blunder: about ") and "play monument was about" in words
    session.close()


def test_a_review_can_be_stopped(example, tmp_path):
    session = short_game(example, tmp_path)
    assert review_line(session.initial_state, session.history(), [0], TINY, progress=lambda d, t: d < 3) is None
    session.close()


def hidden_from_greece(session: GameSession) -> set[str]:
    """Every quest card Egypt held unseen by Greece along the line, by id and by its words."""
    quests = load_content().quest_by_id
    hidden: set[str] = set()
    for n in range(len(session.history()) + 1):
        state = session.state_at(n)
        hidden.update(state.players[1].quests, state.start_quests.get(1, ()))
    return hidden | {quests[q].text for q in hidden if q in quests}


def test_the_review_of_a_seat_names_no_hidden_quest_of_another(example, tmp_path, capsys):
    session = short_game(example, tmp_path)
    hidden = hidden_from_greece(session)
    path = session.path
    session.close()
    assert hidden and not session.header.teaching and session.state.phase != "over"
    assert main(["review", str(path), "--seats", "greece", "--iterations", str(TINY)]) == 0
    out = capsys.readouterr().out
    assert "?? blunder" in out and "play monument" in out
    saved = [r for r in read_save(path).records if isinstance(r, ReviewRecord)]
    texts = [out, *(annotation_words(a) for r in saved for a in r.annotations)]
    assert [q for q in hidden for text in texts if q in text] == []


def test_annotations_survive_save_load_export_and_import(example, tmp_path):
    session = short_game(example, tmp_path)
    session.note("the monument could wait")
    review = review_line(session.initial_state, session.history(), [0], TINY)
    assert review is not None and review.annotations
    session.record_review(review.seats, review.annotations)
    session.close()
    by_position = _by_position(Replay.open(session.path))
    assert list(by_position.values()) == [_without_step(a) for a in review.annotations]  # as written

    loaded, _ = GameSession.load(session.path)
    assert _by_position_of(loaded) == by_position
    loaded.close()
    text = export_text(session.path)
    assert "{{ ?? " in text and "best play monument" in text and "{ the monument could wait }" in text
    record = tmp_path / "g.txt"
    record.write_text(text)
    imported, warnings = import_record(record, out=tmp_path / "imported.jsonl")
    assert warnings == []
    again = Replay.open(imported.path)
    assert _by_position(again) == by_position
    assert export_text(again) == text  # a teacher's annotated game reaches the student whole


def _by_position(replay: Replay) -> dict[int, tuple]:
    """The marks by the position of the move they judge (a record's numbers change on import)."""
    position = {s.seq: n for n, s in enumerate(replay.steps, start=1)}
    return {position[seq]: _without_step(a) for seq, a in replay.tree.annotations.items()}


def _by_position_of(session: GameSession) -> dict[int, tuple]:
    position = {s.seq: n for n, s in enumerate(session.history(), start=1)}
    return {position[seq]: _without_step(a) for seq, a in session.tree().annotations.items()}


def _without_step(a: Annotation) -> tuple:
    return msgspec.structs.astuple(a)[1:]


def test_a_later_review_of_a_seat_takes_the_place_of_the_earlier(example, tmp_path):
    session = short_game(example, tmp_path)
    last = session.history()[-1]
    first = Annotation(last.seq, 0, "?", 0.4, 0.5, "play monument", "builds layer 1")
    session.record_review([0], [first])
    assert session.tree().annotations == {last.seq: first}
    session.record_review([0, 1], [])
    assert session.tree().annotations == {}
    session.close()


def test_a_save_with_a_review_record_out_of_place_is_refused(example, tmp_path):
    session = short_game(example, tmp_path)
    session.close()
    lines = session.path.read_text().splitlines()
    seq, last = len(lines), session.history()[-1].seq

    def review(step: int, seat: int, mark: str = "??") -> str:
        record = ReviewRecord(seq, (0, 1), (Annotation(step, seat, "?", 0.5, 0.6, "play monument", ""),))
        return msgspec.json.encode(record).decode().replace('"mark":"?"', f'"mark":"{mark}"')

    bad = tmp_path / "bad.jsonl"
    for line, words in (
        (review(9999, 0), "a review mark on record 9999, which is not a move recorded before it"),
        (review(last, 1), f"a review mark for seat 1 on record {last}, played by seat 0"),
        (review(last, 0, "!!"), "a review mark is one of ?!, ?, ??, not '!!'"),
    ):
        bad.write_text("\n".join([*lines, line]) + "\n")
        with pytest.raises(SaveError) as err:
            Replay.open(bad)
        assert err.value.line == seq + 1 and words in str(err.value)
    bad.write_text("\n".join([*lines, review(last, 0)]) + "\n")
    assert Replay.open(bad).tree.annotations[last].mark == "??"


def test_session_refuses_a_mark_on_another_seats_move(example, tmp_path):
    session = short_game(example, tmp_path)
    with pytest.raises(ValueError, match="not a move of seat 1"):
        session.record_review([1], [Annotation(session.history()[-1].seq, 1, "?", 0.4, 0.5, "pass", "")])
    session.close()


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("{{ ?? lots · best play monument 63.1% · why }}", "a review mark is written"),
        ("{{ !! 51.6% · best play monument 63.1% · why }}", "a review mark is written"),
        ("{{ ?? 151.6% · best play monument 63.1% · why }}", "win chances are from 0 to 1"),
    ],
)
def test_a_bad_mark_in_a_text_record_is_refused_naming_its_line(example, tmp_path, line, words):
    session = short_game(example, tmp_path)
    session.close()
    text = export_text(session.path).splitlines()
    at = next(i for i, t in enumerate(text) if t.strip().startswith("78."))
    text.insert(at + 1, line)
    with pytest.raises(RecordError) as err:
        import_game("\n".join(text))
    assert err.value.line == at + 2 and words in str(err.value)


def test_a_mark_before_any_move_is_refused(example, tmp_path):
    session = short_game(example, tmp_path)
    session.close()
    text = export_text(session.path).splitlines()
    at = next(i for i, t in enumerate(text) if t.strip().startswith("1."))
    text.insert(at, "{{ ?? 51.6% · best play monument 63.1% · why }}")
    with pytest.raises(RecordError, match="comes under the move it judges"):
        import_game("\n".join(text))


def test_the_command_refuses_a_bad_file_clearly(tmp_path, capsys):
    missing = tmp_path / "nothing.jsonl"
    assert main(["review", str(missing)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("monuments review: ") and "nothing.jsonl" in err and "Traceback" not in err
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text("not a save\n")
    assert main(["review", str(garbage)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("monuments review: ") and "line 1" in err and "Traceback" not in err


def test_the_command_refuses_seats_not_in_the_game(capsys):
    assert main(["review", str(EXAMPLE), "--seats", "maya"]) == 2
    assert "maya does not play in this game; its civilisations are greece, egypt" in capsys.readouterr().err


def test_no_save_prints_the_review_and_leaves_the_file_as_it_was(example, tmp_path, capsys):
    session = short_game(example, tmp_path)
    session.close()
    before = session.path.read_bytes()
    args = ["review", str(session.path), "--seats", "greece", "--iterations", str(TINY), "--no-save", "--json"]
    assert main([*args, "--progress"]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert session.path.read_bytes() == before and report["saved"] is False
    assert report["seats"]["greece"]["marks"]["??"] >= 1
    last = report["marks"][-1]
    assert (last["step"], last["played_move"], last["mark"], last["preferred"]) == (
        78,
        "play quest",
        "??",
        "play monument",
    )
    assert "review: [####################]" in err and "decisions" in err


def test_the_command_says_the_save_is_in_use(example, tmp_path, capsys):
    session = short_game(example, tmp_path)  # still open: it holds the save's lock
    assert main(["review", str(session.path), "--seats", "greece", "--iterations", "5"]) == 1
    err = capsys.readouterr().err
    assert "--no-save" in err and "Traceback" not in err
    session.close()


def test_the_default_iterations_are_those_the_help_names():
    from monuments_tui.ai.review import REVIEW_ITERATIONS
    from monuments_tui.cli.main import build_parser

    sub = next(a for a in build_parser()._actions if a.dest == "command")
    option = next(a for a in sub.choices["review"]._actions if a.dest == "iterations")
    assert f"(default: {REVIEW_ITERATIONS})" in option.help
