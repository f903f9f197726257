"""One store, whoever asks: the commands run by hand find the service's store the way the
service does, say which on stderr, and a reading command never creates one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion import cli, cli_store
from companion.config import Config
from tests.store.stored import homes

DATA = Path(__file__).parent.parent / "data"


@pytest.fixture
def machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """A user's home and a service directory, both in tmp_path; no configuration."""
    service, home = homes(tmp_path, monkeypatch)
    return {"service": service, "own": home / ".local" / "share" / "helvetia"}


def files(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def test_the_order_config_then_service_then_your_own(machine: dict[str, Path],
                                                     tmp_path: Path) -> None:
    env = {"HOME": str(tmp_path / "home")}
    own = Config(data_dir=machine["own"])
    assert cli_store.find(own, env).directory == machine["own"]  # no service directory
    machine["service"].mkdir()
    place = cli_store.find(own, env)
    assert (place.directory, place.chosen) == (machine["service"], False)
    assert "the service's" in cli_store.describe(place)
    named = Config(data_dir=tmp_path / "elsewhere", source=tmp_path / "c.toml")
    assert cli_store.find(named, env).directory == tmp_path / "elsewhere"
    assert cli_store.find(named, env).chosen
    state = {"STATE_DIRECTORY": str(tmp_path / "state")}
    assert cli_store.find(Config(data_dir=tmp_path / "state"), state).directory == \
        tmp_path / "state"


def test_reading_commands_create_no_store(machine: dict[str, Path], tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    before = files(tmp_path)
    assert cli.main(["games"]) == 0
    assert cli.main(["export", "1"]) == 2
    err = capsys.readouterr().err
    assert f"the store {machine['own'] / 'helvetia.db'} (there is none yet): your own" in err
    assert "no game 1: no store" in err
    assert files(tmp_path) == before
    machine["service"].mkdir()
    assert cli.main(["games"]) == 0
    assert files(tmp_path) == [*before, "var-lib-helvetia"]


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root (a store owned by another user)")
def test_root_uses_the_services_store_as_its_owner(machine: dict[str, Path],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The table's games are listed, and root's import leaves no file of root's in there:
    the service (its own user) can still write every file."""
    service = machine["service"]
    service.mkdir(mode=0o700)
    os.chown(service, 65534, 65534)
    assert cli.main(["import", str(DATA / "game-2p.jsonl")]) == 0
    assert (os.geteuid(), os.getegid()) == (0, 0)
    owners = {(p.name, p.stat().st_uid) for p in service.iterdir()}
    assert owners and all(uid == 65534 for _, uid in owners), owners
    capsys.readouterr()
    assert cli.main(["games"]) == 0
    out, err = capsys.readouterr()
    assert f"the store {service / 'helvetia.db'}: the service's" in err
    assert len(out.splitlines()) == 1 and "red, blue" in out
    assert not machine["own"].exists()


def test_a_mistake_elsewhere_in_the_config_does_not_stop_games(
        machine: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The table's language set wrong must not keep the owner from his games; a wrong
    data_dir must: then no store is safe to guess."""
    conf = tmp_path / "c.toml"
    conf.write_text(f'language = "xx"\ndata_dir = "{tmp_path / "games"}"\n')
    assert cli.main(["import", "--config", str(conf), str(DATA / "game-2p.jsonl")]) == 0
    assert cli.main(["games", "--config", str(conf)]) == 0
    out, err = capsys.readouterr()
    assert "red, blue" in out and (tmp_path / "games" / "helvetia.db").exists()
    assert err.count("helvetia: warning: configuration") == 2 and "language:" in err
    conf.write_text('data_dir = ""\n')
    assert cli.main(["games", "--config", str(conf)]) == 2
    assert capsys.readouterr().err.startswith(f"helvetia: configuration {conf}: data_dir: ")
