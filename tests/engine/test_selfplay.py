"""Self-play: random legal games from the options calls, invariants after every action."""

import subprocess
import sys

from companion.engine import Game
from companion.engine.invariants import check
from companion.selfplay import play
from tests.helpers import set_up


def test_random_games_with_every_option_applied_keep_every_invariant() -> None:
    for players, seed in ((2, 1), (3, 2), (4, 1)):
        game, result = play(players, seed, check_options=True)
        assert result.violations == []
        assert game.state.game_over and game.state.winners
        assert Game.from_record(game.record_lines()).state.track == game.state.track


def test_self_play_costs_are_marked_as_test_data() -> None:
    game, _ = play(3, 7)
    costs = game.header["catalogue"]["buildings"]
    assert costs and all(e["cost_confidence"] == "test data (self-play seed 7)"
                         for e in costs.values())


def test_the_invariants_notice_a_lost_coin_and_villager() -> None:
    state = set_up(("red", "blue", "yellow")).state.clone()
    assert check(state) == []
    state.player("red").coins -= 1
    state.player("blue").supply["m"] += 1
    assert check(state) == ["red: 5 coins", "blue: 17 villagers"]


def test_the_selfplay_command() -> None:
    done = subprocess.run([sys.executable, "-m", "companion.cli", "selfplay", "--games", "3",
                           "--players", "2,4", "--seed", "5", "--adversarial"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[:2] == ["games: 3 (2 players, 4 players)", "adversarial games: 1"]
    assert "violations: 0" in done.stdout and "coins returned unused: " in done.stdout
    bad = subprocess.run([sys.executable, "-m", "companion.cli", "selfplay", "--players", "5"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "player counts are 2, 3 or 4" in bad.stderr
