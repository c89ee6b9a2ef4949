"""The save file of one game: its format, the lines after the header, the lock that keeps
one writer, and the journal that appends to it.

This package is the code that reads and writes a save. It is not the repository's
`saves/` folder, which holds saved games and the shipped examples.

Layer: above `rules`; imports nothing from `ai`, `game`, `records`, `ui` or `cli`.
"""
