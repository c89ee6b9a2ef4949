"""Modal dialogs of the Monuments app."""
