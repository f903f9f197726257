"""Hostile records and a typed API used wrongly: every malformed value is a typed error with its
line number, never a traceback; a fuzzer over records and header catalogues proves it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import (
    Choose,
    Game,
    MalformedAction,
    RecordError,
    Wake,
    apply,
)
from companion.engine.catalogue import shipped_data
from companion.engine.record import MAX_LINE, NAME_MAX, split_record

DATA = Path(__file__).parent.parent / "data"
RECORD = (DATA / "game-2p.jsonl").read_text().splitlines()
HEADER = json.loads(RECORD[0])


def header(**changes: Any) -> str:
    return json.dumps({**HEADER, **changes}, ensure_ascii=False)


def refused(lines: list[str]) -> RecordError:
    with pytest.raises(RecordError) as info:
        Game.from_record(lines)
    return info.value


@pytest.mark.parametrize(("line", "reason"), [
    ("null", "the header must be a JSON object"),
    ('{"format": "helvetia-record", "version": ' + "9" * 5000 + "}",
     "a number with too many digits"),
    ("[" * 100_000 + "]" * 100_000, "JSON nested too deep"),
    ('{"a": ' * 5_000 + "1" + "}" * 5_000, "JSON nested too deep"),
    ('{"format": "helvetia-record", "version": NaN}', "NaN is not a number the record allows"),
    ('{"format": "helvetia-record", "version": 1e999}', "a number too large"),
    (header(players=[{"colour": "red", "name": "@x"}, {"colour": "blue"}]).replace(
        "@", "\\ud800"), "text with a lone surrogate"),
    (header(players=[{"colour": "red", "name": "\ud800x"}, {"colour": "blue"}]),
     "text with a lone surrogate"),
    (header(players=[{"colour": "red", "name": "A" * (NAME_MAX + 1)}, {"colour": "blue"}]),
     f"players[0].name is {NAME_MAX + 1} characters long; at most {NAME_MAX}"),
    (header(players=[{"colour": "red", "name": "A" * 10_000}, {"colour": "blue"}]),
     "players[0].name is 10000 characters long"),
    (header(players=[{"colour": "red", "name": ""}, {"colour": "blue"}]),
     "players[0].name must be a non-empty string"),
    (header(players=[{"colour": "red", "hand": 1}, {"colour": "blue"}]),
     "players[0] has unknown field(s): hand"),
    (header(players=["red", "blue"]), "players[0] must be an object"),
    (header(colour="red"), "the header has unknown field(s): colour"),
    (header(catalogue=[1, 2]), "the header's 'catalogue' must be an object"),
    (header(catalogue={"goods_tiles": {"values": {"en": 1}}}),
     "catalogue goods_tiles.values: keys must be the levels"),
    (header(catalogue={"buildings": {"woodcutter": {"output": ["wood"]}}}), "unknown good"),
    ("x" * (MAX_LINE + 1), "the line is too long"),
])
def test_a_hostile_header_is_refused_with_line_1(line: str, reason: str) -> None:
    error = refused([line, *RECORD[1:5]])
    assert error.line == 1
    assert reason in str(error), str(error)


@pytest.mark.parametrize(("line", "reason"), [
    ('{"type": "choose", "player": "red", "character": "carter", "coins": '
     + "1" * 5000 + "}", "a number with too many digits"),
    ('{"type": "choose", "player": "red", "character": "carter", "coins": 1e3}',
     "'coins' must be a whole number"),
    ('{"type": "choose", "player": "red", "character": "carter", "coins": 100000}',
     "'coins' must be between"),
    ('{"type": "choose", "player": "red", "character": "carter", "coins": -Infinity}',
     "-Infinity is not a number the record allows"),
    ('{"type": "end_turn", "player": "\\udc00"}', "lone surrogate"),
    ('{"type": "wake", "player": "red", "village": "red", "quarter": ' + "[" * 40 + "]" * 40
     + "}", "nested too deep"),
])
def test_a_hostile_action_line_is_refused_with_its_line(line: str, reason: str) -> None:
    error = refused([*RECORD[:21], line])
    assert error.line == 22
    assert reason in str(error), str(error)


def test_blank_lines_are_counted() -> None:
    error = refused(["", RECORD[0], "", "   ", '{"type": "fly"}'])
    assert str(error) == 'line 5: unknown action type "fly"'


def test_a_record_of_too_many_lines_or_characters_is_refused() -> None:
    with pytest.raises(MalformedAction, match="too many lines"):
        split_record("\n" * 30_000)
    with pytest.raises(MalformedAction, match="too large"):
        split_record("x" * (9 * 1024 * 1024))


def test_every_line_break_in_a_name_is_refused_at_the_boundary() -> None:
    """A name is shown on the screen and written in records: one that holds a line break
    (or any control character, issue 18) is refused where it comes in, with its line."""
    for c in "\u2028\u2029\x85\x0b\x0c\x1c\x1d\x1e\r\n":
        players = [{"colour": "red", "name": f"A{c}B"}, {"colour": "blue", "name": "Ben"}]
        with pytest.raises(RecordError, match=r"^line 1: players\[0\]\.name holds"):
            Game.from_record([header(players=players), *RECORD[1:30]])


@pytest.mark.parametrize("action", [
    Choose("red", "king", 1),
    Choose("red", "carter", float("nan")),  # type: ignore[arg-type]
    Choose("red", "carter", True),
    Choose("red", "carter", 10**100),
    Wake("red", "red", quarter="middle"),
    Wake("red", "red", "top_left", tile="yes"),  # type: ignore[arg-type]
    Choose(None, "carter", 1),  # type: ignore[arg-type]
    Choose(object(), "carter", 1),  # type: ignore[arg-type]
])
def test_the_typed_api_refuses_malformed_fields(action: Any) -> None:
    game = Game.from_record(RECORD[:21])
    with pytest.raises(MalformedAction):
        apply(game.state, action)
    with pytest.raises(MalformedAction):
        game.apply(action)
    assert len(game.actions) == 20


# --- the fuzzer ---------------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**15, 10**15)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20)
    | st.sampled_from(["wood", "mill", "red", "production", "1", "en", "top_left"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.text(max_size=8) | st.sampled_from(["cost", "output", "kind", "stacks", "values",
                                               "goods", "name", "en", "level", "input"]),
        inner, max_size=4),
    max_leaves=20)
PATHS = []


def _paths(obj: Any, prefix: tuple[Any, ...] = ()) -> None:
    PATHS.append(prefix)
    if isinstance(obj, dict) and len(prefix) < 4:
        for k, v in obj.items():
            _paths(v, (*prefix, k))


_paths(shipped_data())


def _set(obj: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    if not path:
        return value if isinstance(value, dict) else {"x": value}
    out = dict(obj)
    out[path[0]] = _set(obj.get(path[0]) if isinstance(obj.get(path[0]), dict) else {},
                        path[1:], value)
    return out


def _never_a_traceback(lines: list[str]) -> None:
    try:
        Game.from_record(lines)
    except RecordError as exc:
        assert exc.line >= 1 and str(exc).startswith(f"line {exc.line}: ")


FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(PATHS), JSON), min_size=1, max_size=3))
def test_fuzzed_header_catalogues_never_crash(changes: list[tuple[Any, Any]]) -> None:
    catalogue: dict[str, Any] = {}
    for path, value in changes:
        catalogue = _set(catalogue, path, value)
    _never_a_traceback([header(catalogue=catalogue), *RECORD[1:25]])


@settings(FUZZ, max_examples=80)  # each replays up to the whole record: the costliest
@given(st.integers(0, min(120, len(RECORD) - 1)), st.data())
def test_fuzzed_record_lines_never_crash(at: int, data: st.DataObject) -> None:
    obj = json.loads(RECORD[at])
    key = data.draw(st.sampled_from([*obj, "extra"]))
    obj[key] = data.draw(JSON)
    _never_a_traceback([*RECORD[:at], json.dumps(obj), *RECORD[at + 1:at + 3]])


@FUZZ
@given(st.text(max_size=200) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_fuzzed_raw_lines_never_crash(raw: str) -> None:
    _never_a_traceback([raw])
    _never_a_traceback([*RECORD[:21], raw])


# --- the command line ---------------------------------------------------------------------------


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion.cli", *args],
                          capture_output=True, text=True, timeout=120)


def test_replay_of_hostile_records_exits_2_with_one_line(tmp_path: Path) -> None:
    cases = {"null": "null\n", "digits": '{"version": ' + "9" * 5000 + "}\n",
             "deep": "[" * 100_000 + "]" * 100_000 + "\n",
             "surrogate": header(players=[{"colour": "red", "name": "@"},
                                          {"colour": "blue"}]).replace("@", "\\ud800") + "\n"}
    for name, text in cases.items():
        path = tmp_path / f"{name}.jsonl"
        path.write_text(text)
        done = cli("replay", str(path))
        assert done.returncode == 2 and done.stdout == "", name
        assert done.stderr.startswith("line 1: ") and done.stderr.count("\n") == 1, name
        assert "Traceback" not in done.stderr


def test_cli_errors_are_one_line_and_exit_2(tmp_path: Path) -> None:
    conf = tmp_path / "c.toml"
    conf.write_text(f'data_dir = "{tmp_path / "data"}"\n')
    c = ("--config", str(conf))
    assert cli("import", *c, str(DATA / "game-2p.jsonl")).returncode == 0
    for args in (("export", *c, "99999999999999999999"), ("export", *c, "7"),
                 ("export", *c, "1", "-o", str(tmp_path / "missing" / "x.jsonl")),
                 ("export", *c, "1", "-o", "/dev/full"), ("export", *c),
                 ("import", *c, str(tmp_path / "none.jsonl")), ("games", *c, "--bad")):
        done = cli(*args)
        assert done.returncode == 2, args
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, (args, done)
    done = subprocess.run(f"{sys.executable} -m companion.cli export {' '.join(c)} 1 "
                          "> /dev/full", shell=True, capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    done = subprocess.run(f"{sys.executable} -m companion.cli games {' '.join(c)} | head -0",
                          shell=True, capture_output=True, text=True)
    assert done.stderr == ""


def test_import_numbers_every_line_and_keeps_the_current_game(tmp_path: Path) -> None:
    conf = tmp_path / "c.toml"
    conf.write_text(f'data_dir = "{tmp_path / "data"}"\n')
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n\n" + "\n".join(RECORD[:30]) + '\n{"type": "fly"}\n')
    done = cli("import", "--config", str(conf), str(bad))
    assert done.returncode == 2 and done.stderr == 'line 33: unknown action type "fly"\n'



def test_export_writes_what_import_reads_for_any_name(tmp_path: Path) -> None:
    conf = tmp_path / "c.toml"
    conf.write_text(f'data_dir = "{tmp_path / "data"}"\n')
    names = ['Zoë "Z" \\o/', "太郎 😀 \u202ex"]  # (line breaks: refused at the boundary)
    players = [{"colour": c, "name": n} for c, n in zip(("red", "blue"), names, strict=True)]
    record = tmp_path / "names.jsonl"
    record.write_text("\n".join([header(players=players), *RECORD[1:40]]) + "\n")
    c = ("--config", str(conf))
    assert cli("import", *c, str(record)).returncode == 0
    out = tmp_path / "out.jsonl"
    assert cli("export", *c, "1", "-o", str(out)).returncode == 0
    text = out.read_text(encoding="utf-8")
    assert len(text.splitlines()) == 40  # one line per line, whichever reader splits them
    done = cli("import", *c, str(out))
    assert done.returncode == 0, done.stderr
    game = Game.from_record(split_record(text))
    assert [p.name for p in game.state.players] == names
