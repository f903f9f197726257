"""The seat buttons speak in data: why a press does nothing is a ``Message`` (a code and its
parameters, like the engine's refusals) that the screen words in the table's language."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from companion.config import Buttons, Config, Leds
from companion.controls import ENGLISH, NOT_IN_PLAY, button_decision
from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.display.words import i18n
from companion.engine import Game, Message, english, phase_message
from companion.hw.events import PRESS, ButtonEvent
from tests.helpers import Table, set_up
from tests.ui_driver import Driver

DATA = Path(__file__).parent.parent / "data"


def test_a_refused_press_is_a_code_with_parameters() -> None:
    t = Table(set_up(("red", "blue", "yellow"), start="red").state)
    wrong = button_decision(t.state, ButtonEvent("blue", PRESS, 0.0)).message
    assert wrong == Message("not_your_turn", {"active": "red", "player": "blue"})
    early = button_decision(t.state, ButtonEvent("red", PRESS, 0.0)).message
    assert isinstance(early, Message) and early.code != "not_your_turn"
    assert english(early)  # the engine's own refusal, worded by whoever shows it


def test_a_press_out_of_play_names_what_is_awaited() -> None:
    i18n.use("en")
    header = json.loads((DATA / "game-2p.jsonl").read_text().splitlines()[0])
    state = Game(header).state
    decision = button_decision(state, ButtonEvent(state.players[0].colour, PRESS, 0.0))
    assert decision.action is None and not decision.undo
    assert decision.message == Message(NOT_IN_PLAY, {"what": phase_message(state)})
    assert english(phase_message(state)) in i18n.say(decision.message)


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "es"])
def test_the_screen_words_the_press_in_the_tables_language(tmp_path: Path,
                                                            language: str) -> None:
    lines = (DATA / "game-2p.jsonl").read_text().splitlines()
    app = App(Config(language=language, data_dir=tmp_path, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="simulated")))
    d = Driver(app)
    d.reach(lines, stop=3)  # still setting up: the buttons end turns only
    state = helvetia_state(app)
    d.seat(state.players[0].colour)
    want = Message(NOT_IN_PLAY, {"what": phase_message(state)})
    assert app.banner == i18n.say(want)
    assert i18n.say(phase_message(state)) in app.banner
    if language != "en":
        assert app.banner != ENGLISH[NOT_IN_PLAY].format(what=english(phase_message(state)))
    d.reach(lines, stop=19)
    d.to_turn_main()
    active = helvetia_state(app).active
    other = next(p.colour for p in helvetia_state(app).players if p.colour != active)
    d.seat(other)  # not their turn
    assert app.banner == i18n.say(Message("not_your_turn", {"active": active, "player": other}))
    assert i18n.name(active) in app.banner and i18n.name(other) in app.banner
    app.close()
