"""Monuments, the board game, played in a terminal."""

__version__ = "0.4.0"
