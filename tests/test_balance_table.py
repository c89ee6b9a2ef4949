"""scripts/balance_table.py: runs of one configuration over disjoint seeds make one row."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "balance_table.py"
spec = importlib.util.spec_from_file_location("balance_table", SCRIPT)
balance_table = importlib.util.module_from_spec(spec)
spec.loader.exec_module(balance_table)


def report(seed: int, games: int, greece: float, rounds: float, layers: tuple[float, float]) -> dict:
    return {
        "players": ["greece", "egypt"],
        "mode": "abundance",
        "bots": ["heuristic", "heuristic"],
        "solo": None,
        "rotate": True,
        "seed": seed,
        "max_turns": 100,
        "games": games,
        "finished": games - 1,
        "hit_turn_cap": 1,
        "turns": 10 * games,
        "events": 100 * games,
        "rule_errors": 0,
        "errors": [],
        "battles": 2,
        "attacker_won": 1,
        "defender_held": 1,
        "scored": games,
        "mean_rounds": rounds,
        "win_rate_by_civ": {"greece": greece, "egypt": 1 - greece},
        "win_rate_by_seat": [0.5, 0.5],
        "win_rate_by_bot": {"heuristic": 1.0},
        "first_seat_advantage": 0.0,
        "mean_score_by_seat": [{"total": 60.0}, {"total": 50.0, "land": 12.0}],
        "mean_layers_by_seat": list(layers),
        "elapsed_seconds": 1.0,
    }


def test_runs_over_disjoint_seeds_are_weighted_by_their_games():
    merged = balance_table.merge([report(1, 100, 0.4, 80.0, (4.0, 3.0)), report(101, 300, 0.6, 90.0, (5.0, 3.0))])
    assert merged["games"] == 400 and merged["finished"] == 398 and merged["battles"] == 4
    assert merged["win_rate_by_civ"]["greece"] == pytest.approx(0.55)
    assert merged["mean_rounds"] == pytest.approx(87.5)
    assert merged["mean_layers_by_seat"] == pytest.approx([4.75, 3.0])
    # A score line only one run reported counts as 0 in the others.
    assert merged["mean_score_by_seat"][1]["land"] == pytest.approx(12.0)
    assert merged["mean_score_by_seat"][0]["land"] == pytest.approx(0.0)


def test_overlapping_seeds_are_refused():
    with pytest.raises(SystemExit, match="share game seeds from 50"):
        balance_table.merge([report(1, 100, 0.4, 80.0, (4.0, 3.0)), report(50, 100, 0.6, 90.0, (5.0, 3.0))])


@pytest.mark.parametrize(
    "folder",
    [
        "balance-reports",
        "balance-reports/heuristic-exact",
        "balance-reports/map-0.2.0",
        "balance-reports/first-map",
        "balance-reports/solo-0.3.0",
        "balance-reports/heuristic-fast/first-tables",
    ],
)
def test_the_tables_in_docs_are_those_the_stored_reports_give(capsys, folder):
    # docs/balance.md shows what scripts/balance_table.py makes of the reports in each
    # folder (the current map's, heuristic-exact's, the 0.2.0 map's Maya + Inca runs, the
    # first map's, solo under 0.3.0, and the quick look's runs before Build stopped
    # offering crossings built already): no figure in the tables is typed by hand.
    root = SCRIPT.parent.parent
    reports = sorted(str(p) for p in (root / "docs" / folder).glob("*.json"))
    assert reports
    assert balance_table.main(reports) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("|")]
    doc = (root / "docs" / "balance.md").read_text(encoding="utf-8").splitlines()
    missing = [row for row in rows if row not in doc]
    assert not missing, "docs/balance.md is out of date; regenerate its tables:\n" + "\n".join(missing)


def test_the_readme_summary_gives_figures_of_the_tables_and_links_them():
    # The README keeps one paragraph and a few headline figures; each must be one of the
    # current map's tables in docs/balance.md (a win rate, or the first seat's points).
    root = SCRIPT.parent.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    summary = readme[readme.index("## Balance") :].split("\n## ")[0]
    assert "[docs/balance.md](docs/balance.md)" in summary
    doc = (root / "docs" / "balance.md").read_text(encoding="utf-8")
    current = doc[doc.index("## The current map") : doc.index("## The heuristic bot of 0.4.0")]
    cells = {cell.strip() for line in current.splitlines() if line.startswith("|") for cell in line.split("|")}
    figures = set(re.findall(r"(?<![\d.+])\d+\.\d%", current))
    assert figures, "no win rate found in the current map's tables"
    stated = re.findall(r"(?<![\d.+])\d+\.\d%", summary)
    seats = [f"+{x}%" for x in re.findall(r"\+(\d+\.\d) points", summary)]
    assert stated and seats
    assert [x for x in stated if x not in figures] == []
    assert [x for x in seats if x not in cells] == []
