"""Pausing Python's cycle collector while a long computation builds many objects.

Loading a save and a bot's decision each make tens of thousands of objects that form no
reference cycles: states, their indexes, events. Reference counting frees every one of
them; the cycle collector, run every few hundred new objects, only walks the live
states again and finds nothing to free (a tenth of a validated load). While paused,
objects are still freed as usual; a cycle made meanwhile waits for the next collection.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collections_paused() -> Iterator[None]:
    """No cycle collection inside the block; the collector is on again after it if it was before."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
