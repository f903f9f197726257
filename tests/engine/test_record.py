"""Game records: replay determinism, undo, malformed lines, and ``helvetia replay``."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion.engine import (
    Game,
    IllegalAction,
    MalformedAction,
    RecordError,
    action_to_json,
    parse_action,
    summary,
)

DATA = Path(__file__).parent.parent / "data"
GAMES = sorted(DATA.glob("game-*.jsonl"))


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines()


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_record_to_state_to_record_gives_the_same_lines(path: Path) -> None:
    text = lines(path)
    game = Game.from_record(text)
    assert game.record_lines() == text
    again = Game.from_record(game.record_lines())
    assert summary(again.state) == summary(game.state)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_undo_then_redo_gives_the_same_state(path: Path) -> None:
    game = Game.from_record(lines(path))
    rng = random.Random(path.stem)
    for _ in range(5):
        k = rng.randrange(1, 40)
        before = summary(game.state)
        undone = [game.undo() for _ in range(k)]
        assert summary(game.state) != before
        for action in reversed(undone):
            game.apply(action)
        assert summary(game.state) == before


def test_undo_with_nothing_to_undo() -> None:
    game = Game.from_record(lines(GAMES[0])[:1])
    with pytest.raises(IllegalAction) as info:
        game.undo()
    assert info.value.code == "nothing_to_undo"


def test_a_refused_action_changes_nothing() -> None:
    game = Game.from_record(lines(DATA / "game-2p.jsonl")[:40])
    before, count = summary(game.state), len(game.actions)
    with pytest.raises(IllegalAction):
        game.apply({"type": "end_turn", "player": "blue" if game.state.active == "red"
                    else "red"})
    assert summary(game.state) == before and len(game.actions) == count


@pytest.mark.parametrize(("line", "reason"), [
    ("{not json", "not valid JSON"),
    ('["a list"]', "an action must be a JSON object"),
    ('{"type": "fly"}', 'unknown action type "fly"'),
    ('{"type": "end_turn"}', "'end_turn' needs the field 'player'"),
    ('{"type": "choose", "player": "red", "character": "king", "coins": 1}',
     "'character' must be one of builder, carter, night_watchman, priest, midwife"),
    ('{"type": "choose", "player": "red", "character": "carter", "coins": "2"}',
     "'coins' must be a whole number"),
    ('{"type": "wake", "player": "red", "village": "red", "quarter": "top_left", "x": 1}',
     "'wake' has unknown field(s): x"),
    ('{"type": "deliver", "player": "red", "chain": [{"village": "red", "cell": [0], '
     '"good": "wood"}]}', "'chain[0].cell' must be a cell [x, y] of two whole numbers"),
])
def test_malformed_lines_are_refused_with_their_line_number(line: str, reason: str) -> None:
    text = [*lines(DATA / "game-2p.jsonl")[:21], line]
    with pytest.raises(RecordError) as info:
        Game.from_record(text)
    assert info.value.line == 22
    assert str(info.value).startswith(f"line 22: {reason}")


def test_an_illegal_line_names_its_line_and_reason() -> None:
    text = lines(DATA / "game-2p.jsonl")
    assert '"coins": 1' in text[20]
    bad = [*text[:20], text[20].replace('"coins": 1', '"coins": 9')]
    with pytest.raises(RecordError) as info:
        Game.from_record(bad)
    assert str(info.value) == "line 21: Red has only 4 coins to use this turn."


def test_every_action_round_trips_through_json() -> None:
    for path in GAMES:
        for line in lines(path)[1:]:
            obj = json.loads(line)
            assert action_to_json(parse_action(obj)) == obj
    with pytest.raises(MalformedAction):
        parse_action({"type": "birth", "player": "red", "cell": [0, 1], "sex": "x"})


# --- helvetia replay ---------------------------------------------------------------------------


def replay(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion.cli", "replay", *args],
                          capture_output=True, text=True, timeout=120)


def test_replay_prints_the_state_as_one_json_object() -> None:
    done = replay(str(DATA / "game-4p.jsonl"))
    assert done.returncode == 0 and done.stderr == ""
    out = json.loads(done.stdout)
    for key in ("round", "start_player", "active_player", "game_over", "winners"):
        assert key in out
    assert out["game_over"] is True and out["winners"] == ["white"]
    white = out["players"]["white"]
    for key in ("vp", "vp_breakdown", "coins", "awake", "asleep", "buildings", "delivered"):
        assert key in white
    assert white["vp"] == 22 == sum(white["vp_breakdown"].values())
    assert set(white["vp_breakdown"]) == {"start_player", "deliveries", "goods_tiles",
                                          "character_tiles", "vp_buildings", "branch_tiles",
                                          "village_tiles"}


def test_replay_of_an_illegal_line_exits_2_with_the_line(tmp_path: Path) -> None:
    text = lines(DATA / "game-2p.jsonl")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([*text[:24], text[24].replace('"wood"', '"grain"')]) + "\n")
    done = replay(str(bad))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == "line 25: A Woodcutter makes wood, not grain."


def test_replay_of_a_missing_or_corrupt_file(tmp_path: Path) -> None:
    done = replay(str(tmp_path / "none.jsonl"))
    assert done.returncode == 2 and done.stdout == "" and "cannot read the record" in done.stderr
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_bytes(b"\xff\xfe\x00garbage")
    done = replay(str(garbage))
    assert done.returncode == 2 and done.stdout == ""


def test_a_catalogue_file_overrides_the_shipped_one(tmp_path: Path) -> None:
    catalogue = tmp_path / "catalogue.json"
    catalogue.write_text(json.dumps({"goods_tiles": {"values": {"2": 0, "3": 0}}}))
    done = replay(str(DATA / "game-2p.jsonl"), "--catalogue", str(catalogue))
    assert done.returncode == 0
    out = json.loads(done.stdout)
    # Red's cow and beer tiles are worth nothing now: 18, not 20; round 9 begins (the stacks
    # are empty, so nothing is revealed).
    assert out["players"]["red"]["vp"] == 18
    assert out["game_over"] is False and (out["phase"], out["round"]) == ("play", 9)
    catalogue.write_text(json.dumps({"buildings": {"mill": {"cost": {"gold": 1}}}}))
    done = replay(str(DATA / "game-4p.jsonl"), "--catalogue", str(catalogue))
    assert done.returncode == 2 and done.stdout == ""
    assert "buildings.mill.cost: unknown good 'gold'" in done.stderr
