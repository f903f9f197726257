"""A dialog's buttons say what they do, in every language: the undo question's answers and
the way to abandon the game are never the word every other dialog uses for Cancel, and no two
buttons of one dialog read the same."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.display import i18n
from companion.display.app import App
from companion.display.i18n import LANGUAGES
from tests import uiplay
from tests.test_screens import LINES
from tests.ui_driver import Driver


def labels(d: Driver, *ids: str) -> dict[str, str]:
    shown = {w.id: w.label for w in d.widgets()}
    assert set(ids) <= set(shown), shown
    return {i: shown[i] for i in ids}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_undo_and_abandon_dialogs_say_what_each_button_does(tmp_path: Path,
                                                               language: str) -> None:
    import json

    header = json.loads(LINES[0])
    app = App(uiplay.config(header, tmp_path, language))
    app.store.learn_costs(uiplay.device_costs(header))
    d = Driver(app)
    d.new_game(header)
    d.play(LINES, stop=3)
    cancel = i18n._("Cancel")
    d.tap("undo")
    undo = labels(d, "undo:no", "undo:yes", "abandon")
    assert cancel not in undo.values(), undo
    assert len(set(undo.values())) == len(undo), undo
    d.tap("abandon")
    abandon = labels(d, "abandon:no", "abandon:yes")
    assert cancel not in abandon.values(), abandon
    assert len(set(abandon.values())) == len(abandon), abandon
    d.tap("abandon:no")  # keeps playing: nothing was abandoned
    assert app.session is not None and len(app.session.game.actions) >= 3
    app.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_keys_overlay_names_places_not_play_order(tmp_path: Path, language: str) -> None:
    """The seat buttons are places around the table (any colour sits anywhere): the overlay
    says so, and fits, in every language."""
    from companion.display import ui
    from tests.test_screens import config

    i18n.use(language)
    app = App(config(tmp_path, language=language))
    driver, app.driver = app.driver, "x11"
    ui.clear_reports()
    app.keys_hint()
    app.draw()
    app.driver = driver
    said = i18n._("1, 2, 3, 4: the seat buttons, one at each place; each is the button of "
                  "whoever sits there.")
    assert language == "en" or (said.startswith("1, 2, 3, 4") and "whoever" not in said)
    assert [w.id for w in app.widgets] == ["hint:ok"]
    assert not [r for r in ui.REPORTS if r.screen == "KeysHint"], ui.REPORTS
    app.close()


@pytest.mark.parametrize(("language", "sex", "wanted", "unwanted"), [
    ("es", "f", "una aldeana", "(mujer)"), ("es", "m", "un aldeano", "(hombre)"),
    ("fr", "f", "une habitante", "(femme)"), ("fr", "m", "un habitant", "(homme)")])
def test_a_villager_named_in_a_sentence_agrees_with_its_sex(language: str, sex: str,
                                                            wanted: str, unwanted: str) -> None:
    """ "Pon una aldeana", not "Pon un aldeano (mujer)": the word for the sex chooses the
    translation's form ("{sex:un aldeano/una aldeana}")."""
    from companion.engine.messages import Message

    i18n.use(language)
    i18n.set_players([])
    text = i18n.say(Message("table.supply_to_school", {"player": "red", "sex": sex}))
    assert wanted in text and unwanted not in text, text
    home = i18n.say(Message("table.school_to_centre", {"player": "red", "sex": sex}))
    assert unwanted not in home, home
    i18n.use("en")


def test_a_gendered_word_is_itself_without_a_choice() -> None:
    from companion.display.gendered import Gendered

    w = Gendered("mujer", feminine=True)
    man = Gendered("hombre", feminine=False)
    assert f"{w}" == "mujer" and f"{w:un aldeano/una aldeana}" == "una aldeana"
    assert f"{man:el/la}" == "el"


@pytest.mark.parametrize("language", ["de", "fr"])
def test_drafted_so_far_names_the_players_not_only_their_colours(tmp_path: Path,
                                                                 language: str) -> None:
    from companion.display import ui
    from companion.display.screens.setup_progress import drafted
    from tests.test_turn_flow import DATA, app_for

    lines = (DATA / "game-4p.jsonl").read_text().splitlines()
    app = app_for(lines, tmp_path, language)
    d = Driver(app)
    d.play(lines, stop=5)
    ui.CONTRAST.clear()
    app.draw()
    drawn = " ".join(key[1] for key in ui.CONTRAST)  # a long line is drawn as two
    for colour, picks in drafted(app.state).items():
        if picks:  # "Dario: Getreidehof", beside Dario's badge
            said = re.escape(i18n.name(colour)) + r".{0,4}" + re.escape(picks[0])
            assert re.search(said, drawn), (colour, picks, drawn)
    app.close()
