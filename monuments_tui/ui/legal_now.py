"""The notation of the commands legal now, worked out the first time something reads it.

The game screen makes one per position; the command line reads it on the first key typed
and on Tab, the palette when it opens, the prompt only when it lists a choice's options.
A position where nobody types needs no list at all, and most positions are left unread.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import overload


class LegalNow(Sequence[str]):
    """A read-only list of command texts from `compute`, called at most once.

    `offered` says whether the person at the keyboard is to type now; it is also the list's
    truth, known without working it out: whoever must decide always has a legal command
    (tests/test_properties.py checks it), and nobody else is offered any.
    """

    def __init__(self, compute: Callable[[], Sequence[str]], *, offered: bool = True, source: object = None):
        self._compute = compute
        self._texts: tuple[str, ...] | None = None if offered else ()
        self.offered = offered
        self.source = source
        """What the list is of (the position), to tell whether it still applies."""

    @property
    def computed(self) -> bool:
        """The list was worked out (for tests: what is never read is never computed)."""
        return self._texts is not None and self.offered

    def _all(self) -> tuple[str, ...]:
        if self._texts is None:
            self._texts = tuple(self._compute())
        return self._texts

    def __bool__(self) -> bool:
        return self.offered

    def __len__(self) -> int:
        return len(self._all())

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...
    def __getitem__(self, index):
        return self._all()[index]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalNow | tuple | list):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to lists, which have none

    def __repr__(self) -> str:
        return f"LegalNow({list(self._texts) if self._texts is not None else '...'})"
