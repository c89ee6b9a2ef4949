"""The game tree: the main line of play and the side lines that undo left, from a save's records.

Every command record is a move from a position. A command played again from the same
position (undo, then the same command) is the same move, as in a chess database, so
taking a move back and playing it again leaves no side line. The **main line** is the
line of play the records leave (the timeline's steps); every other line is a
**variation** that leaves its parent line after `start` steps of the parent's path.
Within a variation, a move with several continuations goes on with the one played last;
the others are variations of their own, nested.

Variations are numbered 1, 2, 3... in the order a text record writes them (`walk`): a
side line comes right after the move it is an alternative to, with its own side lines
inside it. Notes hang on positions, keyed by the `seq` of the step that led there (0: the
start); a review's marks (`Annotation`) hang on the steps they judge, the latest review of
each seat standing. Pure: no files, no interface. See docs/save-format.md, "Side lines and notes".
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from monuments_tui.game.timeline import Step
from monuments_tui.saves.format import (
    ENCODER,
    Annotation,
    CmdRecord,
    NoteRecord,
    RecordAny,
    RedoRecord,
    ReviewRecord,
    UndoRecord,
)

MAIN = 0
"""The number of the main line; variations are 1, 2, 3..."""


@dataclass(eq=False)
class _Node:
    """A move (None at the root, the position before any move) and what hangs from it."""

    step: Step | None
    parent: _Node | None
    children: dict[bytes, _Node] = field(default_factory=dict)
    """Keyed by the encoded command, in the order first played."""
    last_on: int = 0
    """The record that last put this move on the line of play (played or redone)."""
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Variation:
    """A side line: `steps` played instead of the parent line's from position `start` on."""

    number: int
    parent: int
    """The line it leaves: MAIN (0) or another variation's number."""
    start: int
    """Steps of the parent's path before its first step: it is an alternative to step `start + 1`."""
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class StepItem:
    """`walk`: a step of `line`, leading to `position` of that line's path."""

    line: int
    position: int
    step: Step


@dataclass(frozen=True)
class NoteItem:
    """`walk`: a note on `position` of `line`'s path."""

    line: int
    position: int
    text: str


@dataclass(frozen=True)
class AnnotationItem:
    """`walk`: the review's mark on the step that led to `position` of `line`."""

    line: int
    position: int
    annotation: Annotation


@dataclass(frozen=True)
class OpenItem:
    """`walk`: a variation begins (its steps, notes and nested variations follow, then a CloseItem)."""

    variation: Variation


@dataclass(frozen=True)
class CloseItem:
    """`walk`: the variation ends."""

    variation: Variation


WalkItem = StepItem | AnnotationItem | NoteItem | OpenItem | CloseItem


class GameTree:
    """The main line, the variations and the notes of a game (see the module docstring)."""

    def __init__(
        self,
        main: Sequence[Step],
        variations: Sequence[Variation],
        notes: Mapping[int, Sequence[str]],
        annotations: Mapping[int, Annotation] | None = None,
    ):
        self.main: tuple[Step, ...] = tuple(main)
        self.variations: tuple[Variation, ...] = tuple(variations)
        self.notes: dict[int, tuple[str, ...]] = {k: tuple(v) for k, v in notes.items() if v}
        """Notes by the `seq` of the step that led to their position (0: the start)."""
        self.annotations: dict[int, Annotation] = dict(annotations or {})
        """The review's marks by the `seq` of the step they judge."""

    def extended(self, steps: Sequence[Step]) -> GameTree:
        """This tree with `steps` played on at the end of the main line, where no side line leaves it
        (so they make none, and number none anew): what `build_tree` gives for records that add them."""
        assert not self.variations_from(MAIN, len(self.main)), "a move at the end would leave a side line"
        return GameTree(self.main + tuple(steps), self.variations, self.notes, self.annotations)

    def variation(self, number: int) -> Variation:
        """Side line `number`.

        Raises:
            ValueError: there is no such side line (saying which there are).
        """
        if 1 <= number <= len(self.variations):
            return self.variations[number - 1]
        if not self.variations:
            raise ValueError(f"there is no side line {number}: this game has none (undo, then play another move)")
        raise ValueError(f"there is no side line {number}: the side lines are 1 to {len(self.variations)}")

    def path(self, line: int = MAIN) -> list[Step]:
        """Every step from the start to the end of `line` (MAIN or a variation's number): position i
        of the line is the position after its first i steps, as in a replay of the main line."""
        if line == MAIN:
            return list(self.main)
        v = self.variation(line)
        return self.path(v.parent)[: v.start] + list(v.steps)

    def notes_at(self, line: int, position: int) -> tuple[str, ...]:
        """The notes on `position` (0 = the start) of `line`'s path."""
        if position == 0:
            return self.notes.get(0, ())
        path = self.path(line)
        return self.notes.get(path[position - 1].seq, ()) if 0 < position <= len(path) else ()

    def variations_from(self, line: int, position: int) -> list[Variation]:
        """The side lines that leave `line` after `position` steps of its path."""
        return [v for v in self.variations if v.parent == line and v.start == position]

    def all_in(self, number: int) -> list[Variation]:
        """Variation `number` and every side line nested in it, in order."""
        out = [self.variation(number)]
        for v in self.variations[number:]:
            if any(v.parent == o.number for o in out):
                out.append(v)
        return out

    def walk(self) -> Iterator[WalkItem]:
        """The whole tree in the order of a text record: notes on the start, then each step with
        its notes and, after it, the side lines that are alternatives to it (and, after the main
        line's last step, those that leave the end of the game)."""
        for text in self.notes.get(0, ()):
            yield NoteItem(MAIN, 0, text)
        yield from self._walk_line(MAIN, 0, self.main)
        for v in self.variations_from(MAIN, len(self.main)):
            yield from self._walk_variation(v)

    def _walk_line(self, line: int, start: int, steps: Sequence[Step]) -> Iterator[WalkItem]:
        for i, step in enumerate(steps):
            position = start + i + 1
            yield StepItem(line, position, step)
            if step.seq in self.annotations:
                yield AnnotationItem(line, position, self.annotations[step.seq])
            for text in self.notes.get(step.seq, ()):
                yield NoteItem(line, position, text)
            for v in self.variations_from(line, position - 1):
                yield from self._walk_variation(v)

    def _walk_variation(self, v: Variation) -> Iterator[WalkItem]:
        yield OpenItem(v)
        yield from self._walk_line(v.number, v.start, v.steps)
        yield CloseItem(v)


def build_tree(records: Sequence[RecordAny], steps: Mapping[int, Step]) -> GameTree:
    """The tree of a journal whose records were checked (`timeline.rebuild`); `steps` holds the
    Step of every command record by its `seq`."""
    root = _Node(None, None)
    line: list[_Node] = []
    redo: list[_Node] = []
    reviews: dict[int, ReviewRecord] = {}
    """The latest review of each seat."""
    for record in records:
        if isinstance(record, CmdRecord):
            parent = line[-1] if line else root
            key = ENCODER.encode(record.command)
            node = parent.children.get(key)
            if node is None:
                node = parent.children[key] = _Node(steps[record.seq], parent)
            else:
                node.step = steps[record.seq]  # the same move again: the line of play holds this record
            node.last_on = record.seq
            line.append(node)
            redo.clear()
        elif isinstance(record, UndoRecord) and line:
            redo.append(line.pop())
        elif isinstance(record, RedoRecord) and redo:
            node = redo.pop()
            node.last_on = record.seq
            line.append(node)
        elif isinstance(record, NoteRecord):
            (line[-1] if line else root).notes.append(record.text)
        elif isinstance(record, ReviewRecord):
            reviews.update(dict.fromkeys(record.seats, record))
    marks = {a.step: a for seat, r in reviews.items() for a in r.annotations if a.seat == seat}
    return _Assembler(root, line).tree(marks)


class _Assembler:
    """Numbers the variations of a built tree in the order `GameTree.walk` writes them."""

    def __init__(self, root: _Node, main: list[_Node]):
        self.root = root
        self.main = main
        self.variations: list[Variation] = []

    def tree(self, annotations: Mapping[int, Annotation]) -> GameTree:
        self._line(MAIN, 0, self.main)
        end = self.main[-1] if self.main else self.root
        for child in end.children.values():
            self._variation(MAIN, len(self.main), child)
        notes = {0: self.root.notes}
        notes.update({n.step.seq: n.notes for n in self._nodes(self.root) if n.step is not None})
        main = [n.step for n in self.main if n.step is not None]
        return GameTree(main, sorted(self.variations, key=lambda v: v.number), notes, annotations)

    def _line(self, number: int, start: int, nodes: list[_Node]) -> None:
        for i, node in enumerate(nodes):
            if number != MAIN and i == 0:
                continue  # its siblings are alternatives in the parent line
            assert node.parent is not None, "a move has the position it was played from"
            for sibling in node.parent.children.values():
                if sibling is not node:
                    self._variation(number, start + i, sibling)

    def _variation(self, parent: int, start: int, first: _Node) -> None:
        nodes = [first]
        while nodes[-1].children:
            nodes.append(max(nodes[-1].children.values(), key=lambda n: n.last_on))
        number = len(self.variations) + 1
        steps = tuple(n.step for n in nodes if n.step is not None)
        self.variations.append(Variation(number, parent, start, steps))
        self._line(number, start, nodes)

    def _nodes(self, node: _Node) -> Iterator[_Node]:
        stack = [node]
        while stack:
            n = stack.pop()
            yield n
            stack.extend(n.children.values())
