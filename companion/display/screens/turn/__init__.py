"""The turn's screens: the characters, an option's list and form, "Do it", the hint, a virtual
player's turn, the market and the villages."""
