"""Keep the app alive: an unexpected error in a handler becomes a message, never a crash.

The session has already written every played command to its save before the screen
updates, so after an error the game goes on from the saved state.
"""

from __future__ import annotations

import functools
import inspect
import traceback
from pathlib import Path
from typing import Any

from monuments_tui.saves.journal import replace_file


def report(node: Any, exc: BaseException) -> None:
    """Show `exc` as an error notification and keep its traceback for the log."""
    app = getattr(node, "app", None)
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    if app is None:
        raise exc
    app.last_error = text
    app.log.error(text)
    app.notify(
        f"Something went wrong: {type(exc).__name__}: {exc}. The game is saved; carry on.",
        title="Unexpected error",
        severity="error",
        timeout=12,
    )


def guarded(func):
    """Decorate a handler or action so that an exception is reported instead of raised."""
    if inspect.iscoroutinefunction(func):

        @functools.wraps(func)
        async def async_wrapper(self, *args, **kwargs):
            try:
                return await func(self, *args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - that is the point
                report(self, exc)

        return async_wrapper

    @functools.wraps(func)
    def wrapper(self, *args, **kwargs):
        try:
            return func(self, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001
            report(self, exc)

    return wrapper


def write_beside_save(node: Any, path: Path, text: str) -> bool:
    """Write `text` to `path` (a file next to the save), making its folder, atomically (a crash
    leaves the old file or the new one, never half of it); on failure say so with what would
    work, and return False."""
    try:
        replace_file(path, text.encode("utf-8"))
    except OSError as exc:
        node.notify(
            f"Could not write {path}: {exc.strerror or exc}. Try again once the folder is writable.", severity="error"
        )
        return False
    return True
