"""Screens any flow opens: the menu, undo and abandon, the costs, the desktop's keys and quit,
store trouble."""
