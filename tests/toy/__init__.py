"""Race to Ten: a deliberately tiny third game that lives in the tests and plugs into the
table through ``companion.games`` alone (docs/adding-a-game.md, step by step):

1. its rules (``rules.py``): a state, its actions, one checked ``apply``, a record;
2. its ``GameKind`` (``kind.py``): the hooks the app, the store, the history and the LEDs ask;
3. its screens (``screens.py``): how a game starts, and how it is played;
4. its registration (``plug_in``, here): the table knows it by name from then on."""

from __future__ import annotations

from companion.games import register

NAME = "race"


def plug_in() -> None:
    """The table knows Race to Ten from now on (``companion.games.unregister`` forgets it)."""
    register(NAME, "tests.toy.kind:RaceToTen", "Race to Ten")
