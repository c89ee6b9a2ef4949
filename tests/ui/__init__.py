"""UI tests: pilot tests and snapshots of the Textual app."""
