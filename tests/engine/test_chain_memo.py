"""The option search's shortcuts answer what the plain search answers.

``chains_by_good`` prunes the sleepers from one all-awake search and remembers answers by the
player's posts; ``find_payment`` remembers payments with them and stops calls that cannot beat
the best; options word themselves only when asked. Each is checked here against the plain
computation on every turn state of the recorded games and of self-play games, for every player.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.engine import Game, GameState, Option, turn_options
from companion.engine.actions import Birth, Chain
from companion.engine.messages import message
from companion.engine.production import (
    _cheapest,
    _forget,
    chains,
    chains_by_good,
    find_payment,
)
from companion.engine.values import Via
from companion.selfplay import play

DATA = Path(__file__).resolve().parent.parent / "data"


def turn_states() -> Iterator[GameState]:
    for path in sorted(DATA.glob("game-*.jsonl")):
        game = Game.from_record(path.read_text().splitlines())
        yield from (s for s in game.states if s.phase == "play")
    for seed in (3, 4):
        game, _ = play(2 + seed % 3, seed)
        yield from (s for s in game.states if s.phase == "play")


def plain(state: GameState, colour: str) -> dict[str, list[tuple[Chain, int]]]:
    """The chains by good of a fresh search of the awake posts, shortest first."""
    out: dict[str, list[tuple[Chain, int]]] = {}
    for chain, used in chains(state, colour):
        out.setdefault(chain[-1].good, []).append((chain, used))
    for ways in out.values():
        ways.sort(key=lambda w: len(w[0]))
    return out


def test_remembered_and_pruned_chains_are_the_plain_search() -> None:
    _forget()
    n = 0
    for state in turn_states():
        for colour in state.colours:
            got = chains_by_good(state, colour)
            want = plain(state, colour)
            assert {g: [c for c, _ in ws] for g, ws in got.items()} == {
                g: [c for c, _ in ws] for g, ws in want.items()}
            # the posts a chain uses: the same overlaps, whatever numbers name the posts
            flat_got = [u for ws in got.values() for _, u in ws]
            flat_want = [u for ws in want.values() for _, u in ws]
            assert [[bool(a & b) for b in flat_got] for a in flat_got] == [
                [bool(a & b) for b in flat_want] for a in flat_want]
            n += 1
    assert n > 1000


def test_remembered_payments_are_the_plain_payments() -> None:
    _forget()
    costs = [(("brick", 1), ("stone", 1), ("wood", 1)), (("brick", 2), ("stone", 1)),
             (("grain", 1), ("wood", 2)), (("cow", 1), ("iron", 1)), (("bread", 1),)]
    checked = 0
    for i, state in enumerate(turn_states()):
        if i % 7:
            continue
        colour = state.active
        assert colour is not None
        for cost in costs:
            for budget in (None, 0, 1, 3):
                got = find_payment(state, colour, cost, budget)
                want = _cheapest(cost, budget, plain(state, colour))
                assert got == want, (cost, budget)
                checked += 1
    assert checked > 1000


def test_an_option_words_itself_once_when_asked_and_as_it_would_have() -> None:
    calls = []

    def words() -> tuple[object, ...]:
        calls.append(1)
        return message("option.birth", building="well", cell=(0, -1)), ()

    action = Birth("red", (0, -1), "f")
    lazy = Option("midwife", Via.COIN, action, words=words)  # type: ignore[arg-type]
    assert calls == []
    eager = Option("midwife", Via.COIN, action,
                   message=message("option.birth", building="well", cell=(0, -1)))
    assert lazy.message == eager.message and lazy.details == eager.details == ()
    assert lazy == eager and hash(lazy) == hash(eager)
    assert lazy.kind == "option.birth" and calls == [1]
    with pytest.raises(TypeError):
        Option("midwife", Via.COIN, action)


def test_every_option_of_a_game_words_itself() -> None:
    game = Game.from_record((DATA / "game-4p.jsonl").read_text().splitlines())
    for state in game.states[::5]:
        if state.phase == "play":
            for o in turn_options(state).all():
                assert o.message.code.startswith("option.") and o.text
