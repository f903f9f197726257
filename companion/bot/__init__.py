"""A virtual player."""
