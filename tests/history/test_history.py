"""The group's history through the screens: three games of the same players (one a shared win)
and one abandoned, played by taps and seat buttons; every figure on the Games and Players
screens checked against values worked out here from the records; the BG Stats code read back
with a QR decoder; the summary table kept in step; the command line's exports."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from companion.display.contract import helvetia_state

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame

from companion import cli
from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.kit import text_reports
from companion.display.screens.history.bgstats_code import BGStatsOverlay
from companion.display.screens.history.game import GameScreen, RecordScreen
from companion.display.screens.history.games import GamesScreen
from companion.display.screens.history.players import PlayersScreen
from companion.engine import Game, summary
from companion.history import bgstats
from companion.store import Store
from companion.store.summaries import rebuild, summaries
from tests import screens_history, uiplay
from tests.ui_driver import Driver

DATA = Path(__file__).parent.parent / "data"
DOCS = Path(__file__).parent.parent.parent / "docs"
RECORDS = ["game-3p", "history-shared-3p", "history-3p"]
"""Anna (red), Carla (yellow) and Ben (blue), three times; the second a shared win."""
T0 = 1_772_823_600  # 2026-03-06 19:00:00 UTC
STARTS = [T0, T0 + 86_400, T0 + 2 * 86_400, T0 + 3 * 86_400]
MINUTES = [95, 62, 48]


def lines_of(name: str) -> list[str]:
    return [ln for ln in (DATA / f"{name}.jsonl").read_text().splitlines() if ln.strip()]


def local(t: float) -> str:
    import time

    return time.strftime("%Y-%m-%d %H:%M", time.localtime(t))


class Clock:
    def __init__(self) -> None:
        self.now = float(T0)

    def __call__(self) -> float:
        return self.now


def play_the_evenings(data: Path, language: str = "en") -> tuple[App, Driver]:
    """The three games and the abandoned one, through the screens, on one device."""
    first = json.loads(lines_of(RECORDS[0])[0])
    app = App(uiplay.config(first, data, language))
    clock = Clock()
    app.store.clock = clock  # the store dates the games by it
    app.store.learn_costs(uiplay.device_costs(first))
    d = Driver(app)
    for i, name in enumerate(RECORDS):
        lines = lines_of(name)
        clock.now = STARTS[i]
        if i:
            d.tap("new_game")  # from the winner screen
        d.new_game(json.loads(lines[0]))  # the store dates the start
        clock.now = STARTS[i] + 60 * MINUTES[i]  # and the end, with the last action
        d.play(lines)
        assert helvetia_state(app).game_over
    d.tap("new_game")
    clock.now = STARTS[3]
    lines = lines_of("history-3p")
    d.new_game(json.loads(lines[0]))
    d.play(lines, stop=40)
    d.tap("undo")  # the undo question offers to abandon the game
    d.tap("abandon")
    d.tap("abandon:yes")
    return app, d


def engine_figures(name: str) -> dict[str, Any]:
    """What the engine itself says of a record (no history code): final VP by source, the
    winners, and the coins each placed per character, the marriages, read off its lines."""
    lines = lines_of(name)
    game = Game.from_record(lines)
    out = summary(game.state)
    coins: dict[str, dict[str, int]] = {c: {} for c in out["players"]}
    marriages = dict.fromkeys(out["players"], 0)
    for line in lines[1:]:
        a = json.loads(line)
        if a["type"] == "choose":
            coins[a["player"]][a["character"]] = coins[a["player"]].get(a["character"], 0) \
                + a["coins"]
        if a["type"] == "marry":
            marriages[a["player"]] += 1
    out["coins"] = coins
    out["marriages"] = marriages
    out["rounds"] = game.state.round
    return out


# One worker: the three evenings (a module fixture) are played once.
pytestmark = pytest.mark.xdist_group("evenings")


@pytest.fixture(scope="module")
def evenings(tmp_path_factory: pytest.TempPathFactory) -> Any:
    text_reports.clear_reports()
    app, d = play_the_evenings(tmp_path_factory.mktemp("data"))
    yield app, d
    app.close()


def test_the_games_screen_lists_the_finished_games_newest_first_and_the_abandoned_apart(
        evenings: Any) -> None:
    app, d = evenings
    d.open_games()  # from the new-game screen
    screen = app.screen
    assert isinstance(screen, GamesScreen)
    d.widgets()
    # Worked out from the records: final VP (red Anna, yellow Carla, blue Ben) and who won.
    assert screen.shown == [
        {"id": 3, "head": f"{local(STARTS[2])} · 48 min", "result": "Carla wins!",
         "setup": "3 players · draft",
         "players": [("yellow", "Carla", "20"), ("blue", "Ben", "17"), ("red", "Anna", "8")],
         "winners": ["Carla"]},
        {"id": 2, "head": f"{local(STARTS[1])} · 1 h 2 min",
         "result": "Carla & Ben share the win!", "setup": "3 players · draft · intro game",
         "players": [("yellow", "Carla", "18"), ("blue", "Ben", "18"), ("red", "Anna", "11")],
         "winners": ["Carla", "Ben"]},
        {"id": 1, "head": f"{local(STARTS[0])} · 1 h 35 min", "result": "Anna wins!",
         "setup": "3 players · draft",
         "players": [("red", "Anna", "23"), ("yellow", "Carla", "14"), ("blue", "Ben", "12")],
         "winners": ["Anna"]},
    ]
    for name, (vp, winners) in zip(RECORDS, [({"red": 23, "yellow": 14, "blue": 12}, ["red"]),
                                             ({"red": 11, "yellow": 18, "blue": 18},
                                              ["yellow", "blue"]),
                                             ({"red": 8, "yellow": 20, "blue": 17}, ["yellow"])],
                                   strict=True):
        e = engine_figures(name)  # the engine agrees with the figures above
        assert {c: p["vp"] for c, p in e["players"].items()} == vp and e["winners"] == winners
    d.tap("tab:other")
    d.widgets()
    assert [(r["id"], r["result"], r["players"]) for r in screen.shown] == [
        (4, "abandoned", [("red", "Anna", "0"), ("yellow", "Carla", "0"), ("blue", "Ben", "0")])]
    d.tap("tab:finished")
    d.tap("back")
    assert not isinstance(app.screen, GamesScreen)


def test_a_game_shows_its_scores_by_source_and_the_vp_chart(evenings: Any) -> None:
    app, d = evenings
    d.open_games()
    d.tap("game:2")  # the shared win
    screen = app.screen
    assert isinstance(screen, GameScreen)
    d.widgets()
    e = engine_figures("history-shared-3p")
    assert screen.shown["scores"] == {
        c: {"vp": p["vp"], **p["vp_breakdown"]} for c, p in e["players"].items()}
    assert screen.shown["head"] == "Carla & Ben share the win! · 1 h 2 min"
    assert screen.shown["counts"].startswith(f"{e['rounds']} rounds · ")
    points = dict(screen.shown["chart"])
    assert all(len(p) == e["rounds"] for p in points.values())
    assert {c: p[-1] for c, p in points.items()} == {"red": 11, "yellow": 18, "blue": 18}
    turns = sum(1 for ln in lines_of("history-shared-3p")[1:]
                if json.loads(ln)["type"] in ("end_turn", "cannot_act"))
    assert f" · {turns} turns · " in screen.shown["counts"]
    d.tap("record")
    record = app.screen
    assert isinstance(record, RecordScreen)
    d.widgets()
    kinds = [k for k, _ in record.lines]
    assert kinds.count("round") == e["rounds"] and kinds.count("scores") == e["rounds"]
    assert record.lines[0] == ("round", "Round 1")
    assert record.lines[-1] == ("scores", f"End of round {e['rounds']}: Anna 11, Carla 18, "
                                          "Ben 18")
    while d.has("record:next"):
        d.tap("record:next")
    d.tap("back")
    d.tap("back")
    d.tap("back")


def rate(wins: int, games: int) -> str:
    return f"{round(100 * wins / games)} %"


def test_the_players_screen_has_every_figure_as_worked_out_by_hand(evenings: Any) -> None:
    app, d = evenings
    figures = [engine_figures(n) for n in RECORDS]
    who = {"red": "Anna", "yellow": "Carla", "blue": "Ben"}
    labels = {"start_player": "start player", "deliveries": "deliveries",
              "goods_tiles": "goods tiles", "character_tiles": "character tiles",
              "vp_buildings": "VP buildings", "branch_tiles": "branch tiles",
              "village_tiles": "village tiles"}
    # Final VP: Anna 23, 11, 8; Carla 14, 18, 20; Ben 12, 18, 17. Wins: Anna the first,
    # Carla and Ben share the second, Carla the third. Placings (1 = best, a shared win
    # shares 1): Anna 1, 3, 3; Carla 2, 1, 1; Ben 3, 1, 2. So Anna placed above Carla once
    # and above Ben once, below each twice; Carla above Ben twice (the shared win is no
    # one's), above Anna twice; Ben above Anna twice, never above Carla.
    expected = {
        "Anna": {"Games": "3", "Wins": f"1 ({rate(1, 3)})", "Average VP": "14.0",
                 "Best VP": "23", "Beats most often": "Ben (1 of 3)",
                 "Loses most often to": "Ben (2 of 3)"},
        "Carla": {"Games": "3", "Wins": f"2 ({rate(2, 3)})", "Average VP": "17.3",
                  "Best VP": "20", "Beats most often": "Anna (2 of 3)",
                  "Loses most often to": "Anna (1 of 3)"},
        "Ben": {"Games": "3", "Wins": f"1 ({rate(1, 3)})", "Average VP": "15.7",
                "Best VP": "18", "Beats most often": "Anna (2 of 3)",
                "Loses most often to": "Carla (2 of 3)"},
    }
    for colour, name in who.items():
        for key, label in labels.items():
            total = sum(f["players"][colour]["vp_breakdown"][key] for f in figures)
            expected[name][label] = f"{total / 3:.1f} VP a game"
        marriages = sum(f["marriages"][colour] for f in figures)
        expected[name]["marriages"] = f"{marriages / 3:.1f} a game"
        coins: dict[str, int] = {}
        for f in figures:
            for ch, n in f["coins"][colour].items():
                coins[ch] = coins.get(ch, 0) + n
        order = ["builder", "carter", "night_watchman", "priest", "midwife"]
        best = max(order, key=lambda ch: (coins.get(ch, 0), -order.index(ch)))
        expected[name]["Favourite character"] = {
            "builder": "Builder", "carter": "Carter", "night_watchman": "Night Watchman",
            "priest": "Priest", "midwife": "Midwife"}[best]
    d.open_games()
    d.tap("players")
    screen = app.screen
    assert isinstance(screen, PlayersScreen)
    for name in ("Carla", "Anna", "Ben"):  # the most wins first, then the better rate
        d.widgets()
        assert screen.shown == {**expected[name], "name": name}, name
        d.tap("players:next")
    d.tap("back")
    d.tap("back")


def decode(surface: pygame.Surface) -> list[str]:
    """The QR codes a maintained decoder (zxing-cpp, a dev dependency) reads on the screen."""
    zxingcpp = pytest.importorskip("zxingcpp")

    data = pygame.image.tobytes(surface, "RGB")
    view = memoryview(data).cast("B", (surface.get_height(), surface.get_width(), 3))
    return [r.text for r in zxingcpp.read_barcodes(view)]


def test_the_bgstats_code_on_the_winner_screen_reads_back_as_the_play(tmp_path: Path) -> None:
    validate = pytest.importorskip("jsonschema").validate
    lines = lines_of("game-2p")
    app = App(uiplay.config(json.loads(lines[0]), tmp_path, "en"))
    clock = Clock()
    app.store.clock = clock
    app.store.set_setting("bgstats.location", "Stube")
    d = Driver(app)
    d.new_game(json.loads(lines[0]))
    clock.now = T0 + 57 * 60 + 20
    d.play(lines)
    d.tap("bgstats")
    assert isinstance(app.overlay, BGStatsOverlay)
    app.draw()
    texts = decode(app.surface)
    assert texts == [app.overlay.shared.link]
    link = texts[0]
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    play = json.loads(unquote(link.removeprefix(
        "https://app.bgstatsapp.com/createPlay.html?data=")))
    import time

    first = next(Game.from_record(lines[:n]).state.start_player for n in range(2, len(lines))
                 if Game.from_record(lines[:n]).state.round == 1)
    assert first == "red"  # Anna held the start-player token as round 1 began (Ben at the end)
    assert play == {
        "sourceName": "Helvetia Companion",
        "sourcePlayId": play["sourcePlayId"],
        "playDate": time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(T0)),
        "durationMin": 57,
        "location": "Stube",
        "game": {"name": "Helvetia", "highestWins": True, "noPoints": False,
                 "sourceGameId": "helvetia"},
        "players": [
            {"name": "Anna", "score": 20, "winner": True, "startPlayer": True, "rank": 1,
             "role": "Red", "sourcePlayerId": play["players"][0]["sourcePlayerId"]},
            {"name": "Ben", "score": 13, "winner": False, "startPlayer": False, "rank": 2,
             "role": "Blue", "sourcePlayerId": play["players"][1]["sourcePlayerId"]}],
        "comments": "Anna 20 VP (deliveries 6, goods tiles 2, character tiles 3, VP buildings 9)"
                    "; Ben 13 VP (start 1, deliveries 3, VP buildings 9)",
    }
    schema = json.loads((DOCS / "bgstats-play.schema.json").read_text())
    validate(play, schema)
    # Stable ids: the same game, the same play id; a player, the same id in every game.
    assert play["sourcePlayId"] == app.overlay.shared.play["sourcePlayId"]
    assert play["players"][0]["sourcePlayerId"] == bgstats.player_id("Anna")
    assert app.overlay.code_rect.width >= 4 * app.overlay.shared.code.symbol_size(border=0)[0]
    d.tap("bgstats:close")
    app.close()


def test_a_four_player_code_shortens_the_comments_and_keeps_every_player(tmp_path: Path) -> None:
    store, _ = Store.open(tmp_path / "helvetia.db")
    store.import_record(lines_of("game-4p"))
    game = summaries(store)[0]
    shared = bgstats.share(game)
    full = bgstats.play(game)["comments"]  # shortened first (issue 30), or left out
    said = shared.play.get("comments", "")
    assert len(said) < len(full) and (not said or said.endswith("\u2026"))
    assert len(shared.play["players"]) == 4
    assert shared.code.version <= bgstats.MAX_VERSION
    assert "comments" in bgstats.play(game)  # the command line's export keeps them
    store.close()


def settled(store: Store) -> None:
    """The round end's backup, which runs in the background, has finished."""
    thread = getattr(store, "backup_thread", None)
    if thread is not None:
        thread.join()


def test_the_summary_table_follows_the_games_end_its_undo_and_is_rebuilt(
        tmp_path: Path) -> None:
    from companion.session import Session

    store, _ = Store.open(tmp_path / "helvetia.db")
    lines = lines_of("game-2p")
    session = Session.start(store, json.loads(lines[0]))
    for line in lines[1:]:
        session.apply(json.loads(line))
    settled(store)
    rows = store.db.execute("SELECT game_id FROM summaries").fetchall()
    assert rows == [(session.game_id,)]  # written with the game's last action
    session.undo()
    assert store.db.execute("SELECT COUNT(*) FROM summaries").fetchone()[0] == 0
    session.apply(json.loads(lines[-1]))
    settled(store)
    store.db.execute("UPDATE summaries SET summary='{broken'")  # damaged: computed again
    assert [g.seat("red").vp for g in summaries(store)] == [20]
    store.db.execute("UPDATE summaries SET summary=CAST(X'FF00' AS TEXT)")  # not UTF-8
    assert [g.seat("red").vp for g in summaries(store)] == [20]
    store.db.execute("DELETE FROM summaries")  # a store from before the table
    assert [g.winners for g in summaries(store)] == [("red",)]
    assert store.db.execute("SELECT COUNT(*) FROM summaries").fetchone()[0] == 1
    assert rebuild(store) == 1
    store.close()


def test_a_store_from_before_the_history_gets_the_table_and_keeps_its_games(
        tmp_path: Path) -> None:
    import sqlite3

    from companion.store import SCHEMA_VERSION

    store, _ = Store.open(tmp_path / "helvetia.db")
    store.import_record(lines_of("game-2p"))
    store.close()
    with sqlite3.connect(tmp_path / "helvetia.db") as db:  # as version 2 left it
        db.execute("DROP TABLE summaries")
        db.execute("PRAGMA user_version=2")
    store, notice = Store.open(tmp_path / "helvetia.db")
    assert notice is None and len(store.games()) == 1
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
    assert [g.seat("red").vp for g in summaries(store)] == [20]
    store.close()


def test_a_fault_in_the_history_never_keeps_a_game_from_ending(tmp_path: Path,
                                                                monkeypatch: Any) -> None:
    from companion.history import summary
    from companion.session import Session

    def broken(*args: Any) -> Any:
        raise RuntimeError("a bug in the history")

    monkeypatch.setattr(summary, "summarize", broken)
    store, _ = Store.open(tmp_path / "helvetia.db")
    lines = lines_of("game-2p")
    session = Session.start(store, json.loads(lines[0]))
    for line in lines[1:]:
        session.apply(json.loads(line))
    assert session.state.game_over and store.unfinished() is None  # ended, and stored so
    settled(store)  # the summary is computed after the commit, beside the table
    assert store.db.execute("SELECT COUNT(*) FROM summaries").fetchone()[0] == 0
    monkeypatch.undo()
    assert [g.winners for g in summaries(store)] == [("red",)]  # summed up when asked
    store.close()


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_command_line_exports_games_stats_and_plays(
        evenings: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import csv
    import io

    app, _d = evenings
    conf = tmp_path / "c.toml"
    conf.write_text(f'data_dir = "{app.store.path.parent}"\n')
    c = ("--config", str(conf))
    code, out, _err = run(capsys, "games", *c, "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["id"], r["status"], r["winners"]) for r in rows] == [
        ("4", "abandoned", ""), ("3", "finished", "Carla"), ("2", "finished", "Carla;Ben"),
        ("1", "finished", "Anna")]
    assert (rows[1]["duration_min"], rows[1]["player1_name"], rows[1]["player1_vp"],
            rows[1]["player1_rank"]) == ("48", "Anna", "8", "3")
    code, out, _err = run(capsys, "stats", *c, "--json")
    stats = json.loads(out)
    assert code == 0 and stats["games"] == 3
    ben = next(p for p in stats["players"] if p["name"] == "Ben")
    assert (ben["games"], ben["wins"], ben["best_vp"], ben["average_vp"]) == (3, 1, 18, 15.67)
    assert ben["loses_to_most"] == {"name": "Carla", "games": 2, "together": 3}
    code, out, _err = run(capsys, "stats", *c)
    assert code == 0 and out.splitlines()[1].startswith("Carla")
    code, out, _err = run(capsys, "export", *c, "2", "--format", "bgstats")
    play = json.loads(out)
    assert code == 0 and [p["winner"] for p in play["players"]] == [False, True, True]
    assert [p["rank"] for p in play["players"]] == [3, 1, 1]
    validate = pytest.importorskip("jsonschema").validate
    validate(play, json.loads((DOCS / "bgstats-play.schema.json").read_text()))
    code, _out, err = run(capsys, "export", *c, "4", "--format", "bgstats")
    assert code == 2 and "abandoned" in err and err.count("\n") == 1
    code, _out, err = run(capsys, "export", *c, "9", "--format", "bgstats")
    assert code == 2 and "no game 9" in err
    code, out, _err = run(capsys, "export", *c, "1")
    assert code == 0 and out.splitlines()[1] == lines_of("game-3p")[1]  # the record as before
    code, out, err = run(capsys, "bgstats", *c, "--location", "Stube", "--bgg-id", "66505")
    assert code == 2 and "already running" in err  # a setting is a write: the companion's own
    app.store.close()  # the companion stops
    code, out, _err = run(capsys, "bgstats", *c, "--location", "Stube", "--bgg-id", "66505")
    assert code == 0 and out == "location: Stube\nbggId: 66505\n"
    code, out, _err = run(capsys, "export", *c, "3", "--format", "bgstats")
    play = json.loads(out)
    assert play["location"] == "Stube" and play["game"]["bggId"] == 66505
    for bad in (("--bgg-id", "x1"), ("--location", "a\nb"), ("--location", "x" * 101)):
        code, _out, err = run(capsys, "bgstats", *c, *bad)
        assert code == 2 and err.count("\n") == 1, bad
    code, out, _err = run(capsys, "bgstats", *c, "--location", "", "--bgg-id", "none")
    assert code == 0 and out == "location: (none)\nbggId: (none)\n"
    code, out, _err = run(capsys, "export", *c, "3", "--format", "bgstats")
    assert "bggId" not in json.loads(out)["game"]


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "es"])
def test_the_history_screens_fit_and_stand_out_in_every_language(tmp_path: Path,
                                                                  language: str) -> None:
    """Every history screen (each game, its record page by page, its code, each player)."""
    text_reports.clear_reports()
    shots = screens_history.render(language, tmp_path / "shots", tmp_path / "data")
    assert set(shots) == set(screens_history.SHOTS)
    for path in shots.values():
        assert pygame.image.load(str(path)).get_size() == (800, 480)
    assert [(r.screen, r.text) for r in text_reports.REPORTS] == []
    assert text_reports.contrast_misses(4.5) == []
    assert {k[0] for k in text_reports.CONTRAST} >= {"GamesScreen", "GameScreen", "RecordScreen",
                                           "BGStatsOverlay", "PlayersScreen"}
    # A store from before the summaries: summed up when the history is first opened, the
    # watchdog fed and the progress said meanwhile, each game kept at once.
    store, _ = Store.open(tmp_path / "data" / "helvetia.db")
    store.db.execute("DELETE FROM summaries")
    store.close()
    app = App(Config(language=language, data_dir=tmp_path / "data",
                     buttons=Buttons(backend="keyboard"), leds=Leds(backend="simulated")))
    ticks = []
    app.watchdog.tick = lambda: ticks.append(1)  # type: ignore[method-assign]
    d = Driver(app)
    d.open_games()
    assert [r["id"] for r in app.screen.shown] == [3, 2, 1] and len(ticks) >= 4
    # (the page's games only: the list is read one page at a time)
    assert app.store.db.execute("SELECT COUNT(*) FROM summaries").fetchone()[0] == 3
    d.tap("tab:other")  # the game in play (not kept: it changes) and the abandoned one
    assert [(r["id"], r["players"][0][1:]) for r in app.screen.shown] == [
        (5, ("Anna", "")), (4, ("Anna", "0"))]
    assert app.store.db.execute("SELECT COUNT(*) FROM summaries").fetchone()[0] == 4
    app.close()
    assert [(r.screen, r.text) for r in text_reports.REPORTS] == []
    assert text_reports.contrast_misses(4.5) == []
