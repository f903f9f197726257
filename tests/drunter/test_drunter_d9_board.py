"""§D9 The board as data: a JSON file with the grid's size, each building's type and value,
the toilets and the four starts; checked (starts on the edge, at most one thing a square,
everything on the map). The maps here are made up (docs/drunter-board.md)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.drunter import BoardError, Game, MalformedAction, board_to_json, load_board
from companion.drunter.errors import RecordError
from tests.drunter_helpers import even_hand, made_up_map_small

DOC = Path(__file__).resolve().parent.parent.parent / "docs" / "drunter-board.md"


def made_up_map_json(**changes: Any) -> dict[str, Any]:
    data = board_to_json(made_up_map_small())
    data.update(changes)
    return data


def board_error(data: Any) -> BoardError:
    with pytest.raises(BoardError) as info:
        load_board(data)
    assert "{" not in str(info.value)
    return info.value


def test_a_board_reads_back_what_was_written() -> None:
    board = made_up_map_small()
    data = board_to_json(board)
    assert data["name"] == "made_up_map_small" and data["width"] == 7
    again = load_board(json.loads(json.dumps(data)))
    assert again == board and board_to_json(again) == data


def test_the_documented_example_is_a_made_up_map_that_loads() -> None:
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"```json\n(\{.*?\})\n```", text, re.DOTALL)
    assert block, "docs/drunter-board.md shows a board"
    board = load_board(json.loads(block.group(1)))
    assert board.name.startswith("made_up_map")


def test_a_start_inside_the_map_is_refused() -> None:
    data = made_up_map_json(starts={"street": [0, 0], "wall_1": [6, 0], "wall_2": [3, 3],
                                    "canal": [6, 5]})
    err = board_error(data)
    assert err.code == "drunter.board.start_not_on_edge"
    assert dict(err.params) == {"road": "wall_2", "square": (3, 3)}


def test_two_things_on_one_square_are_refused() -> None:
    data = made_up_map_json(toilets=[[2, 2]])  # a building stands there
    assert board_error(data).code == "drunter.board.square_twice"
    data = made_up_map_json(starts={"street": [0, 0], "wall_1": [0, 0], "wall_2": [0, 5],
                                    "canal": [6, 5]})
    assert board_error(data).params["square"] == (0, 0)
    two = made_up_map_json()
    two["buildings"].append({"square": [2, 2], "type": "C", "value": 1})
    assert board_error(two).code == "drunter.board.square_twice"


def test_everything_lies_on_the_map_within_its_size() -> None:
    data = made_up_map_json(toilets=[[7, 1]])
    err = board_error(data)
    assert err.code == "drunter.board.off_map" and err.params["square"] == (7, 1)
    assert board_error(made_up_map_json(width=2)).code == "drunter.board.size"
    bad = made_up_map_json()
    bad["buildings"][0]["value"] = 0
    assert board_error(bad).code == "drunter.board.bad_value"
    data = made_up_map_json(starts={"street": [0, 0], "wall_1": [6, 0], "canal": [6, 5]})
    assert board_error(data).code == "drunter.board.start_missing"


@pytest.mark.parametrize("change", [
    {"format": "helvetia-record"}, {"version": 2}, {"colour": "red"}, {"width": "7"},
    {"toilets": [[1]]}, {"buildings": [{"square": [1, 1], "type": "G", "value": 1}]},
    {"starts": {"street": [0, 0], "tower": [0, 1]}},
])
def test_a_file_not_of_the_format_is_malformed(change: dict[str, Any]) -> None:
    with pytest.raises(MalformedAction):
        load_board(made_up_map_json(**change))


def test_a_record_with_a_bad_board_stops_at_its_header() -> None:
    from companion.drunter import header_line

    header = header_line([("red", "A"), ("blue", "B")], made_up_map_small(),
                         {"red": even_hand(2), "blue": even_hand(2)}, "red")
    header["board"]["toilets"] = [[0, 0]]  # on the inn
    with pytest.raises(RecordError) as info:
        Game.from_record([json.dumps(header)])
    assert info.value.line == 1 and "two things" in str(info.value)


def _helvetia(*args: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    cfg = tmp / "config.toml"
    cfg.write_text(f'data_dir = "{tmp}"\n', encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "companion.cli", args[0], "--config", str(cfg),
                           *args[1:]], capture_output=True, text=True, timeout=60)


def test_a_board_file_is_imported_checked_kept_and_exported(tmp_path: Path) -> None:
    data = made_up_map_json()
    good = tmp_path / "made_up_map_small.json"
    good.write_text(json.dumps(data, indent=2), encoding="utf-8")
    done = _helvetia("board", "export", tmp=tmp_path)
    assert done.returncode == 2 and "no Drunter" in done.stderr
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(made_up_map_json(toilets=[[0, 0]])), encoding="utf-8")
    done = _helvetia("board", "import", str(bad), tmp=tmp_path)
    assert done.returncode == 2 and "two things" in done.stderr
    done = _helvetia("board", "import", str(good), tmp=tmp_path)
    assert done.returncode == 0, done.stderr
    out = tmp_path / "out.json"
    done = _helvetia("board", "export", "-o", str(out), tmp=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text(encoding="utf-8")) == data


def test_a_draft_keeps_what_is_not_a_board_yet() -> None:
    from companion.drunter.board_draft import BoardDraft

    draft = BoardDraft.of(made_up_map_small())
    draft.tap((1, 1), "street")  # the inn moves inside: not a board any more
    draft.resize(3, 3)  # (5, 1) and more now lie outside: kept all the same
    again = BoardDraft.from_json(json.loads(json.dumps(draft.to_json())))
    assert again == draft
    assert again.problem() is not None
    again.resize(7, 6)
    again.tap((0, 0), "street")
    assert again.board() == made_up_map_small()
    with pytest.raises(ValueError):
        BoardDraft.from_json({"width": 3})
