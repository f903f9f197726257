"""The group's history: every stored game summed up from its record, the players' statistics,
and plays sent to BG Stats. Pure computations from the store's records; the screens and the
command line show them."""
