"""Monuments, the board game, played in a terminal."""

__version__ = "0.1.0"
