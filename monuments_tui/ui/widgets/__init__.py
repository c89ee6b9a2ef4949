"""Textual widgets of the app."""

from monuments_tui.ui.widgets.map_view import MapView

__all__ = ["MapView"]
