"""Drunter & Drüber in the store and the history: a record imported (``helvetia import``),
listed with Helvetia's games with the game named, exported as it came, resumed after a
restart with undo; summed up for the Games screen and never counted in Helvetia's
statistics. The record is the made-up example (``examples/drunter/made-up-3p.jsonl``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import cli, cli_store, drunter
from companion.history import exports, stats
from companion.session import Session
from companion.store import Store
from companion.store.summaries import summaries

EXAMPLE = Path(__file__).parent.parent.parent / "examples" / "drunter" / "made-up-3p.jsonl"
RECORD = EXAMPLE.read_text(encoding="utf-8").splitlines()
HELVETIA = (Path(__file__).parent.parent / "data" / "game-2p.jsonl").read_text().splitlines()


def open_store(path: Path) -> Store:
    return Store.open(path)[0]


def test_a_drunter_record_is_imported_listed_and_exported_as_it_came(tmp_path: Path) -> None:
    store = open_store(tmp_path / "helvetia.db")
    helvetia = store.import_record(HELVETIA)
    game_id = store.import_record(RECORD)
    assert store.record_lines(game_id) == RECORD
    info = {g.id: g for g in store.games()}
    assert info[game_id].header["game"] == "drunter"
    assert info[game_id].result == {"game": "drunter",
                                    "winners": list(drunter.Game.from_record(RECORD)
                                                    .state.winners),
                                    "tie_break": drunter.Game.from_record(RECORD).state.tie_break,
                                    "scores": drunter.Game.from_record(RECORD).state.scores}
    games = {g.id: g for g in summaries(store)}
    assert games[game_id].game == "drunter" and games[game_id].finished
    assert not games[game_id].counted and games[helvetia].counted
    assert [s.colour for s in games[game_id].seats] == ["red", "blue", "yellow"]
    only_helvetia = stats.player_stats([games[helvetia]])
    assert stats.player_stats(list(games.values())) == only_helvetia
    assert exports.stats_json(store) == exports.stats_json(_without(store, game_id, tmp_path))
    store.close()


def _without(store: Store, game_id: int, tmp: Path) -> Store:
    other = open_store(tmp / "other.db")
    for g in store.games():
        if g.id != game_id:
            other.import_record(store.record_lines(g.id))
    return other


def test_a_bad_drunter_line_is_refused_and_nothing_stored(tmp_path: Path) -> None:
    store = open_store(tmp_path / "helvetia.db")
    bad = [*RECORD[:5], '{"type": "place", "player": "red", "kind": "street", "length": 1, '
                        '"road": "canal", "square": [0, 0]}']
    with pytest.raises(drunter.RecordError) as info:
        store.import_record(bad)
    assert info.value.line == 6
    assert store.games() == []
    store.close()


def test_a_stored_drunter_game_resumes_exactly_and_undoes(tmp_path: Path) -> None:
    store = open_store(tmp_path / "helvetia.db")
    game = drunter.Game.from_record(RECORD)
    session = Session.start(store, game.header)
    for action in game.actions[:12]:
        session.apply(action)
    store.close()
    store, _ = Store.open(tmp_path / "helvetia.db")
    resumed = Session.resume(store)
    assert resumed is not None and isinstance(resumed.game, drunter.Game)
    again = resumed
    assert again.game.record_lines() == [RECORD[0], *RECORD[1:13]]
    again.undo()
    assert store.record_lines(again.game_id) == RECORD[:12]
    for action in game.actions[11:]:
        again.apply(action)
    assert again.state.game_over and store.unfinished() is None
    assert store.games()[0].result["winners"] == list(game.state.winners)
    store.close()


def test_helvetia_games_names_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(cli_store, "SERVICE_DIR", tmp_path / "none")
    for name in ("STATE_DIRECTORY", "HELVETIA_CONFIG", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    helvetia = tmp_path / "h.jsonl"
    helvetia.write_text("\n".join(HELVETIA) + "\n")
    assert cli.main(["import", str(helvetia)]) == 0
    assert cli.main(["import", str(EXAMPLE)]) == 0
    capsys.readouterr()
    assert cli.main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("(Helvetia)") and lines[1].endswith("(Drunter & Drüber)")
    assert "red, blue, yellow" in lines[1] and "won by" in lines[1]
    assert cli.main(["export", "2"]) == 0
    assert capsys.readouterr().out.splitlines() == RECORD
