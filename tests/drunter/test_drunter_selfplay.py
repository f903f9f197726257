"""Random self-play of Drunter & Drüber on made-up maps: every invariant after every action
(tiles conserved, no overlap, votes spent once, workers on their roads' ends), a way forward
in every state, and every game ends; the placements offered are exactly those accepted."""

from __future__ import annotations

import subprocess
import sys

import pytest

from companion.drunter import (
    DIRECTIONS,
    KINDS,
    ROADS,
    DrunterState,
    Game,
    Place,
    apply,
    legal_placements,
)
from companion.drunter.errors import HelvetiaError
from companion.drunter.invariants import check
from companion.drunter.selfplay import new_random_game, play
from companion.drunter.state import PLAY

GAMES = 150
"""Games the suite plays (about 5 s); ``pytest -m long`` plays 2000. The test came with the
game (3376e59) at 500 games; git log records no bug found by it since."""


@pytest.mark.parametrize("n", [GAMES, pytest.param(2000, marks=pytest.mark.long, id="long")])
def test_random_games_keep_every_invariant_and_end(n: int) -> None:
    games = votes = missed = variant_games = 0
    for i in range(n):
        game, result = play(1000 + i, 2 + i % 3, variant=i % 2 == 1)
        assert result.violations == [], (result.seed, result.players, result.violations)
        assert game.state.game_over and game.state.winners
        games += 1
        votes += result.votes
        missed += result.missed
        variant_games += result.variant
    assert games == n and variant_games == n // 2
    assert votes > 100 and missed > 10  # the votes and missed turns were played through


def _accepted(state: DrunterState, colour: str) -> set[Place]:
    """Every placement ``apply`` accepts, found by trying every tile on every road from every
    square around and on the map in every direction."""
    out = set()
    b = state.board
    for road in ROADS:
        for kind in KINDS:
            for x in range(-1, b.width + 1):
                for y in range(-1, b.height + 1):
                    for length, dirs in ((1, (None,)), (2, tuple(DIRECTIONS)),
                                         (3, tuple(DIRECTIONS))):
                        for d in dirs:
                            action = Place(colour, kind, length, road, (x, y), d)
                            try:
                                apply(state, action)
                            except HelvetiaError:
                                continue
                            out.add(action)
    return out


def test_the_placements_offered_are_exactly_the_ones_accepted() -> None:
    for seed, players in ((21, 2), (22, 4)):
        game, _ = play(seed, players)
        replayed = Game(game.header)
        for n, action in enumerate(game.actions):
            s = replayed.state
            if s.phase == PLAY and n % 3 == 0:
                assert set(legal_placements(s, s.active)) == _accepted(s, s.active), n
                other = s.next_colour(s.active)
                assert legal_placements(s, other) == [] and _accepted(s, other) == set()
            replayed.apply(action)


def test_the_invariants_notice_a_lost_tile_an_overlap_and_a_card_spent_twice() -> None:
    game = new_random_game(3, 2)
    s = game.state.clone()
    assert check(s) == []
    s.player("red").tiles[("street", 1)] -= 1
    s.spent["blue"] = ["ja", "ja"]
    s.player("blue").cards.discard("ja")
    problems = check(s)
    assert any(p.startswith("red: ('street', 1)") for p in problems)
    assert any(p.startswith("blue: a card spent twice") for p in problems)


def test_the_selfplay_command() -> None:
    done = subprocess.run([sys.executable, "-m", "companion.drunter.selfplay", "--games", "6",
                           "--seed", "9"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "6 games" in done.stdout and "0 with a broken invariant" in done.stdout
