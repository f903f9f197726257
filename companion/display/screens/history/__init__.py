"""The group's history: the games, a game, the players, BG Stats."""
