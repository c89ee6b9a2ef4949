"""`monuments tournament`: paired deals with the seats rotated, win rates with Wilson intervals."""

from __future__ import annotations

import json

import pytest

from monuments_tui.cli.main import main
from monuments_tui.cli.tournament import lineups, percentile, tournament, wilson


def test_wilson_interval():
    # Wilson (1927): 5 of 10 gives 0.237 to 0.763; 0 of 10 gives 0 to 0.278
    low, high = wilson(5, 10)
    assert round(low, 3) == 0.237 and round(high, 3) == 0.763
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 3) == 0.278
    assert wilson(0, 0) == (0.0, 1.0)
    # more games, a narrower interval around the same rate
    assert wilson(150, 200)[1] - wilson(150, 200)[0] < wilson(15, 20)[1] - wilson(15, 20)[0]


def test_lineups_put_each_bot_in_every_seat():
    assert lineups(["a", "b"]) == [["a", "b"], ["b", "a"]]
    four = lineups(["s", "h", "h", "h"])
    assert [lineup.index("s") for lineup in four] == [0, 1, 2, 3]


def test_percentile():
    assert percentile(list(range(1, 11)), 0.9) == 9.0
    assert percentile([], 0.9) == 0.0


def test_a_tiny_tournament_is_paired_and_replays():
    """Each deal is played with the bots' seats swapped; a shared or lone win adds up to one per game."""
    report = tournament(("greece", "egypt"), "abundance", 1, 3, ["search:3i", "heuristic"], max_turns=5)
    assert report["games"] == 2 and report["rule_errors"] == 0
    rates = [b["win_rate"] for b in report["bots_report"].values()]
    assert abs(sum(rates) - 1.0) < 1e-9
    for bot in report["bots_report"].values():
        low, high = bot["wilson95"]
        assert low <= bot["win_rate"] <= high
        assert "total" in bot["mean_score"] and "layers" in bot["mean_score"]
    again = tournament(("greece", "egypt"), "abundance", 1, 3, ["search:3i", "heuristic"], max_turns=5)
    assert again["bots_report"] == report["bots_report"]


def test_the_command(capsys):
    code = main(["tournament", "--bots", "heuristic,random", "--deals", "1", "--max-turns", "4", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["games"] == 2 and set(report["bots_report"]) == {"heuristic", "random"}


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--bots", "heuristic,genius"], "unknown bot 'genius'"),
        (["--bots", "heuristic"], "one bot per seat"),
    ],
)
def test_bad_arguments_are_explained(capsys, argv, says):
    assert main(["tournament", *argv]) == 2
    assert says in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--deals", "0"], "--deals 0 is out of range: it takes a whole number from 1"),
        (["--seed", "18446744073709551621"], "the seed 18446744073709551621 is out of range"),
        (["--jobs", "x"], "--jobs takes a whole number from 1 to 256"),
    ],
)
def test_numbers_out_of_range_are_refused_naming_the_option(capsys, argv, says):
    with pytest.raises(SystemExit) as exit_:
        main(["tournament", "--bots", "heuristic,random", *argv])
    assert exit_.value.code == 2 and says in capsys.readouterr().err


def test_a_recorded_tournament_is_played_in_parts_and_counts_as_one(tmp_path):
    """`--record`: a run stopped early keeps its finished games; the next run plays only the rest,
    and the report over both parts is the report of one whole run."""
    record = tmp_path / "games.jsonl"
    args = (("greece", "egypt"), "abundance", 2, 3, ["heuristic", "random"])
    whole_run = tournament(*args, max_turns=4)
    first = tournament(*args, max_turns=4, record=record, stop_after=0.0)
    assert first["games"] == 1 and not first["complete"] and len(record.read_text().splitlines()) == 1
    with open(record, "a") as f:
        f.write('{"game": {"players": ["gre')  # a stop in the middle of a write
    second = tournament(*args, max_turns=4, record=record)
    assert second["complete"] and second["games_from_record"] == 1
    assert second["bots_report"] == whole_run["bots_report"]
    assert len(record.read_text().splitlines()) == 4 and record.read_text().endswith("\n")
    third = tournament(*args, max_turns=4, record=record)  # nothing left to play
    assert third["games_from_record"] == 4 and third["bots_report"] == whole_run["bots_report"]
    other = tournament(*args, max_turns=3, record=record)  # other settings: games of its own
    assert other["games_from_record"] == 0 and len(record.read_text().splitlines()) == 8


def test_a_record_that_is_not_one_is_refused_naming_its_line(tmp_path, capsys):
    record = tmp_path / "games.jsonl"
    record.write_text('{"game": {}, "result": {}}\n')
    before = record.read_text()
    code = main(
        ["tournament", "--bots", "heuristic,random", "--deals", "1", "--max-turns", "2", "--record", str(record)]
    )
    assert code == 2 and f"{record}, line 1: not a game of a tournament record" in capsys.readouterr().err
    assert record.read_text() == before
