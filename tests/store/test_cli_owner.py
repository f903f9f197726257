"""Files a root command writes go back to the service's user, all of them (the journals'
folder and a journal written afresh by a heal included); every command checks ``data_dir``
(issue 30)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion import cli
from tests.store.stored import homes

DATA = Path(__file__).parent.parent / "data"


@pytest.fixture
def service(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return homes(tmp_path, monkeypatch)[0]


def owners(root: Path) -> set[tuple[str, int]]:
    return {(str(p.relative_to(root)), p.lstat().st_uid) for p in root.rglob("*")}


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root (a store owned by another user)")
def test_a_root_import_that_heals_leaves_every_file_to_the_service(
        service: Path, capsys: pytest.CaptureFixture[str]) -> None:
    service.mkdir(mode=0o700)
    os.chown(service, 65534, 65534)
    assert cli.main(["import", str(DATA / "game-2p.jsonl")]) == 0
    journal = service / "helvetia.db.journal" / "game-1.log"
    data = bytearray(journal.read_bytes())
    data[-5] ^= 1  # the journal's last line damaged: the next open writes it afresh
    journal.write_bytes(bytes(data))
    os.chown(journal, 65534, 65534)
    assert cli.main(["import", str(DATA / "game-3p.jsonl")]) == 0
    assert "repaired" in capsys.readouterr().err
    got = owners(service)
    assert any(name.endswith("game-1.log") for name, _ in got)
    assert all(uid == 65534 for _, uid in got), sorted(n for n, u in got if u != 65534)


def test_every_command_refuses_a_data_dir_that_is_a_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "not-a-dir"
    file.write_text("x")
    conf = tmp_path / "c.toml"
    conf.write_text(f'data_dir = "{file}"\n')
    for args in (["games"], ["stats"], ["export", "1"], ["bgstats"],
                 ["import", str(DATA / "game-2p.jsonl")]):
        assert cli.main([*args, "--config", str(conf)]) != 0, args
        assert "is not a directory" in capsys.readouterr().err, args
    assert file.read_text() == "x"
