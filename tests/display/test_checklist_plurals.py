"""Counts in the setup checklist's sentences agree with their number in every language
("3 Mines", "3 Bergwerke", "2 Places du marché", not "3 Mine"): gettext's plural forms, by
the language's own rule; read off the screen as the table sees it."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.words import i18n
from companion.display.words.building_counts import COUNTS, building_count
from companion.engine.catalogue import load
from tests.ui_driver import Driver

DATA = Path(__file__).parent.parent / "data"
STACK_I = {"en": ["3 Mines", "3 Cow sheds", "3 Goat sheds", "2 Marketplaces"],
           "de": ["3 Bergwerke", "3 Kuhställe", "3 Ziegenställe", "2 Marktplätze"],
           "fr": ["3 Mines", "3 Étables", "3 Chèvreries", "2 Places du marché"],
           "it": ["3 Miniere", "3 Stalle", "3 Ovili", "2 Piazze del mercato"],
           "es": ["3 Minas", "3 Establos de vacas", "3 Corrales de cabras", "2 Plazas del mercado"]}


@pytest.fixture(autouse=True)
def _english_afterwards():
    before = i18n.language
    yield
    i18n.use(before)


@pytest.mark.parametrize("lang", list(STACK_I))
def test_the_stack_i_list_counts_in_the_plural(tmp_path: Path, lang: str) -> None:
    header = json.loads((DATA / "game-4p.jsonl").read_text().splitlines()[0])
    app = App(Config(language=lang, data_dir=tmp_path, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="simulated")))
    d = Driver(app)
    d.new_game(header)
    assert d.screen_name() == "SetupChecklist"
    words = " ".join(it.words for _g, it in app.screen._items(app))
    stack = words[words.index("(", words.index(" I")) + 1:].replace("\u00a0", " ")
    for count in STACK_I[lang]:
        assert count in stack, (count, stack[:200])
    app.close()


@pytest.mark.parametrize("lang", ["en", "de", "fr", "it", "es"])
def test_every_building_has_its_singular_and_plural(lang: str) -> None:
    """One tile is the catalogue's name itself; the plural is another form (where the
    language has one) and never the singular with a wrong ending left in."""
    cat = load()
    i18n.use(lang)
    for t in cat.buildings:
        assert t in COUNTS
        one = building_count(cat, t, 1)
        assert one == f"1\u00a0{i18n.building(cat, t)}"  # never broken after the number
        assert building_count(cat, t, 3).startswith("3\u00a0")
    if lang == "fr":  # French: 0 and 1 in the singular
        assert building_count(cat, "mine", 0) == "0\u00a0Mine"
    assert building_count(cat, "church", 2) != f"2\u00a0{i18n.building(cat, 'church')}"
