"""The round end: its checklist, the reveal grid, the scores, the game's end."""
