"""§D7 What the companion keeps: every action in a JSON Lines record whose header names the
game; replay rebuilds the game; undo takes an action back; ``helvetia replay`` prints the
state of a Drunter & Drüber record; the building cards are asked for only at the end."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.drunter import Game, RecordError, Vote, summary
from companion.drunter.selfplay import play
from companion.drunter.state import PLAY, REVEAL, VOTE
from companion.engine import Game as HelvetiaGame
from companion.engine import HelvetiaError
from tests.drunter_helpers import new_game, place, refused, vote


def replay(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion.cli", "replay", str(path)],
                          capture_output=True, text=True, timeout=60)


def test_a_record_replays_to_the_same_game() -> None:
    game, result = play(11, 3)
    assert result.violations == [] and game.state.game_over
    lines = game.record_lines()
    header = json.loads(lines[0])
    assert header["game"] == "drunter" and header["version"] == 1
    again = Game.from_record(lines)
    assert summary(again.state) == summary(game.state)
    assert again.record_lines() == lines


def test_undo_takes_back_a_vote_and_an_announcement() -> None:
    game = new_game(2)
    refused(game, Vote.of({}), "drunter.no_vote")
    place(game, "street", 3, (1, 0), "right")  # over the toilet on (3, 0)
    vote(game, {"red": ["ja"], "blue": ["nee"]})
    assert game.state.phase == PLAY and game.state.active == "blue"
    game.undo()
    assert game.state.phase == VOTE and game.state.player("red").cards >= {"ja"}
    game.undo()
    assert game.state.phase == PLAY and game.state.active == "red"
    with pytest.raises(HelvetiaError) as info:
        game.undo()
    assert info.value.code == "drunter.nothing_to_undo"


def test_each_game_refuses_the_other_s_record() -> None:
    game, _ = play(2, 2)
    with pytest.raises(HelvetiaError):
        HelvetiaGame.from_record(game.record_lines())
    with pytest.raises(RecordError) as info:
        Game.from_record(['{"format": "helvetia-record", "version": 1}'])
    assert info.value.line == 1


def test_the_building_cards_stay_secret_until_the_end() -> None:
    game, _ = play(5, 2)
    states = [Game.from_record(game.record_lines()[:n]).state
              for n in range(1, len(game.record_lines()))]
    assert all(not s.revealed and summary(s)["players"]["red"]["score"] is None
               for s in states)
    assert states[-1].phase == REVEAL


def test_helvetia_replay_prints_a_drunter_record(tmp_path: Path) -> None:
    game, _ = play(3, 3)
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(game.record_lines()) + "\n", encoding="utf-8")
    done = replay(path)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["game"] == "drunter" and out["game_over"] is True and out["winners"]
    for colour, p in out["players"].items():
        assert p["score"] == game.state.scores[colour]
        assert set(p["tiles_left"]) == {"street", "wall", "canal"}
        assert all(set(v) == {"1", "2", "3"} for v in p["tiles_left"].values())
        assert isinstance(p["votes_left"], int)
    assert set(out["workers"]) == {"street", "wall_1", "wall_2", "canal"}
    # mid-game: workers on their cells (or null), no score yet
    path.write_text("\n".join(game.record_lines()[:4]) + "\n", encoding="utf-8")
    out = json.loads(replay(path).stdout)
    assert out["game_over"] is False and out["players"]["red"]["score"] is None
    assert any(isinstance(w, list) for w in out["workers"].values())


def test_a_malformed_or_illegal_line_gives_exit_2_and_its_number(tmp_path: Path) -> None:
    game, _ = play(3, 3)
    lines = game.record_lines()
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join([*lines[:3], '{"type": "place", "player": "red"', *lines[3:]])
                    + "\n", encoding="utf-8")
    done = replay(path)
    assert done.returncode == 2 and done.stderr.startswith("line 4: "), done.stderr
    illegal = json.loads(lines[1])
    illegal["square"] = [99, 99]
    path.write_text("\n".join([lines[0], json.dumps(illegal)]) + "\n", encoding="utf-8")
    done = replay(path)
    assert done.returncode == 2 and done.stderr.startswith("line 2: "), done.stderr
    assert "{" not in done.stderr


def test_the_rules_are_pure_python_without_screen_hardware_files_or_clocks() -> None:
    code = ("import sys, companion.drunter as d; import companion.drunter.game; "
            "bad = {'pygame', 'gpiozero', 'serial', 'sqlite3'} & set(sys.modules); "
            "print(sorted(bad))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout.strip() == "[]"
    rules = Path(__file__).resolve().parent.parent.parent / "companion" / "drunter"
    for path in rules.glob("*.py"):
        if path.name == "selfplay.py":  # the seeded test games, not the rules
            continue
        text = path.read_text(encoding="utf-8")
        for word in ("open(", "import time", "datetime", "import random", "pygame"):
            assert word not in text, (path.name, word)


def test_the_example_record_replays() -> None:
    example = (Path(__file__).resolve().parent.parent.parent / "examples" / "drunter"
               / "made-up-3p.jsonl")
    done = replay(example)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["board"].startswith("made_up_map") and out["game_over"] and out["winners"]
