"""Words of the play-test in a window (2026-11-25, finding 9): one German name for the score
cube, start buildings called so, a seat named by its colour, "Standort" for "Wohin"; the
French setup steps always say the villager's sex ("un homme", "une femme"); Italian "dalla
scuola" and "mettila"; the draft's "picks again" said with the name once; a virtual player's
steps said to the table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.display.words import i18n
from companion.engine.grid import Cell
from companion.engine.messages import message
from companion.engine.values import Sex


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.use("en")


def test_german_calls_the_score_cube_zaehlstein_in_the_checklist_and_at_the_round_end(
        ) -> None:
    import json

    from companion.display.screens.setup.checklist import setup_items
    from companion.engine.setup import new_game

    i18n.use("de")
    header = json.loads((Path(__file__).parent.parent / "data/game-3p.jsonl").read_text()
                        .splitlines()[0])
    words = " ".join(item.words for _g, item in setup_items(new_game(header)))
    track = next(w for w in words.split(". ") if "Siegpunkteleiste" in w)
    assert "Zählstein" in track and "Lieferstein" not in track
    assert "Zählstein" in i18n.say(message("table.score", player="red", n=3))
    assert "Lieferstein" not in words  # the 17 cubes are "Steine": 16 to deliver, 1 to count


def test_german_start_buildings_seat_names_and_where() -> None:
    i18n.use("de")
    assert "Startgebäude" in i18n.say(message("table.start_tile_to_box", building="brickyard"))
    assert i18n._("Name for the {colour} seat").format(colour="Blau") == "Name für Blau"
    # "Wohin" read as a question cut short; a field's name is a noun ("Standort:" on its
    # button, "Standort" over its choices)
    assert i18n._("Where it goes") == "Standort"


def test_french_table_steps_say_the_villager_s_sex() -> None:
    i18n.use("fr")
    for code, extra in (("table.supply_to_centre", {"village": "red"}),
                        ("table.supply_to_school", {}),
                        ("table.supply_to_building", {"building": "mill", "cell": Cell(1, 0),
                                                      "village": "red"})):
        said = i18n.say(message(code, player="red", sex=Sex.M, **extra))
        assert "un homme" in said, said  # the sex said, the words agreeing with it


def test_italian_marriage_from_the_school_takes_her_from_it() -> None:
    i18n.use("it")
    said = i18n.say(message("table.marry", player="red", sex=Sex.F, source="school",
                            building="mill", cell=Cell(1, 0), village="blue"))
    assert "dalla scuola" in said and "mettila" in said, said
    said = i18n.say(message("table.marry", player="red", sex=Sex.M, source="centre",
                            building="mill", cell=Cell(1, 0), village="blue"))
    assert "dal centro villaggio" in said and "mettilo" in said, said


def test_the_draft_says_the_picker_s_name_once_when_it_picks_again(tmp_path: Path) -> None:
    from tests.display.test_turn_flow import DATA, app_for
    from tests.display.test_turn_words import texts
    from tests.ui_driver import Driver

    lines = (DATA / "game-4p.jsonl").read_text().splitlines()
    app = app_for(lines, tmp_path, "de")
    try:
        d = Driver(app)
        d.play(lines, stop=5)  # Carla picked last and picks again (the snake's turn)
        said = " ".join(texts(app))
        assert "wählt noch einmal" in said
        assert said.count("Carla wählt") == 1, said
    finally:
        app.close()


SECOND_PERSON = {"en": (" your ",), "de": (" dein",), "fr": (" ton ", " ta ", " tes "),
                 "it": (" tuo ", " tua ", " tuoi "), "es": (" tu ", " tus ")}


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "es"])
def test_a_virtual_player_s_own_steps_are_said_to_the_table_never_to_it(language: str
                                                                          ) -> None:
    """"Bianco … prendi il segnalino": a virtual player was addressed as "you". Every step a
    virtual player's pieces make has words for the person who moves them."""
    from companion.engine import table_words

    i18n.use(language)
    params = {"player": "red", "holder": "blue", "n": 2, "character": "builder",
              "buy": (("wood", 1),), "sex": Sex.F, "source": "school", "building": "mill",
              "cell": Cell(1, 0), "village": "red", "good": "wood"}
    for code in table_words.VIRTUAL:
        said = " " + i18n.say(message(code, **params)).lower() + " "
        assert not any(w in said for w in SECOND_PERSON[language]), (code, said)
    for base in ("table.start_token_last_pick", "table.coins_on_character",
                 "table.coins_to_hand", "table.marry", "table.cube", "table.tile_face_down",
                 "table.dowry_own", "table.move_in"):
        assert table_words.virtual_code(base) is not None, base


def test_a_virtual_player_s_screen_says_its_coins_as_the_table_moves_them(tmp_path: Path
                                                                          ) -> None:
    from tests.display.test_turn_words import texts
    from tests.virtual_play import three_virtual_until

    app, _d = three_virtual_until(tmp_path, lambda s: s.state.phase == "play" and any(
        st.code.startswith("table.coins_on_character") for st, _s, _b in s.table.shown()))
    try:
        screen = app.screen
        said = " ".join(texts(app))
        who = i18n.name(screen.colour)  # type: ignore[attr-defined]
        assert f"{who}: put" not in said and f"of {who}'s on the" in said, said
    finally:
        app.close()


def test_a_plan_s_items_begin_as_list_items(tmp_path: Path) -> None:
    """Italian "1. coppia 3", "2. un matrimonio": an action's words after "Name: " began a
    numbered item in lower case."""
    from companion.display.screens.turn.hint import plan_words
    from companion.engine import Game

    i18n.use("it")
    lines = (Path(__file__).parent.parent / "data/game-3p.jsonl").read_text().splitlines()
    game = Game.from_record(lines)
    i = next(k for k, a in enumerate(game.actions) if a.type == "third_couple")
    words = plan_words(game.states[i], (game.actions[i],))
    assert words == ["Coppia 3"], words


def test_the_round_end_s_checklist_says_a_virtual_player_s_coins_to_the_table(
        tmp_path: Path) -> None:
    import json

    from companion.display.app.loop import App
    from companion.display.screens import RoundScreen
    from companion.engine import Game
    from companion.engine.table import round_ended, steps
    from tests.display.test_table_steps_kept import config, first_of, record, stored_game
    from tests.display.test_turn_words import texts
    from tests.ui_driver import Driver

    lines = record("game-4p.jsonl")
    game = Game.from_record(lines)
    end = next(i for i, a in enumerate(game.actions)
               if round_ended(game.states[i], a, game.states[i + 1]))
    who = next(s.message.params["player"]  # the first to take coins back: in sight
               for s in steps(game.states[end], game.actions[end], game.states[end + 1])
               if s.code == "table.coins_back")
    header = json.loads(lines[0])
    for p in header["players"]:
        if p["colour"] == who:
            p["virtual"] = "easy"
    stored_game(tmp_path / "helvetia.db", [json.dumps(header), *lines[1:]],
                first_of(lines, "reveal"))  # the school's back, the new tiles in
    app = App(config(tmp_path))
    try:
        d = Driver(app)
        assert isinstance(app.screen, RoundScreen), type(app.screen).__name__
        d.tap("group:coins")
        said = " ".join(texts(app))
        name = i18n.name(who)
        assert f"{name}: take your" not in said and f"Give {name} its" in said, said
    finally:
        app.close()


def test_spanish_market_and_marketplace_are_two_words() -> None:
    """Play-test 2026-11-28, finding 16: "Mercado" was both the Market button and the
    Marketplace building."""
    from companion.display.words.i18n import building
    from companion.engine.catalogue import load

    i18n.use("es")
    try:
        assert building(load(), "marketplace") != i18n._("Market")
    finally:
        i18n.use("en")


def test_an_option_of_a_character_tile_names_the_tile() -> None:
    """Play-test 2026-11-28, finding 19: "Tile: Mill" read as the Mill's own tile; the
    option says whose tile it is ("Carter tile: ...")."""
    from companion.display.screens.turn.option_rows import option_lines
    from companion.engine import Game, turn_options
    from companion.engine.state import PLAY

    game = Game.from_record((Path(__file__).parent.parent / "data" / "game-4p.jsonl")
                            .read_text().splitlines())
    seen = 0
    for s in game.states:
        if s.phase != PLAY or s.turn is None:
            continue
        for ch, opts in turn_options(s).tiles.items():
            for o in opts:
                tag = i18n.character(ch) + " tile: "
                assert option_lines(o)[0].startswith(tag), option_lines(o)
                seen += 1
    assert seen
