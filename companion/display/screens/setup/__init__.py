"""Setting up: the new-game screen, the seats and names, the setup's checklist and steps."""
