"""Fit the search's leaf model (`ai.search.SCALE`, or per-term weights) to self-play outcomes.

    .venv/bin/python scripts/fit_leaf_weights.py collect DATA.jsonl [GAMES] [BOT]
    .venv/bin/python scripts/fit_leaf_weights.py fit DATA.jsonl

`collect` plays GAMES (default 48) two-player games of BOT (default heuristic) against
itself, both pairings and both modes in turn, seeds 1.., to the end or round 100, and
writes one line per turn begun: the round, the terms of `evaluation_terms` of the seat to
play and of its rival, and whether the seat won (0.5 for a shared win; a game stopped at
the round cap is won by the score there). The games are seeded, so the data is made
again exactly by the same command. `fit` fits a logistic regression of the outcome on
the difference of the two seats' terms (no intercept: the model is the same from either
seat), with a little L2 shrinkage and no weight below 0, by Newton's method, on four
games in five, and prints the per-term weights with the log loss on the fifth held out,
beside the evaluation's plain sum at its best scale (the search's `SCALE`) and a model that
knows nothing (0.693). docs/search-bot.md records the runs.
"""

from __future__ import annotations

import json
import math
import random
import sys

from monuments_tui.ai.bots import get_bot
from monuments_tui.ai.evaluate import evaluation_terms
from monuments_tui.rules import GameConfig, decide, fold, new_game
from monuments_tui.rules.pending import ChooseAction
from monuments_tui.rules.scoring import winners

PAIRINGS = (("greece", "egypt"), ("maya", "inca"))
MODES = ("abundance", "scarcity")
ROUND_CAP = 100
SHRINK = 1.0
"""L2 penalty on the weights (of standardised terms), against terms that rarely move."""


def collect(path: str, games: int, bot_name: str) -> None:
    bot = get_bot(bot_name)
    with open(path, "w", encoding="utf-8") as out:
        for g in range(games):
            config = GameConfig(civs=PAIRINGS[g % 2], mode=MODES[(g // 2) % 2], seed=g + 1)
            state, rnd = new_game(config), random.Random(g + 1)
            rows = []
            while state.phase != "over" and state.round <= ROUND_CAP:
                if isinstance(state.pending, ChooseAction):
                    seat = state.pending.seat
                    rows.append((state.round, seat, evaluation_terms(state, seat), evaluation_terms(state, 1 - seat)))
                state = fold(state, decide(state, bot(state, rnd)))
            won = winners(state)
            for rnd_no, seat, mine, theirs in rows:
                outcome = (1.0 / len(won)) if seat in won else 0.0
                out.write(json.dumps({"round": rnd_no, "mine": mine, "theirs": theirs, "won": outcome}) + "\n")
            print(f"game {g + 1}/{games}: round {state.round}, winners {won}", file=sys.stderr, flush=True)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; a is small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def _newton(zs: list[list[float]], ys: list[float], free: list[int]) -> list[float]:
    """Logistic regression weights of the standardised terms (only those in `free`; the rest 0)."""
    n = len(zs[0])
    w = [0.0] * n
    for _ in range(25):  # Newton's method on the penalised log likelihood
        grad = [SHRINK * w[i] for i in free]
        hess = [[SHRINK if i == j else 0.0 for j in range(len(free))] for i in range(len(free))]
        for z, y in zip(zs, ys, strict=True):
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, sum(a * b for a, b in zip(w, z, strict=True))))))
            for a, i in enumerate(free):
                grad[a] += (p - y) * z[i]
                for b, j in enumerate(free):
                    hess[a][b] += p * (1 - p) * z[i] * z[j]
        step = _solve(hess, grad)
        for a, i in enumerate(free):
            w[i] -= step[a]
        if max(abs(x) for x in step) < 1e-8:
            break
    return w


def log_loss(xs: list[list[float]], ys: list[float], w: list[float]) -> float:
    """The mean log loss of weights `w` (on the raw terms) over positions `xs` with outcomes `ys`."""
    loss = 0.0
    for x, y in zip(xs, ys, strict=True):
        p = 1 / (1 + math.exp(-max(-30.0, min(30.0, sum(a * b for a, b in zip(w, x, strict=True))))))
        p = min(1 - 1e-12, max(1e-12, p))
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return loss / len(xs)


def fit(path: str) -> None:
    """Every term counts for the seat that has it (the rivals' land term is negative by
    itself), so a weight is at least 0: a term whose weight comes out below 0 (terms move
    together: a layer brings a bonus card) is set to 0 and the rest fitted again."""
    with open(path, encoding="utf-8") as data:
        rows = [json.loads(line) for line in data]
    names = sorted(rows[0]["mine"])
    xs = [[r["mine"][k] - r["theirs"][k] for k in names] for r in rows]
    ys = [r["won"] for r in rows]
    games, game, last = [], 0, 0
    for r in rows:  # a game's rows run in order of rounds: a round lower than the last starts the next game
        game += r["round"] < last
        last = r["round"]
        games.append(game)
    held = [g % 5 == 4 for g in games]  # every fifth game held out to check the fit
    train_x = [x for x, h in zip(xs, held, strict=True) if not h]
    train_y = [y for y, h in zip(ys, held, strict=True) if not h]
    spread = [max(1e-9, math.sqrt(sum(x[j] ** 2 for x in train_x) / len(train_x))) for j in range(len(names))]
    zs = [[x[j] / spread[j] for j in range(len(names))] for x in train_x]
    free = list(range(len(names)))
    while True:
        w = _newton(zs, train_y, free)
        negative = [i for i in free if w[i] < 0]
        if not negative:
            break
        free = [i for i in free if i not in negative]
    weights = [wj / sj for wj, sj in zip(w, spread, strict=True)]
    test_x = [x for x, h in zip(xs, held, strict=True) if h]
    test_y = [y for y, h in zip(ys, held, strict=True) if h]
    before = [1 / 100.0] * len(names)  # the leaf model before the fit: the evaluation's sum, 100 points a unit
    scale = min((2.0**k for k in range(3, 12)), key=lambda c: log_loss(train_x, train_y, [1 / c] * len(names)))
    print(f"{len(rows)} positions of {game + 1} games, {len(test_x)} held out; held-out log loss:")
    print(
        f"  fitted weights {log_loss(test_x, test_y, weights):.4f}; the evaluation's sum / 100 {log_loss(test_x, test_y, before):.4f},"
    )
    print(
        f"  its sum / {scale:g} (the best scale) {log_loss(test_x, test_y, [1 / scale] * len(names)):.4f}; knowing nothing 0.6931"
    )
    print("WEIGHTS = {")
    for name, wj in zip(names, weights, strict=True):
        print(f'    "{name}": {wj:.6f},')
    print("}")


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "collect":
        collect(
            sys.argv[2],
            int(sys.argv[3]) if len(sys.argv) > 3 else 48,
            sys.argv[4] if len(sys.argv) > 4 else "heuristic",
        )
    elif len(sys.argv) == 3 and sys.argv[1] == "fit":
        fit(sys.argv[2])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
