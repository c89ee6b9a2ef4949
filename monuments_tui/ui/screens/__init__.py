"""Screens of the Monuments app."""
