"""How far the check of a save is, for a progress bar: `load_save(path, progress)` tells it.

Pure, and tiny: the records are handed to `rebuild` in a list that reports as it is read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from monuments_tui.saves.format import RecordAny

Progress = Callable[[int, int], None]
"""Told (records checked, records in all) now and then while a save is checked."""

EVERY = 50
"""Records between two reports (a report may be a call into the interface's thread)."""


def reporting(records: list[RecordAny], progress: Progress | None) -> list[RecordAny]:
    """`records`, or, with `progress`, the same records telling it how many were read so far."""
    return records if progress is None else _Reporting(records, progress)


class _Reporting(list[RecordAny]):
    """Records that tell `progress` how many were read as `rebuild` goes through them, in order."""

    def __init__(self, records: list[RecordAny], progress: Progress):
        super().__init__(records)
        self._progress = progress

    def __iter__(self) -> Iterator[RecordAny]:
        total = len(self)
        for done, record in enumerate(super().__iter__(), start=1):
            if done % EVERY == 0:
                self._progress(done, total)
            yield record
        self._progress(total, total)
