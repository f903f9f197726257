"""A dialog's buttons say what they do, in every language: the undo question's answers and
the way to abandon the game are never the word every other dialog uses for Cancel, and no two
buttons of one dialog read the same."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.display.app.loop import App
from companion.display.contract import helvetia_state
from companion.display.words import i18n
from companion.display.words.i18n import LANGUAGES
from tests import uiplay
from tests.display.test_screens import LINES
from tests.ui_driver import Driver


def labels(d: Driver, *ids: str) -> dict[str, str]:
    shown = {w.id: w.label for w in d.widgets()}
    assert set(ids) <= set(shown), shown
    return {i: shown[i] for i in ids}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_undo_and_abandon_dialogs_say_what_each_button_does(tmp_path: Path,
                                                               language: str) -> None:

    app, d = uiplay.started(LINES, tmp_path, language)
    d.reach(LINES, stop=3)
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
    from companion.display.kit import text_reports
    from tests.display.test_screens import config

    i18n.use(language)
    app = App(config(tmp_path, language=language))
    driver, app.driver = app.driver, "x11"
    text_reports.clear_reports()
    app.keys_hint()
    app.draw()
    app.driver = driver
    said = i18n._("1, 2, 3, 4: the seat buttons, one at each place; each is the button of "
                  "whoever sits there.")
    assert language == "en" or (said.startswith("1, 2, 3, 4") and "whoever" not in said)
    assert [w.id for w in app.widgets] == ["hint:ok"]
    assert not [r for r in text_reports.REPORTS if r.screen == "KeysHint"], text_reports.REPORTS
    app.close()


@pytest.mark.parametrize(("language", "sex", "wanted", "unwanted"), [
    ("es", "f", "una aldeana", "(mujer)"), ("es", "m", "un aldeano", "(hombre)"),
    ("fr", "f", "une femme", "(femme)"), ("fr", "m", "un homme", "(homme)")])
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
    from companion.display.words.gendered import Gendered

    w = Gendered("mujer", feminine=True)
    man = Gendered("hombre", feminine=False)
    assert f"{w}" == "mujer" and f"{w:un aldeano/una aldeana}" == "una aldeana"
    assert f"{man:el/la}" == "el"


@pytest.mark.parametrize("language", ["de", "fr"])
def test_drafted_so_far_names_the_players_not_only_their_colours(tmp_path: Path,
                                                                 language: str) -> None:
    from companion.display.kit import text_reports
    from companion.display.screens.setup.progress import drafted
    from tests.display.test_turn_flow import DATA, app_for

    lines = (DATA / "game-4p.jsonl").read_text().splitlines()
    app = app_for(lines, tmp_path, language)
    d = Driver(app)
    d.reach(lines, stop=5)
    text_reports.CONTRAST.clear()
    app.draw()
    drawn = " ".join(key[1] for key in text_reports.CONTRAST)  # a long line is drawn as two
    for colour, picks in drafted(helvetia_state(app)).items():
        if picks:  # "Dario: Getreidehof", beside Dario's badge
            said = re.escape(i18n.name(colour)) + r".{0,4}" + re.escape(picks[0])
            assert re.search(said, drawn), (colour, picks, drawn)
    app.close()


def test_the_builder_tiles_bought_goods_put_the_first_coins_on_the_builder_not_more() -> None:
    """With the Builder tile no coin of the player lies on the Builder yet: the step says "put
    3 coins on the Builder", not "3 more coins"; the model of the table counts them the same."""
    from companion.engine import apply, parse_action
    from companion.engine.table import back_steps, english, steps
    from tests.engine.test_rulings import stuck, table

    t = table().edit(stuck("red"))
    t.edit(lambda s: (s.offer.update(bakehouse=1), s.tile_holder.update(builder="red")))
    before = t.state
    a = parse_action({"type": "build", "player": "red", "building": "bakehouse",
                      "cell": [1, -1], "tile": True,
                      "buy": {"brick": 1, "stone": 1, "wood": 1}})
    after = apply(before, a)
    out = steps(before, a, after)
    coins = [s for s in out if s.code.startswith("table.coins")]
    assert [s.code for s in coins] == ["table.coins_for_goods_tile"]
    said = english(coins[0], after.catalogue)
    assert "3 coins on the Builder" in said and "more" not in said, said
    assert after.character_coins["builder"] == {"red": 3}
    back = [s.code for s in back_steps(before, a, after)]
    assert "table.back.coins_for_goods_tile" in back
    for lang in LANGUAGES:
        i18n.use(lang)
        assert "{" not in i18n.say(coins[0].message)
    i18n.use("en")


class CoinCounter(Driver):
    """Plays like the driver and checks every "Do it" it taps: the coins the button names
    are the coins that leave the player's hand (goods bought included)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.checked: list[tuple[str, int]] = []

    def touch(self, w: Any) -> None:
        if not w.id.startswith("do") or self.app.session is None:
            return super().touch(w)
        state = helvetia_state(self.app)
        player = state.active
        held = state.player(player).coins if player else 0
        super().touch(w)
        if player is None or helvetia_state(self.app) is state:
            return None
        paid = held - helvetia_state(self.app).player(player).coins
        words = " ".join(w.lines) or w.label  # "Build: Mine" over "1 action, 3 coins"
        named = [int(x) for x in re.findall(r"\d+", words)]
        if w.id == "do" and not named:
            assert paid <= 0, (words, paid)
        elif named:
            assert paid == named[-1], (words, paid, w.value)
            self.checked.append((words, paid))
        return None


def test_do_it_names_the_coins_that_leave_the_hand(tmp_path: Path) -> None:

    from tests.display.test_turn_flow import DATA

    lines = (DATA / "game-4p.jsonl").read_text().splitlines()
    app, d = uiplay.started(lines, tmp_path, "de", CoinCounter)
    d.play(lines)
    assert d.checked
    assert any(paid > 1 for _label, paid in d.checked), d.checked  # a build buying goods
    app.close()


def test_the_hints_why_names_every_action_that_makes_the_vp() -> None:
    """ "+2 VP now: delivers wood and delivers brick", not only the wood, for a turn whose two
    deliveries make the VP: the why of each recorded turn of self-played games."""
    import json

    from companion.bot.hint import explain, reason
    from companion.engine import CannotAct, Choose, EndTurn, apply, new_game, vp
    from companion.engine.state import PLAY
    from companion.selfplay import play

    def whys(m: Any) -> list[Any]:
        if m.code == "why.and":
            return [m.params["why"], *whys(m.params["also"])]
        return [m]

    found = 0
    for seed in range(1, 5):
        game, _result = play(3, seed)
        s = new_game(json.loads(game.record_lines()[0]))
        actions = list(game.actions)
        i = 0
        while i < len(actions):
            if s.phase != PLAY or s.active is None:
                s = apply(s, actions[i])
                i += 1
                continue
            colour, start, plan = s.active, s, []
            gained = []
            while i < len(actions):
                a = actions[i]
                after = apply(s, a)
                if not isinstance(a, Choose) and vp(after, colour) > vp(s, colour):
                    gained.append(reason(s, a))
                plan.append(a)
                s, i = after, i + 1
                if isinstance(a, EndTurn | CannotAct):
                    break
            if len({repr(g) for g in gained}) < 2 or s.round != start.round:
                continue
            m = explain(start, colour, tuple(plan))
            assert m.code == "hint.vp", m
            said = whys(m.params["why"])
            for g in gained:
                assert g in said, (g, said)
            found += 1
    assert found, "no turn of these games made VP with two actions"


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_hint_that_needs_a_cost_leads_to_the_cost_form(tmp_path: Path, language: str
                                                         ) -> None:
    """With a cost unknown the hint names the tiles and offers the way to the cost form, not
    only "Close"; the cost entered there, the hint can be asked again."""

    from companion.bot.decide import needed_costs
    from companion.display.kit import text_reports
    from companion.display.screens.turn.hint import HintOverlay
    from companion.engine import TileCost
    from tests.display.test_screens import config
    from tests.walks.test_do_it_shown import at_the_first_turn_unpriced

    app = App(config(tmp_path, language=language))
    d, costs = at_the_first_turn_unpriced(app)
    d.go_on("hint")
    unknown = needed_costs(helvetia_state(app), helvetia_state(app).active)
    assert unknown
    d.tap("hint")
    assert isinstance(app.overlay, HintOverlay)
    text_reports.clear_reports()
    app.draw()
    assert text_reports.REPORTS == [], text_reports.REPORTS
    assert {"hint:cost", "hint:close"} <= set(d.ids())
    first = app.overlay.costs[0]
    d.tap("hint:cost")
    assert app.overlay is None  # straight to the goods of the first tile the hint needs
    for g, n in costs[first]:
        for _ in range(n):
            d.tap(f"good:{g}")
    before = len(app.session.game.actions)
    d.tap("cost:done")
    assert isinstance(app.session.game.actions[before], TileCost)
    assert first not in needed_costs(helvetia_state(app), helvetia_state(app).active)
    app.close()


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_night_watchman_picture_says_which_quarter_do_it_wakes(tmp_path: Path,
                                                                  language: str) -> None:
    """Two quarters framed (the chosen one thick and ticked, another that could be woken
    orange): the prompt names the one "Do it" wakes, in the village shown, and fits."""
    from companion.display.kit import text_reports
    from companion.engine import Wake
    from tests.display.test_night_watchman_picture import at_ben_s_night_watchman
    from tests.display.test_turn_flow import DATA

    lines = [ln for ln in (DATA / "game-4p.jsonl").read_text().splitlines() if ln.strip()]
    app, d = at_ben_s_night_watchman(lines, tmp_path, language)
    do = next(w for w in d.widgets() if w.id in ("do", "do:1"))
    assert isinstance(do.value, Wake)
    text_reports.clear_reports()
    app.draw()
    said = " ".join(app.screen.mode.status(app.screen, app))
    assert i18n.quarter(do.value.quarter) in said and i18n.name(do.value.village) in said
    # the button named by where it is (it names the quarter itself: issue 32)
    assert i18n._("Wakes {name}'s {quarter} quarter (ticked).").format(
        name=i18n.name(do.value.village), quarter=i18n.quarter(do.value.quarter)) in said, said
    assert text_reports.REPORTS == [], text_reports.REPORTS
    app.close()
