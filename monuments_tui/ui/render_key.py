"""Keys for rich renderables: two renderables with equal keys draw the same lines at one width
and in one theme, so a pane can keep the lines it drew and skip drawing them again.

Text, plain strings and tables (`rich.table.Table`, their cells keyed the same way) have keys;
anything else has none (None), and a pane draws it every time.
"""

from __future__ import annotations

from collections.abc import Hashable

from rich.table import Column, Table
from rich.text import Text


def render_key(renderable: object) -> Hashable | None:
    """A hashable key equal for renderables that render alike, or None when there is no telling."""
    if isinstance(renderable, str):
        return renderable
    if isinstance(renderable, Text):
        return _text_key(renderable)
    if isinstance(renderable, Table):
        return _table_key(renderable)
    return None


def _text_key(text: Text) -> Hashable:
    return (
        Text,
        text.plain,
        tuple(text.spans),
        text.style,
        text.justify,
        text.overflow,
        text.no_wrap,
        text.end,
        text.tab_size,
    )


def _table_key(table: Table) -> Hashable | None:
    """Every setting of the table (all of its attributes, so that none is forgotten), its columns and rows."""
    columns = tuple(_column_key(c) for c in table.columns)
    if None in columns:
        return None
    settings = []
    for name, value in sorted(vars(table).items()):
        if name == "columns":
            continue
        if name == "rows":
            value = tuple((row.style, row.end_section) for row in value)
        elif isinstance(value, list):
            value = tuple(value)
        if not isinstance(value, Hashable):
            return None
        settings.append((name, value))
    return (Table, columns, tuple(settings))


def _column_key(column: Column) -> Hashable | None:
    out = []
    for name, value in sorted(vars(column).items()):
        if name in ("_cells", "header", "footer"):
            value = tuple(render_key(cell) for cell in value) if name == "_cells" else render_key(value)
            if value is None or (isinstance(value, tuple) and None in value):
                return None
        elif not isinstance(value, Hashable):
            return None
        out.append((name, value))
    return tuple(out)
