"""A state's copy shares no mutable object with the state (issue 17): derived from the fields,
checked over the states of whole games and of every recorded game."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

import pytest

from companion.engine import Action, Catalogue, Game, HelvetiaError
from companion.engine.actions import validate_action
from companion.engine.copying import derive_clone
from companion.engine.game import _HANDLERS
from companion.engine.grid import ring_cells
from companion.engine.state import GameState
from companion.engine.values import Sex
from companion.selfplay import play

DATA = Path(__file__).resolve().parent.parent / "data"


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
    for i in range(12):  # random and adversarial games of 2, 3 and 4 players
        game, _ = play(2 + i % 3, 11 + i, adversarial=i % 2 == 1)
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


# --- handlers check before they change ------------------------------------------------------


def _near_misses(state: GameState, action: Action, rng: random.Random) -> list[Action]:
    """Actions like ``action`` that may be refused at any point of its handler: another cell,
    the other sex, another player, a payment chain twice, someone moving in who is not there."""
    out: list[Action] = []
    names = {f.name for f in fields(action)}
    cells = ring_cells(1) + ring_cells(2)
    for name in ("cell", "man", "woman"):
        if name in names:
            out.append(replace(action, **{name: rng.choice(cells)}))
    for name in ("sex", "mover", "school", "spouse"):
        if name in names:
            value = getattr(action, name)
            out.append(replace(action, **{name: Sex.F if value == Sex.M else Sex.M}))
    if "player" in names:
        out.append(replace(action, player=rng.choice(state.colours)))
    if "pay" in names and action.pay:
        pay = action.pay
        out.append(replace(action, pay=(*pay, pay[0])))
        out.append(replace(action, pay=pay[:-1]))
    if "chain" in names:
        chain = action.chain
        out.append(replace(action, chain=(*chain[:-1], replace(chain[-1], good="wood"))))
    return out


def test_a_refused_action_leaves_even_the_working_copy_as_it_was() -> None:
    """``apply`` changes a copy and drops it when the handler refuses; a handler still must
    check everything before it changes anything (§ issue 17), so that no rule is half done."""
    rng = random.Random(17)
    refused = 0
    for players, seed in ((2, 21), (3, 22), (4, 23), (2, 24), (3, 25), (4, 26)):
        game, _ = play(players, seed, adversarial=seed % 2 == 0)
        actions = game.actions
        for k in range(0, len(actions), 3):
            state = game._states[k]
            tries = [*actions[k + 1:k + 12], *actions[max(0, k - 4):k]]
            tries += [m for a in actions[k:k + 3] for m in _near_misses(state, a, rng)]
            for action in tries:
                phase, handler = _HANDLERS[type(action)]
                if phase is not None and state.phase != phase:
                    continue  # ``apply`` refuses it before any handler runs
                if getattr(action, "player", state.colours[0]) not in state.colours:
                    continue
                work = state.clone()
                try:
                    handler(work, validate_action(action))
                except HelvetiaError:
                    refused += 1
                    assert work == state, f"{action} changed the state, then was refused"
                except (KeyError, IndexError, AssertionError):
                    continue  # not a well-formed request for this state (apply's checks)
    assert refused > 500
