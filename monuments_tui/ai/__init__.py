"""Computer players: bots for any seat (pure: they use only the public rules API)."""
