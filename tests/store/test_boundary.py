"""Names and text are checked once, at the boundary: a control character (C0 with NUL, DEL,
C1), a line or paragraph separator or an unassigned code point in a name is refused with the
line it is on, by ``replay`` and ``import`` alike; an unfinished import never becomes the
table's game; ``data_dir`` must be a writable directory, else a config error names the key."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.config import ConfigError, check_data_dir
from companion.engine import Game, RecordError
from companion.session import Session
from companion.store import Store

DATA = Path(__file__).parent.parent / "data"
RECORD_2P = (DATA / "game-2p.jsonl").read_text().splitlines()
RECORD = (DATA / "game-4p.jsonl").read_text().splitlines()


def with_name(name: str, record: list[str] = RECORD_2P) -> list[str]:
    header = json.loads(record[0])
    header["players"][1]["name"] = name
    return [json.dumps(header, ensure_ascii=False), *record[1:]]


@pytest.mark.parametrize(("name", "code"), [("Ben\x00", 0x00), ("B\x07en", 0x07),
                                            ("Ben\x7f", 0x7F), ("B\x85en", 0x85),
                                            ("B\x9fen", 0x9F), ("Be\u2028n", 0x2028),
                                            ("Be\u2029n", 0x2029), ("Be\U000e0080", 0xE0080),
                                            ("Be\u0378n", 0x0378)])
def test_a_name_that_cannot_be_shown_is_refused_with_its_line(name: str, code: int) -> None:
    with pytest.raises(RecordError) as info:
        Game.from_record(with_name(name))
    assert info.value.line == 1 and f"U+{code:04X}" in str(info.value)
    assert str(info.value).startswith("line 1: players[1].name holds")


def test_names_in_every_script_and_with_emoji_are_fine() -> None:
    for name in ("Zoë", "Jürg", "Łukasz", "Ολγα", "Юлия", "太郎", "Anna 😀", "O'Neil-Smith"):
        assert Game.from_record(with_name(name)).state.players[1].name == name


def test_replay_and_import_refuse_a_nul_in_a_name_and_store_nothing(tmp_path: Path) -> None:
    record = tmp_path / "nul.jsonl"
    record.write_text("\n".join(with_name("Be\x00n")) + "\n", encoding="utf-8")
    conf = tmp_path / "helvetia.toml"
    conf.write_text(f'data_dir = "{tmp_path / "data"}"\n')
    for args in (["replay", str(record)], ["import", str(record), "--config", str(conf)]):
        out = subprocess.run([sys.executable, "-m", "companion.cli", *args],
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 2 and "line 1: players[1].name holds a control character " \
            "(U+0000)" in out.stderr, out.stderr
    if (tmp_path / "data" / "helvetia.db").exists():
        store, _ = Store.open(tmp_path / "data" / "helvetia.db")
        assert store.games() == []
        store.close()


def test_an_unfinished_import_never_becomes_the_tables_game(tmp_path: Path) -> None:
    path = tmp_path / "helvetia.db"
    store, _ = Store.open(path)
    store.import_record(RECORD_2P[:50])  # nothing at the table yet
    assert store.unfinished() is None
    session = Session.start(store, json.loads(RECORD[0]))
    session.apply(json.loads(RECORD[1]))
    session.abandon()  # the table's game is over
    store.import_record(RECORD[:80])
    assert store.unfinished() is None
    store.close()
    store, _ = Store.open(path)  # and after a restart (healing looks at the journals too)
    assert store.unfinished() is None and len(store.games()) == 3
    store.close()


def test_data_dir_must_be_a_writable_directory(tmp_path: Path) -> None:
    afile = tmp_path / "file"
    afile.write_text("x")
    for bad, words in ((afile, "is not a directory"), (afile / "sub", "cannot make"),
                       (Path("/proc/self"), "cannot write")):
        with pytest.raises(ConfigError, match=f"^data_dir: .*{words}"):
            check_data_dir(bad)
    assert check_data_dir(tmp_path / "new" / "dir").is_dir()


def test_a_stored_game_with_a_nul_in_a_name_is_said_never_a_crash_loop(tmp_path: Path) -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from companion.config import Buttons, Config, Leds
    from companion.display.app.loop import App
    store, _ = Store.open(tmp_path / "helvetia.db")  # as an older companion let it in
    store.new_game(json.loads(with_name("Be\x00n")[0]))
    store.close()
    for _ in range(2):  # every start: the new-game screen and the reason, never a crash
        app = App(Config(data_dir=tmp_path, buttons=Buttons(backend="keyboard"),
                         leds=Leds(backend="simulated")))
        assert app.session is None and app.banner and "does not replay" in app.banner
        app.step(0)
        app.draw()
        app.close()


@pytest.mark.parametrize("what", ["directory", "dangling symlink"])
def test_something_else_in_place_of_the_store_is_said_as_such(tmp_path: Path,
                                                              what: str) -> None:
    from companion.store import StoreTrouble

    path = tmp_path / "helvetia.db"
    if what == "directory":
        path.mkdir()
    else:
        path.symlink_to(tmp_path / "nowhere")
    with pytest.raises(StoreTrouble) as info:
        Store.open(path)
    assert info.value.kind == "in_the_way"
    assert "something else lies where the saved games belong" in str(info.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["helvetia.db"]  # nothing moved
