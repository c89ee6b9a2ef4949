"""Fit the search's leaf weights (`monuments_tui/ai/leaf_model.py`) to self-play outcomes.

    .venv/bin/python scripts/fit_leaf_weights.py collect DATA.jsonl [GAMES] [BOT]
    .venv/bin/python scripts/fit_leaf_weights.py fit DATA.jsonl

`collect` plays GAMES (default 48) two-player games of BOT (default heuristic) against
itself, both pairings and both modes in turn, seeds 1.., to the end or round 100, and
writes one line per turn begun: the round, the terms of `evaluation_terms` of the seat to
play and of its rival, and whether the seat won (0.5 for a shared win; a game stopped at
the round cap is won by the score there). The games are seeded, so the data is made
again exactly by the same command. `fit` fits a logistic regression of the outcome on
the difference of the two seats' terms (no intercept: the model is the same from either
seat), with a little L2 shrinkage, by Newton's method, and prints the weights to paste
into `leaf_model.WEIGHTS` with its log loss against a model that knows nothing (0.693).
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


def fit(path: str) -> None:
    with open(path, encoding="utf-8") as data:
        rows = [json.loads(line) for line in data]
    names = sorted(rows[0]["mine"])
    xs = [[r["mine"][k] - r["theirs"][k] for k in names] for r in rows]
    ys = [r["won"] for r in rows]
    spread = [max(1e-9, math.sqrt(sum(x[j] ** 2 for x in xs) / len(xs))) for j in range(len(names))]
    zs = [[x[j] / spread[j] for j in range(len(names))] for x in xs]
    w = [0.0] * len(names)
    for _ in range(25):  # Newton's method on the penalised log likelihood
        grad = [SHRINK * wj for wj in w]
        hess = [[SHRINK if i == j else 0.0 for j in range(len(names))] for i in range(len(names))]
        for z, y in zip(zs, ys, strict=True):
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, sum(a * b for a, b in zip(w, z, strict=True))))))
            for i in range(len(names)):
                grad[i] += (p - y) * z[i]
                for j in range(len(names)):
                    hess[i][j] += p * (1 - p) * z[i] * z[j]
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-8:
            break
    loss = 0.0
    for z, y in zip(zs, ys, strict=True):
        p = 1 / (1 + math.exp(-sum(a * b for a, b in zip(w, z, strict=True))))
        p = min(1 - 1e-12, max(1e-12, p))
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
    print(f"{len(rows)} positions; log loss {loss / len(rows):.4f} (0.6931 knows nothing)")
    print("WEIGHTS = {")
    for name, wj, sj in zip(names, w, spread, strict=True):
        print(f'    "{name}": {wj / sj:.6f},')
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
