"""Placeholder for the heuristic bot (registered by its own work item)."""
