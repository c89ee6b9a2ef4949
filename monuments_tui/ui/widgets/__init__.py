"""Textual widgets of the app (each imported from its module: the title screen's footer
must not load the map)."""
