"""UI self-play: whole games entered through the screens by taps and seat buttons only, each
ending in the state `helvetia replay` gives for its record. The test games and the examples,
each walked once with every new screen drawn in all five languages; and fresh games (2, 3 and
4 players, draft and simplified setup, the intro game; costs in the header or read off the
tiles; English and German) from the engine's public API."""

from __future__ import annotations

import json
import os
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from companion import selfplay
from companion.display.kit import text_reports
from companion.display.words.i18n import LANGUAGES
from companion.engine import Game, header_line, summary
from companion.engine.state import COLOURS
from tests import gamegen, uiplay

ROOT = Path(__file__).parent.parent.parent
RECORDS = sorted((ROOT / "tests" / "data").glob("*.jsonl")) + sorted(
    (ROOT / "examples").glob("*.jsonl"))


WALKED_IN = {"game-2p": "en", "game-3p-intro": "it", "game-3p": "fr", "game-4p": "de",
             "history-3p": "es", "history-shared-3p": "it", "hurried-4p": "de",
             "sample-game": "en"}
"""The language a record is walked in (the lead's pre-stop check walks game-4p in German);
the others take the languages in turn, so that names are typed on every language's keyboard."""


def walked_in(i: int, path: Path) -> str:
    return WALKED_IN.get(path.stem, list(LANGUAGES)[i % len(LANGUAGES)])


def check(lines: list[str], tmp: Path, language: str,
          also: tuple[str, ...] = ()) -> uiplay.Played:
    with tempfile.TemporaryDirectory(dir=uiplay.scratch()) as store:  # fsync costs nothing
        played = uiplay.play(lines, Path(store), language, also)
    want = summary(Game.from_record(lines).state)
    got = played.state
    if not played.names_entered:  # the screens did not ask: the app has the colours' names
        for c, p in got["players"].items():
            p["name"] = want["players"][c]["name"]
    assert got == want
    return played


@pytest.mark.parametrize(("path", "language"), [(p, walked_in(i, p)) for i, p in
                                                 enumerate(RECORDS)], ids=lambda p: p.stem
                         if isinstance(p, Path) else p)
def test_every_recorded_game_through_the_screens_in_every_language(
        path: Path, language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Walked once (taps do not depend on the language), and at each new screen and state the
    same state drawn in all five languages, with strict text fit: any text that does not fit
    its box, body text under 24 px, a label on a picture under 20 px and a villager under
    28 px stop the game at once (``text_reports.TextDoesNotFit``, naming the screen, the text
    and the language); and no text under 4.5:1 against what it is drawn on. (game-4p, walked in
    German, is the lead's pre-stop check: its draft has a forced pick, White takes the last
    Brickyard, confirmed with one tap.)"""
    monkeypatch.setenv("HELVETIA_STRICT_TEXT", "1")
    text_reports.clear_reports()
    others = tuple(lang for lang in LANGUAGES if lang != language)
    played = check(path.read_text(encoding="utf-8").splitlines(), tmp_path, language, others)
    assert played.pairs is not None
    states = {(screen, state) for screen, state, _lang in played.pairs}
    assert played.pairs == {(*k, lang) for k in states for lang in LANGUAGES}
    assert len(states) > 50  # the walk drew the game's screens
    assert [(r.screen, r.text) for r in text_reports.REPORTS] == []
    assert text_reports.contrast_misses(4.5) == []


# --- fresh games ---------------------------------------------------------------------------

SETUPS = [(n, setup, intro) for n in (2, 3, 4) for setup in ("draft", "simplified")
          for intro in (False, True)]


def gamegen_header(i: int) -> dict[str, Any]:
    """Every player count and setup, with and without the intro; every other game with its
    costs in the header (else read off the tiles)."""
    n, setup, intro = SETUPS[i % len(SETUPS)]
    rng = random.Random(1000 + i)
    colours = rng.sample(COLOURS, n)
    neutral = rng.choice([c for c in COLOURS if c not in colours]) if n == 2 else None
    return header_line([(c, c.title()) for c in colours], setup=setup, intro=intro,
                       neutral_colour=neutral, catalogue=gamegen.TEST_COSTS if i % 2 else None)


def gamegen_game(i: int) -> tuple[list[str], str]:
    """Game ``i`` of the seeded bot (tests/gamegen.py)."""
    game = gamegen.play(gamegen_header(i), 1000 + i)
    return game.record_lines(), "de" if i % 3 == 1 else "en"


def selfplay_game(i: int) -> tuple[list[str], str]:
    """Game ``i`` of `helvetia selfplay` (random legal moves from the options calls), every
    other one played as a hurried table (any coin count the screens offer, costs read off the
    tiles when asked, Builder-tile builds that buy with every coin)."""
    game, result = selfplay.play(2 + i % 3, 500 + i, adversarial=i % 2 == 0)
    assert not result.violations, result.violations
    return game.record_lines(), "de" if i % 2 else "en"


FRESH = ([("gamegen", i) for i in range(24)] + [("selfplay", i) for i in range(8)])


@pytest.mark.parametrize(("source", "i"), FRESH, ids=[f"{s}-{i}" for s, i in FRESH])
def test_fresh_games_through_the_screens(source: str, i: int, tmp_path: Path) -> None:
    lines, language = (gamegen_game if source == "gamegen" else selfplay_game)(i)
    assert json.loads(lines[-1])  # a whole game: it ends
    assert Game.from_record(lines).state.game_over
    check(lines, tmp_path, language)


def test_fresh_games_cover_every_option() -> None:
    headers = [gamegen_header(i) for i in range(len(SETUPS))]
    seen = {(len(h["players"]), h["options"]["setup"], h["options"]["intro"]) for h in headers}
    assert seen == set(SETUPS)


# --- the command ---------------------------------------------------------------------------


def test_the_command_prints_what_replay_prints(tmp_path: Path, capsys: Any) -> None:
    record = ROOT / "examples" / "sample-game.jsonl"
    assert uiplay.main([str(record)]) == 0
    got = json.loads(capsys.readouterr().out)
    want = summary(Game.from_record(record.read_text().splitlines()).state)
    assert {c: p["vp"] for c, p in got["players"].items()} == {
        c: p["vp"] for c, p in want["players"].items()}
    assert got["round"] == want["round"] and got["winners"] == want["winners"]


def test_a_header_the_screens_cannot_make_is_skipped(tmp_path: Path, capsys: Any) -> None:
    lines = (ROOT / "examples" / "sample-game.jsonl").read_text().splitlines()
    header = json.loads(lines[0])
    header["catalogue"] = {"buildings": {"mine": {"stacks": {"1": 0, "2": 2}}}}
    record = tmp_path / "moved.jsonl"
    record.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    assert uiplay.main([str(record)]) == 3
    assert capsys.readouterr().out.startswith("skipped: ")


def test_a_line_against_the_rules_exits_2_with_its_number(tmp_path: Path, capsys: Any) -> None:
    lines = (ROOT / "examples" / "sample-game.jsonl").read_text().splitlines()
    record = tmp_path / "bad.jsonl"
    record.write_text("\n".join([*lines[:3], lines[2]]) + "\n")  # the same player twice
    assert uiplay.main([str(record)]) == 2
    assert "line 4" in capsys.readouterr().err


def test_a_line_with_no_way_on_the_screens_names_its_number_and_the_widgets(
        tmp_path: Path) -> None:
    from companion.config import Buttons, Config, Leds
    from companion.display.app.loop import App
    from tests.ui_driver import Driver, Stuck

    lines = (ROOT / "tests" / "data" / "game-2p.jsonl").read_text().splitlines()
    app = App(Config(data_dir=tmp_path, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="none")))
    d = Driver(app)
    d.play(lines, stop=19)  # Red's first turn
    pick = json.dumps({"type": "pick", "player": "red", "building": "well"})
    with pytest.raises(Stuck) as stuck:
        d.play([*lines[:20], pick])  # no draft in a turn: nothing on the screen enters it
    assert stuck.value.line == 21  # type: ignore[attr-defined]
    assert any(w.startswith("character:") for w in stuck.value.widgets)
    assert stuck.value.screen == "TurnScreen"
    app.close()
