"""A game reviewed (`review_line`): the search over each decision of the seats reviewed, on
the line of play, and the marks it leaves (`Annotation`s, kept in the save as a
`ReviewRecord`).

Each decision is judged from the deciding seat's own view at that moment (`ai.review`):
never another seat's quests, the decks' order or the dice to come, whether or not the game
is over. Which seats are reviewed by default: every seat a person played, or, in a game of
bots alone, every seat but the solo AI's (`default_seats`). Pure: no files, no interface;
the caller is told how far the review is and may stop it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from monuments_tui.ai.review import MARK_NAMES, MARKS, REVIEW_ITERATIONS, SEED, judge, mark, reviewable
from monuments_tui.ai.search import Budget
from monuments_tui.game.timeline import Step
from monuments_tui.rules.evolve import fold
from monuments_tui.rules.state import GameState
from monuments_tui.saves.format import Annotation

ReviewProgress = Callable[[int, int], bool]
"""Told the decisions done and their number; returns False to stop the review."""


@dataclass
class Review:
    """What a review found: the seats reviewed, the decisions judged for each, and the marks."""

    seats: tuple[int, ...]
    judged: dict[int, int] = field(default_factory=dict)
    annotations: list[Annotation] = field(default_factory=list)

    def counts(self, seat: int) -> dict[str, int]:
        """How many of each mark `seat` got, by mark ("??", "?", "?!")."""
        out = dict.fromkeys(MARK_NAMES, 0)
        for a in self.annotations:
            if a.seat == seat:
                out[a.mark] += 1
        return out


def tally(counts: dict[str, int]) -> str:
    """Marks counted in words: "1 blunder (??), 2 mistakes (?), 0 inaccuracies (?!)"."""
    return ", ".join(
        f"{counts.get(symbol, 0)} {_plural(name, counts.get(symbol, 0))} ({symbol})" for symbol, name, _ in MARKS
    )


def _plural(word: str, n: int) -> str:
    if n == 1:
        return word
    return f"{word[:-1]}ies" if word.endswith("y") else f"{word}s"


def default_seats(controllers: Sequence[str]) -> tuple[tuple[int, ...], str]:
    """The seats a review covers unless told: (seats, why in words)."""
    humans = tuple(s for s, who in enumerate(controllers) if who == "human")
    if humans:
        return humans, "the seats played by a person"
    return tuple(s for s, who in enumerate(controllers) if who != "ai"), "every seat, as bots alone played this game"


def review_line(
    initial: GameState,
    steps: Sequence[Step],
    seats: Sequence[int],
    iterations: int = REVIEW_ITERATIONS,
    seed: int = SEED,
    progress: ReviewProgress | None = None,
) -> Review | None:
    """Judge every decision of `seats` along `steps` (the line of play from `initial`) with a
    search of `iterations` a decision; None if `progress` stopped it. The same line, seats,
    iterations and seed give the same review."""
    review = Review(tuple(sorted(set(seats))))
    total = sum(1 for step in steps if step.seat in review.seats)
    budget = Budget(iterations=iterations, seconds=None)
    done = 0
    state = initial
    if progress is not None and not progress(0, total):
        return None
    for step in steps:
        if step.seat in review.seats:
            if reviewable(state):
                review.judged[step.seat] = review.judged.get(step.seat, 0) + 1
                annotation = _annotate(state, step, budget, seed)
                if annotation is not None:
                    review.annotations.append(annotation)
            done += 1
            if progress is not None and not progress(done, total):
                return None
        state = fold(state, step.events)
    return review


def _annotate(state: GameState, step: Step, budget: Budget, seed: int) -> Annotation | None:
    judged = judge(state, step.command, budget, seed)
    symbol = mark(judged.drop)
    if not symbol:
        return None
    why = judged.why.replace("{", "(").replace("}", ")")  # braces mark notes in a text record
    return Annotation(
        step.seq, step.seat, symbol, round(judged.played, 3), round(judged.best, 3), judged.preferred, why
    )


def annotation_words(a: Annotation) -> str:
    """A mark in words: "?? blunder: about 52% to win after this move; play monument was
    about 63%: then builds layer 1 of the Colossus of Rhodes"."""
    text = (
        f"{a.mark} {MARK_NAMES[a.mark]}: about {a.played:.0%} to win after this move; "
        f"{a.preferred} was about {a.best:.0%}"
    )
    return f"{text}: {a.why}" if a.why else text
