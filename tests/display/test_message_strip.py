"""Messages where they belong: a refusal lies in a strip of the screen that caused it, over
no control, and goes with that screen; a tap on it only closes it; a greyed-out character says
why in the engine's words."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.display.words import i18n
from companion.engine import Choose, why_not
from tests.ui_driver import Driver

DATA = Path(__file__).parent.parent / "data"
LONG = ("Blau kann kein ausliegendes Gebäude bezahlen: zu wenige wache Dorfbewohner stellen "
        "die Waren her, und zu wenige Münzen kaufen den Rest.")
LONGEST = ("Die Aktion des Plättchens Baumeister kam nach den Aktionen der Persönlichkeit "
           "Fuhrmann: danach folgt keine Aktion der Persönlichkeit Fuhrmann mehr.")
"""The longest refusal of the catalogues (no doubled one: a screen full of controls may
hold no band for it, and then it goes over the top of the screen, whole)."""


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.use("en")  # the next tests expect the default language



def app_at(tmp: Path, stop: int, language: str = "en") -> tuple[App, Driver]:
    lines = (DATA / "game-2p.jsonl").read_text().splitlines()
    app = App(Config(language=language, data_dir=tmp, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="simulated")))
    d = Driver(app)
    d.play(lines, stop=stop)
    return app, d


def strip(app: App):
    app.draw()
    return next(w for w in app.widgets if w.id == "banner")


@pytest.mark.parametrize("stop", [0, 3, 14, 19, 39, 40, 52])
def test_the_strip_covers_no_control_on_any_screen(tmp_path: Path, stop: int) -> None:
    app, d = app_at(tmp_path, stop)
    if stop == 19:
        d.to_turn_main()
    for text in ("Not now.", LONG, LONGEST):
        app.banner = text
        banner = strip(app)
        controls = [w for w in app.widgets if w.id != "banner"]
        assert controls
        _whole(app, text, banner)
        if banner.rect.collidelist([w.rect for w in controls]) >= 0:
            # A checklist full of controls holds no band for three lines: the whole reason
            # over the top of the screen, where a tap closes it and does nothing else.
            assert text != "Not now.", d.screen_name()
            assert banner.rect.top == 0, (d.screen_name(), banner.rect)
            done = len(app.session.game.actions)
            d.touch_at(banner.rect.center)
            assert app.banner is None and len(app.session.game.actions) == done
    app.close()


def test_a_tap_on_the_strip_only_closes_it_and_a_new_screen_takes_it_away(
        tmp_path: Path) -> None:
    app, d = app_at(tmp_path, 19)
    d.to_turn_main()
    d.seat("blue")  # not Ben's turn: a refusal
    assert app.banner
    banner = strip(app)
    screen, done = app.screen, len(app.session.game.actions)
    d.touch_at(banner.rect.center)
    assert app.banner is None and app.screen is screen
    assert len(app.session.game.actions) == done
    # The refusal goes with its screen: another screen does not show it.
    d.seat("blue")
    assert app.banner
    d.tap("villages")
    assert app.banner is None
    d.tap("back")
    # A control next to the strip acts at the first tap.
    d.seat("blue")
    assert app.banner
    d.tap(next(i for i in ("continue", "steps:show", "character:builder") if d.has(i)))
    assert app.banner is None
    app.close()


def test_a_greyed_out_character_says_why_in_the_engine_s_words(tmp_path: Path) -> None:
    app, d = app_at(tmp_path, 19, "de")
    d.to_turn_main()
    state = helvetia_state(app)
    greyed = [w for w in d.widgets() if w.id.startswith("character:") and not w.enabled]
    assert greyed, "a character with nothing to do at the first turn"
    for w in greyed:
        ch = w.id.split(":")[1]
        reason = why_not(state, Choose(state.active, ch, 1))
        assert reason is not None and reason.code.startswith("idle.")
        d.touch(w)
        assert app.banner == i18n.say(reason)
    app.close()


def test_a_tap_on_a_place_of_a_picture_that_takes_no_action_says_why(tmp_path: Path) -> None:
    app, d = app_at(tmp_path, 49)
    d.tap("continue")  # Blue's Night Watchman: the quarter to wake, on the picture
    refused = [w for w in d.widgets() if w.id.startswith("quarter-no:")]
    assert refused and all(not w.enabled and w.why_not for w in refused)
    offered = [w for w in d.widgets() if w.id.startswith("quarter:")]
    assert offered and not {w.id for w in refused} & {w.id for w in offered}
    done = len(app.session.game.actions)
    d.touch(refused[0])
    assert app.banner and app.banner.startswith("Nobody sleeps in the")
    assert len(app.session.game.actions) == done
    app.close()


def test_a_start_building_placed_on_a_taken_place_is_told_why(tmp_path: Path) -> None:
    app, d = app_at(tmp_path, 4)  # the neutral village's second building
    for _ in range(3):
        if any(w.id.startswith("value:cell:") for w in d.widgets()):
            break
        d.tap(next(w.id for w in d.enabled() if w.id.startswith("value:")))
    refused = [w for w in d.widgets() if w.id.startswith("cell-no:")]
    assert refused
    taken = next(w for w in refused if w.id == "cell-no:0,1")
    d.touch(taken)
    assert app.banner == "That place (below the centre, left) is not free."
    app.close()


def _whole(app: App, text: str, banner) -> None:  # type: ignore[no-untyped-def]
    """Every line of ``text`` lies in the strip ``banner``, nothing cut, no ellipsis."""
    from companion.display.kit import message_strip, text_reports
    from companion.display.kit import widgets as ui
    from companion.display.kit.widgets import BODY, line_height, line_step

    badges = sum(1 for c in ("red", "blue", "yellow", "white") if i18n.name(c) in text)
    width = banner.rect.width - 16 - 36 * badges - 8
    lines = ui.wrap(text, BODY, width)
    need = 2 * message_strip.PAD + (len(lines) - 1) * line_step(BODY) + line_height(BODY)
    assert banner.rect.height >= need, (text, banner.rect, lines)
    assert not any(r.text == text or "…" in r.text for r in text_reports.REPORTS), \
        text_reports.REPORTS


@pytest.mark.parametrize("stop", [3, 19, 49])
def test_a_long_refusal_is_shown_whole_over_no_control_and_a_tap_closes_it(
        tmp_path: Path, stop: int) -> None:
    from companion.display.kit import message_strip, text_reports

    app, d = app_at(tmp_path, stop, "fr")
    if stop == 19:
        d.to_turn_main()
    done = len(app.session.game.actions)
    long = ("Les habitants éveillés de Noël ne produisent aucune marchandise que Noël n'a pas "
            "encore livrée. ") * 2
    app.banner = long
    text_reports.clear_reports()
    banner = strip(app)
    controls = [w.rect for w in app.widgets if w.id != "banner"]
    assert banner.rect.collidelist(controls) < 0
    assert banner.rect.top >= message_strip.TITLE_ROW, banner.rect
    _whole(app, long, banner)
    d.touch_at(banner.rect.center)
    assert app.banner is None
    assert len(app.session.game.actions) == done
    app.close()


def test_a_refusal_on_the_priest_s_picture_says_the_whole_why(tmp_path: Path) -> None:
    """Play-test 2026-11-25, finding 6: "Un mariage demande un habitant seul : l…"."""
    import json

    from companion.display.kit import text_reports
    from companion.engine import Game
    from companion.engine.characters import marriage_problem
    from tests import uiplay

    lines = [ln for ln in (DATA / "game-3p.jsonl").read_text().splitlines() if ln.strip()]
    at = next(i for i, ln in enumerate(lines[1:]) if json.loads(ln)["type"] == "marry")
    app, d = uiplay.started(lines, tmp_path, "fr")
    d.reach(lines, stop=at)
    marry = Game.from_record(lines[:at + 2]).actions[-1]
    d.to_options(marry)
    assert any(w.id.startswith("cell") for w in d.widgets()), "the Priest's picture"
    state = helvetia_state(app)
    cell, _b = next((c, b) for c, b in state.villages[marry.village].buildings.items()
                    if len(b.adults) == 2)
    reason = marriage_problem(state, marry.village, cell, marry.sex, marry.player)
    assert reason is not None and reason.code == "couple_there"
    text = i18n.say(reason)
    app.banner = text
    text_reports.clear_reports()
    banner = strip(app)
    assert banner.rect.collidelist([w.rect for w in app.widgets if w.id != "banner"]) < 0
    _whole(app, text, banner)
    app.close()


def test_whose_turn_stays_in_sight_when_the_wrong_seat_presses(tmp_path: Path) -> None:
    from companion.display.kit import message_strip

    app, d = app_at(tmp_path, 19, "de")
    d.to_turn_main()
    d.seat("blue")  # not Ben's turn: the refusal goes below the title row
    assert app.banner
    assert strip(app).rect.top >= message_strip.TITLE_ROW
    app.close()
