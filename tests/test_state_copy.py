"""A state's copy shares no mutable object with the state (issue 17): derived from the fields,
checked over the states of whole games and of every recorded game."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from companion.engine import Catalogue, Game
from companion.engine.copying import derive_clone
from companion.engine.state import GameState
from companion.selfplay import play

DATA = Path(__file__).resolve().parent / "data"


def mutables(obj: object, seen: dict[int, object]) -> None:
    """Every mutable object reachable from ``obj`` (lists, dicts, sets, mutable dataclasses),
    by id; frozen values are walked too, since a frozen value may hold a mutable one."""
    if isinstance(obj, (str, int, float, bool, type(None), Catalogue)):
        return  # the catalogue: read-only data that every state of a game shares on purpose
    params = getattr(obj, "__dataclass_params__", None)
    if isinstance(obj, (list, dict, set)) or (params is not None and not params.frozen):
        if id(obj) in seen:
            return
        seen[id(obj)] = obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            mutables(k, seen)
            mutables(v, seen)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            mutables(v, seen)
    elif params is not None:
        for name in obj.__dataclass_fields__:  # type: ignore[attr-defined]
            mutables(getattr(obj, name), seen)


def assert_unshared(state: GameState) -> None:
    copy = state.clone()
    assert copy == state
    a: dict[int, object] = {}
    b: dict[int, object] = {}
    mutables(state, a)
    mutables(copy, b)
    shared = set(a) & set(b)
    assert not shared, [type(a[i]).__name__ for i in shared]


@pytest.mark.parametrize("path", sorted(DATA.glob("*.jsonl")), ids=lambda p: p.stem)
def test_no_copy_of_a_recorded_game_shares_a_mutable_object(path: Path) -> None:
    game = Game.from_record(path.read_text().splitlines())
    for state in game._states:
        assert_unshared(state)


def test_no_copy_shares_a_mutable_object_in_self_play() -> None:
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        game, _ = play(players, seed, adversarial=seed % 2 == 0)
        for state in game._states[::7]:
            assert_unshared(state)


def test_a_new_field_is_copied_without_being_listed() -> None:
    @derive_clone
    @dataclass
    class Thing:
        names: list[str] = field(default_factory=list)
        counts: dict[str, dict[str, int]] = field(default_factory=dict)
        tags: set[str] = field(default_factory=set)
        label: str | None = None

    t = Thing(["a"], {"x": {"y": 1}}, {"t"}, "l")
    c = t.clone()  # type: ignore[attr-defined]
    assert c == t and c.names is not t.names and c.counts["x"] is not t.counts["x"]
    assert c.tags is not t.tags


def test_a_field_it_cannot_copy_is_an_error_at_once() -> None:
    with pytest.raises(TypeError, match="cannot derive a copy"):
        @derive_clone
        @dataclass
        class Odd:
            things: list[object] = field(default_factory=list)
