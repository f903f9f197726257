"""Every word in the players' language (English, German, French, Italian, Spanish) and the
players by name.

The catalogues are ``companion/display/locale/<lang>/LC_MESSAGES/helvetia.po``. When a test
here says a text is missing, bring the catalogues up to date and translate what it lists:

    .venv/bin/python -m companion.display.words.catalogues          # extract, merge, compile
    .venv/bin/python -m companion.display.words.catalogues --check  # what is still untranslated
"""

from __future__ import annotations

import io
import json
import os
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion.display.words import catalogues, i18n
from companion.engine import messages, table
from companion.engine.grid import QUARTERS
from companion.engine.messages import Message
from companion.engine.state import CHARACTERS, COLOURS

ROOT = Path(__file__).resolve().parent.parent.parent
LANGUAGES = list(i18n.LANGUAGES)
UPDATE = "run `.venv/bin/python -m companion.display.words.catalogues`, then translate what " \
         "`--check` lists"


def read(lang: str) -> Catalog:
    with catalogues.po_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


def fields(text: str | tuple[str, ...]) -> set[str]:
    texts = (text,) if isinstance(text, str) else text
    return {f for t in texts for _, f, _, _ in string.Formatter().parse(t) if f}


def engine_templates() -> dict[str, Any]:
    """Every code the engine says, enumerated from the engine itself: reason codes, option
    kinds, phases, payment parts and the table's steps."""
    return {**messages.ENGLISH, **table.ENGLISH}


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.use("en")
    i18n.set_players(())


# --- the catalogues ----------------------------------------------------------------------------

def test_the_engine_codes_are_all_known_to_the_display() -> None:
    templates = i18n.templates()
    for codes in (messages.REASON_CODES, messages.OPTION_KINDS, messages.PHASE_CODES,
                  table.CODES):
        assert codes and codes <= set(templates)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_option_and_table_step_has_its_message(lang: str) -> None:
    cat = read(lang)
    missing = []
    for code, tmpl in sorted(engine_templates().items()):
        msgid = tmpl if isinstance(tmpl, str) else tuple(tmpl)
        m = cat.get(msgid)
        ok = (m is not None and not m.fuzzy
              and (all(m.string) if isinstance(m.string, tuple) else bool(m.string)))
        if not ok:
            missing.append(code)
    assert missing == [], f"{lang}: no message for {missing}; {UPDATE}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_of_the_screens_is_translated(lang: str) -> None:
    assert catalogues.missing(lang) == [], UPDATE


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_fuzzy_entry_and_every_translation_keeps_its_fields(lang: str) -> None:
    cat = read(lang)
    nplurals = cat.num_plurals
    for m in cat:
        if not m.id:
            continue
        assert not m.fuzzy, f"{lang}: fuzzy entry {m.id!r}"
        if isinstance(m.id, tuple):
            assert isinstance(m.string, tuple) and len(m.string) == nplurals, m.id
        extra = fields(m.string) - fields(m.id) if m.string else set()
        assert not extra, f"{lang}: {m.id!r} -> {m.string!r} names {extra}"


def entries(text: str) -> list[tuple[str, list[str]]]:
    """Each entry of a .po text as written: its key (msgctxt, then msgid) and the keywords of
    its other lines (msgid_plural, msgstr, msgstr[n])."""
    out: list[tuple[list[str], list[str]]] = []
    last = ""
    for line in text.splitlines():
        m = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) "(.*)"$', line)
        if m is None:
            if line.startswith('"') and last in ("msgctxt", "msgid"):
                out[-1][0].append(line[1:-1])  # a long key goes on over several lines
            continue
        word, value = m.groups()
        if word == "msgctxt" or (word == "msgid" and last != "msgctxt"):
            out.append(([], []))  # a new entry
        if word in ("msgctxt", "msgid"):
            out[-1][0].append(value + ("\x04" if word == "msgctxt" else ""))
        else:
            out[-1][1].append(word)
        last = word
    return [("".join(key), words) for key, words in out]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_stands_once_with_one_translation(lang: str) -> None:
    """What a reader of the .po keeps of an entry written twice, or of a translation written
    twice, is the first: the second (often the newer) is never shown. So each once."""
    seen: set[str] = set()
    for key, words in entries(catalogues.po_path(lang).read_text(encoding="utf-8")):
        assert key not in seen, f"{lang}: {key!r} stands twice"
        seen.add(key)
        assert len(words) == len(set(words)), f"{lang}: {key!r} has {words}"


def test_the_compiled_catalogues_are_current() -> None:
    # The .mo are not in git: the build (setup.py, Babel) compiles them from the .po, into the
    # wheel and, for this checkout, next to the .po on `pip install -e .`. So the check here is
    # that the checkout's .mo are what Babel compiles from the .po as they are now (fuzzy
    # entries left out); tests/system/test_build.py checks the wheel and that no .mo is committed.
    for po in sorted((ROOT / "companion/display/locale").glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalogue = read_po(f, locale=po.parent.parent.name)
        expected = io.BytesIO()
        write_mo(expected, catalogue, use_fuzzy=False)
        mo = po.with_suffix(".mo")
        assert mo.exists() and mo.read_bytes() == expected.getvalue(), (
            f"{mo.relative_to(ROOT)} is missing or older than its .po: "
            "run `.venv/bin/pip install --no-deps -e .` (or ./scripts/test.sh)")


def test_every_language_has_a_catalogue_and_a_name_in_itself() -> None:
    assert LANGUAGES == ["en", "de", "fr", "it", "es"]
    assert set(i18n.LANGUAGES.values()) == {"English", "Deutsch", "Français", "Italiano",
                                            "Español"}
    for lang in LANGUAGES:
        assert catalogues.po_path(lang).exists()


# --- wording the engine's messages -------------------------------------------------------------

SAMPLE = {"colour": "red", "village": "blue", "colours": ("red", "white"),
          "building": "grain_farm", "good": "cheese", "goods": ("milk", "cowbell"),
          "character": "night_watchman", "quarter": "bottom_left", "cell": (-1, 0),
          "sex": "f", "sexes": "m", "source": "school", "cost": (("brick", 2), ("stone", 1)),
          "buildings": (("mill", 1), ("grocer", 2)), "count": 2, "number": 3, "raw": "Q"}


def sample_params(tmpl: Any) -> dict[str, Any]:
    kinds = i18n.param_kinds()
    out: dict[str, Any] = {}
    for f in fields(tmpl):
        kind = kinds.get(f, "raw")
        out[f] = (Message("phase.play", {"player": "yellow"}) if kind == "phase"
                  else SAMPLE.get(kind, 3))
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_worded_with_each_parameter_by_its_kind(lang: str) -> None:
    i18n.use(lang)
    i18n.set_players([type("P", (), {"colour": "red", "name": "Jürg"})()])
    ids = {"grain_farm", "cheese", "night_watchman", "bottom_left", "cowbell", "grocer"}
    for code, tmpl in engine_templates().items():
        text = i18n.say(Message(code, sample_params(tmpl)))
        assert text and "{" not in text, (code, text)
        assert not ids & set(text.replace(",", " ").replace(".", " ").split()), (code, text)
        if "player" in fields(tmpl):
            assert "Jürg" in text, (code, text)  # the player by name, not by colour


def test_german_words_a_refusal_in_the_rulebook_s_terms() -> None:
    i18n.use("de")
    m = Message("not_your_turn", {"active": "white", "player": "red"})
    assert i18n.say(m) == "Weiß ist am Zug, nicht Rot."
    cost = Message("wrong_cost", {"building": "butcher", "cost": (("brick", 2), ("stone", 1)),
                                  "given": ()})
    assert i18n.say(cost) == "Die Metzgerei kostet 2 Ziegel + 1 Stein, nicht nichts."
    i18n.use("fr")
    assert i18n.say(Message("option.build", {"building": "grain_farm"})) == \
        "Construire la ferme à blé"
    assert i18n.character("night_watchman") == "Veilleur de nuit"


@pytest.mark.parametrize("lang", ["de", "fr", "it", "es"])
def test_plurals_follow_the_count(lang: str) -> None:
    i18n.use(lang)
    tmpl = messages.ENGLISH["not_enough_coins"]
    one = i18n.say(Message("not_enough_coins", {"player": "red", "n": 1}))
    two = i18n.say(Message("not_enough_coins", {"player": "red", "n": 2}))
    assert one != two and "1" in one and "2" in two
    assert one != tmpl[0].format(player="Red", n=1)


def test_an_engine_refusal_is_shown_in_the_language() -> None:
    from companion.engine import Game, IllegalAction

    header = json.loads((ROOT / "tests/data/game-2p.jsonl").read_text().splitlines()[0])
    game = Game(header)
    with pytest.raises(IllegalAction) as caught:
        game.undo()
    i18n.use("it")
    assert i18n.error_text(caught.value) == "Non c\u2019è niente da annullare."
    assert str(caught.value) == "There is nothing to undo."  # English for the CLI and logs


# --- names of the catalogue, characters, colours ----------------------------------------------

def test_the_catalogue_names_every_building_good_and_branch_in_every_language() -> None:
    data = json.loads(i18n.CATALOGUE_FILE.read_text(encoding="utf-8"))
    for kind in ("buildings", "goods", "branches"):
        for key, entry in data[kind].items():
            names = entry["name"]
            assert set(LANGUAGES) <= set(names), (kind, key)
            assert all(names[lang].strip() for lang in LANGUAGES), (kind, key)
    from companion.engine import load_catalogue

    cat = load_catalogue()
    i18n.use("it")
    assert i18n.building(cat, "bell_foundry") == "Campanaio"
    assert i18n.good(cat, "cowbell") == "Campanaccio"
    i18n.use("es")
    assert i18n.building(cat, "grain_farm") == "Patio de grano"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_colours_keep_distinct_initials_and_characters_their_rulebook_names(lang: str) -> None:
    i18n.use(lang)
    initials = [i18n.initial(c) for c in COLOURS]
    assert len(set(initials)) == len(COLOURS), initials
    expected = {"en": "Builder", "de": "Baumeister", "fr": "Architecte", "it": "Costruttore",
                "es": "Constructor"}
    assert i18n.character("builder") == expected[lang]
    assert len({i18n.character(ch) for ch in CHARACTERS}) == len(CHARACTERS)
    assert len({i18n.quarter(q) for q in QUARTERS}) == len(QUARTERS)


def test_a_player_is_named_and_the_colour_stands_in_for_a_missing_name() -> None:
    i18n.use("de")
    player = type("P", (), {})
    red, blue = player(), player()
    red.colour, red.name = "red", "Anna"
    blue.colour, blue.name = "blue", "Blue"  # the record's default name: no name chosen
    i18n.set_players([red, blue])
    assert i18n.name("red") == "Anna"
    assert i18n.name("blue") == "Blau"
    assert i18n.colour_name("red") == "Rot"
    assert i18n.village("red") == "Dorf von Anna"


# --- the new-game screen: language and names ---------------------------------------------------

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def make_app(data: Path, language: str = "en") -> Any:
    from companion.config import Buttons, Config, Leds
    from companion.display.app.loop import App
    return App(Config(language=language, data_dir=data, buttons=Buttons(backend="keyboard"),
                      leds=Leds(backend="simulated")))


def labels(app: Any) -> dict[str, str]:
    app.draw()
    return {w.id: w.label for w in app.widgets}


def test_the_language_is_chosen_on_the_new_game_screen_and_kept_for_the_device(
        tmp_path: Path) -> None:
    from tests.ui_driver import Driver

    app = make_app(tmp_path, "en")
    d = Driver(app)
    d.tap("language")
    assert {f"language:{lang}" for lang in LANGUAGES} <= set(d.ids())
    assert labels(app)["language:fr"] == "Français"
    d.tap("language:de")
    assert labels(app)["start"] == "Spiel beginnen"
    app.close()
    again = make_app(tmp_path, "en")  # the config says English; the device remembers German
    assert i18n.language == "de"
    assert labels(again)["start"] == "Spiel beginnen"
    again.close()


def test_names_are_typed_on_the_keyboard_recorded_shown_and_offered_again(
        tmp_path: Path) -> None:
    from companion.display.screens.setup.keyboard import MAX_NAME, taps_for
    from tests.ui_driver import Driver

    app = make_app(tmp_path, "de")
    d = Driver(app)
    assert labels(app)["name:yellow"] == "Gelb"  # no name: the colour stands for the player
    d.seat_players(["red", "blue"])  # the places of Yellow and White stay empty
    assert "name:yellow" not in labels(app)
    d.tap("name:red")
    for key in taps_for("Jürg Weiß-Müller", "de"):
        d.tap(key)
    d.tap("name:ok")
    d.tap("name:blue")
    for key in taps_for("Élodie", "de"):  # É from the accents
        d.tap(key)
    for _ in range(20):  # typing on past 16 characters changes nothing
        d.tap("key:e")
    assert len(app.screen.keyboard.text) == MAX_NAME
    for _ in range(MAX_NAME - len("Élodie")):
        d.tap("key:back")
    d.tap("name:ok")
    assert labels(app)["name:red"] == "Jürg Weiß-Müller"
    d.tap("start")
    d.tap("continue")  # past the setup checklist, to the first question
    header = app.session.game.header
    assert header["players"] == [{"colour": "red", "name": "Jürg Weiß-Müller", "seat": 1},
                                 {"colour": "blue", "name": "Élodie", "seat": 2}]
    # On the screens: the player buttons carry the name beside the colour's badge.
    shown = {w.label: w.colour for w in (app.draw() or app.widgets) if w.colour}
    assert shown.get("Jürg Weiß-Müller") == "red" and shown.get("Élodie") == "blue"
    assert i18n.name("red") == "Jürg Weiß-Müller"
    # The next new game offers the names again, and the known players one tap away.
    app.new_game()
    assert labels(app)["name:red"] == "Jürg Weiß-Müller"
    assert labels(app)["name:blue"] == "Élodie"
    # The same seats play again (the last game's), the others stay off until tapped.
    assert {w.id for w in app.widgets if w.id.startswith("seat:") and w.selected} == \
        {"seat:1", "seat:2"}
    d.tap("seat:2")  # Élodie sits there again, with Yellow this time (her name stays)
    d.tap("seat-colour:yellow")
    assert labels(app)["name:yellow"] == "Élodie"
    d.tap("name:yellow")
    d.tap("key:clear")
    assert {"known:Jürg Weiß-Müller", "known:Élodie"} <= set(d.ids())
    d.tap("known:Élodie")
    d.tap("name:ok")
    assert labels(app)["name:yellow"] == "Élodie"
    app.close()


def test_a_name_is_cleared_back_to_the_colour(tmp_path: Path) -> None:
    from tests.ui_driver import Driver

    app = make_app(tmp_path, "fr")
    d = Driver(app)
    d.tap("name:red")
    d.tap("key:a")
    d.tap("key:clear")
    d.tap("name:ok")
    assert labels(app)["name:red"] == "Rouge"
    d.tap("start")
    assert app.session.game.header["players"][0] == {"colour": "red", "name": "Red", "seat": 1}
    assert i18n.name("red") == "Rouge"
    app.close()


def test_after_clear_the_keyboard_starts_the_name_with_a_capital_again(tmp_path: Path) -> None:
    from tests.ui_driver import Driver

    app = make_app(tmp_path, "de")
    d = Driver(app)
    d.tap("name:red")
    for key in ("key:j", "key:o", "key:clear", "key:j", "key:ü", "key:r", "key:g"):
        d.tap(key)
    d.tap("name:ok")
    assert labels(app)["name:red"] == "Jürg"
    app.close()


# --- the screens in every language ----------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_turn_refusal_and_round_end_fit_in_every_language(lang: str, tmp_path: Path) -> None:
    """Screenshots (``python -m tests.screens_i18n`` writes them to docs/screenshots/<lang>/):
    every text drawn fits its box, German and French included."""
    from tests.screens_i18n import SHOTS, render

    shots, reports = render(lang, tmp_path / lang, tmp_path / "data")
    assert set(shots) == set(SHOTS) and all(p.stat().st_size > 0 for p in shots.values())
    assert [(r.screen, r.text) for r in reports] == []


def test_the_device_keeps_the_last_names_per_seat_and_the_known_players(tmp_path: Path) -> None:
    from companion import store as st

    s, _ = st.Store.open(tmp_path / "helvetia.db")
    assert st.known_players(s) == [] and st.last_names(s) == {} and st.device_language(s) is None
    assert st.last_seats(s) == []
    st.remember_players(s, {"red": "Anna", "blue": None})
    assert st.last_seats(s) == ["red", "blue"]  # a seat without a name played all the same
    st.remember_players(s, {"red": "Ben", "blue": "  Anna  ", "white": "Maximiliane Huber-Zürcher"})
    assert st.last_names(s) == {"red": "Ben", "blue": "Anna", "white": "Maximiliane Hube"}
    assert st.known_players(s) == ["Ben", "Anna", "Maximiliane Hube"]
    st.forget_player(s, "Anna")
    assert st.known_players(s) == ["Ben", "Maximiliane Hube"]
    st.keep_language(s, "it")
    s.close()
    again, _ = st.Store.open(tmp_path / "helvetia.db")
    assert st.device_language(again) == "it" and st.last_names(again)["red"] == "Ben"
    assert st.last_seats(again) == ["red", "blue", "white"]
    again.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_ui_self_play_runs_in_every_language_with_every_text_fitting(
        lang: str, tmp_path: Path) -> None:
    from companion.display.kit import text_reports
    from tests import uiplay

    text_reports.clear_reports()
    lines = (ROOT / "tests/data/game-2p.jsonl").read_text(encoding="utf-8").splitlines()
    played = uiplay.play(lines, tmp_path, lang)
    assert [(r.screen, r.text) for r in text_reports.REPORTS] == []
    assert played.state["game_over"]
    if played.names_entered:  # typed on the keyboard, as the record has them
        assert played.state["players"]["red"]["name"] == "Anna"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_letter_of_the_five_languages_has_a_key(lang: str) -> None:
    from companion.display.screens.setup.keyboard import taps_for

    i18n.use(lang)
    for name in ("Éloïse", "Jürg Weiß-Müller", "Núñez", "Ærø Åse", "Nicolò", "Françoise",
                 "D'Artagnan", "Zoë Hÿe"):
        assert taps_for(name, lang)[-1].startswith("key:")


def test_a_name_plays_at_one_seat_only(tmp_path: Path) -> None:
    from companion.display.screens.setup.keyboard import taps_for
    from tests.ui_driver import Driver

    app = make_app(tmp_path, "de")
    d = Driver(app)
    for seat in ("red", "blue"):
        d.tap(f"name:{seat}")
        for key in taps_for("Anna", "de"):
            d.tap(key)
        if seat == "blue":
            ok = next(w for w in d.widgets() if w.id == "name:ok")
            assert not ok.enabled and ok.why_not == "Anna spielt schon am Platz Rot."
            d.tap("key:back")
            d.tap("key:e")
        d.tap("name:ok")
    assert labels(app)["name:blue"] == "Anne"
    app.close()


# --- wording the reviewers asked for ------------------------------------------------------------

WRONG_ARTICLE = {"de": ("den Hebamme", "dem Hebamme", "vom Hebamme", "des Hebamme",
                        "Der Hebamme", "beim Hebamme"),
                 "fr": ("le Sage-femme", "du Sage-femme", "au Sage-femme"),
                 "it": ("il Ostetrica", "sul Ostetrica", "dal Ostetrica", "del Ostetrica",
                        "con il Ostetrica", "lo Ostetrica"),
                 "es": ("el Partera", "del Partera", "al Partera")}


@pytest.mark.parametrize("lang", list(WRONG_ARTICLE))
def test_a_character_gets_no_article_of_the_wrong_gender(lang: str) -> None:
    """The Midwife is feminine where the others are masculine: every message that names a
    character reads right with her too ("auf das Feld Hebamme", "sur la case Sage-femme")."""
    i18n.use(lang)
    for code, tmpl in engine_templates().items():
        for key in ("character", "chosen"):
            if key in fields(tmpl):
                params = {**sample_params(tmpl), key: "midwife"}
                text = i18n.say(Message(code, params))
                wrong = [w for w in WRONG_ARTICLE[lang] if re.search(rf"(?<![\w-]){w}", text)]
                assert not wrong, (code, text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_child_is_a_boy_or_a_girl(lang: str) -> None:
    i18n.use(lang)
    boy, man = i18n._("boy"), i18n._("man")
    assert i18n.child_codes() == table.CHILD_CODES and table.CHILD_CODES
    for code in i18n.child_codes():
        tmpl = table.ENGLISH[code]
        text = i18n.say(Message(code, {**sample_params(tmpl), "sex": "m"}))
        assert boy in text and f"({man})" not in text and f" {man} " not in text, (code, text)


def test_the_midwife_form_asks_boy_or_girl_and_offers_boy_or_girl() -> None:
    from companion.display.kit import forms
    from companion.engine import Birth, Game, Option

    header = json.loads((ROOT / "tests/data/game-2p.jsonl").read_text().splitlines()[0])
    state = Game(header).state
    i18n.use("de")
    option = Option("midwife", "coin", Birth("red", (0, -1), "f"), choices=("m", "f"),
                    message=Message("option.birth", {"building": "well", "cell": (0, -1)}))
    form = forms.option_form(state, option)
    assert form.fields[0].prompt == "Junge oder Mädchen"
    assert [c.label for c in form.fields[0].choices] == ["ein Junge", "ein Mädchen"]


def test_a_village_title_is_capitalised_and_french_elides_before_a_vowel() -> None:
    i18n.set_players([type("P", (), {"colour": "red", "name": "Anne-Sophie"})(),
                      type("P", (), {"colour": "blue", "name": "ben"})()])
    i18n.use("fr")
    assert i18n.village("red") == "village d'Anne-Sophie"
    assert i18n.village_title("red") == "Village d'Anne-Sophie"
    assert i18n.village_title("neutral") == "Village neutre"
    assert i18n.elide("de Anne-Sophie") == "d'Anne-Sophie"  # any text on screen (ui.draw_text)
    assert i18n.elide("Le coût de Étable") == "Le coût d'Étable"  # a building's name too
    i18n.use("de")
    assert i18n.village_title("neutral") == "Neutrales Dorf"
    i18n.use("en")
    assert i18n.village_title("blue") == "ben's village"  # a name keeps its own letters


def test_the_store_speaks_codes_worded_in_every_language() -> None:
    """The store says what happened as codes with parameters (no English sentences in
    ``companion/store``): the display words them in the language, as it words the engine's."""
    from companion.engine.messages import Message
    from companion.session import Session  # noqa: F401  (its failures are store codes)
    from companion.store import StoreTrouble
    from companion.store.messages import ENGLISH, english

    trouble = StoreTrouble("full", "disk full")
    assert trouble.msg == Message("store.trouble", {"detail": "disk full", "reason": "full"})
    assert str(trouble) == ("The saved games cannot be used (disk full): the memory card is "
                            "full; make room on it.")
    i18n.use("de")
    failed = Message("store.failed_action", {"reason": "full"})
    assert i18n.say(failed) == ("Die Aktion ist nicht gespeichert (die Speicherkarte ist voll; "
                                "schaffe Platz darauf), also nicht ausgeführt.")
    went = Message("store.went_back", {"game": 3, "round": 5, "player": "blue", "n": 7,
                                       "seats": (("blue", 3), ("red", 4))})
    assert "7 actions are gone" in english(went)
    for lang in LANGUAGES:
        i18n.use(lang)
        for code in ENGLISH:
            params = {"game": 3, "round": 5, "player": "blue", "n": 2, "seats": (("red", 2),),
                      "reason": "locked", "detail": "x", "pid": 42}
            text = i18n.say(Message(code, params))
            assert "{" not in text and text, (lang, code)
            if lang != "en":
                assert text != english(Message(code, params)), (lang, code)
    i18n.use("en")
