"""The neutral coin (§6.3) as the table meets it on the screens (play-test 2026-11-28,
findings 4, 5 and 9): what its options do, that its first "Do it" shows where a building goes
and who moves in, and the record and the undo question saying "neutral" and "tile"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.display.screens.history.game import RecordScreen
from companion.display.screens.menu import undo as undo_screen
from companion.display.words import i18n
from tests import uiplay
from tests.display.test_screens import LINES

NEUTRAL_AND_TILE = 72
"""Through record line 73: Ben builds a Bell foundry for the neutral village, then a Town
hall with his Builder tile."""


def undo_words(app: Any, d: Any, monkeypatch: pytest.MonkeyPatch) -> str:
    """The undo question's account of the last action, as drawn."""
    said: list[str] = []
    real = undo_screen.paragraph

    def paragraph(s: Any, text: str, *args: Any, **kw: Any) -> Any:
        said.append(text)
        return real(s, text, *args, **kw)

    monkeypatch.setattr(undo_screen, "paragraph", paragraph)
    d.tap("undo")
    app.draw()
    d.tap("undo:no")
    return said[-1]


def test_the_undo_question_says_neutral_and_tile(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    app, d = uiplay.started(LINES, tmp_path)
    d.reach(LINES, stop=NEUTRAL_AND_TILE - 1)  # the neutral build: the last action
    assert undo_words(app, d, monkeypatch).startswith(
        "This takes back Ben's last action: Bell foundry for the neutral village "
        "(bottom-left corner).")
    d.reach(LINES, stop=NEUTRAL_AND_TILE)  # then the Town hall with the tile
    assert undo_words(app, d, monkeypatch).startswith(
        "This takes back Ben's last action: Town hall (above the centre, right), with the "
        "Builder tile.")
    app.close()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_game_record_says_neutral_and_tile(tmp_path: Path, language: str) -> None:
    app, d = uiplay.started(LINES, tmp_path, language)
    d.play(LINES)
    d.tap("history")  # the game is over: to the Games screen
    d.tap(next(w.id for w in d.widgets() if w.id.startswith("game:")))
    d.tap("record")
    record = app.screen
    assert isinstance(record, RecordScreen)
    d.widgets()
    assert record.lines is not None
    turns = [text for kind, text in record.lines if kind == "turn"]
    ben = next(t for t in turns if t.startswith("Ben: ") and ("Bell" in t or "Glocken" in t))
    if language == "en":
        assert ben == ("Ben: Bell foundry for the neutral village (bottom-left corner); "
                       "Town hall (above the centre, right), with the Builder tile")
        assert any(t.startswith("Anna: Cow shed for the neutral village") for t in turns)
    else:
        assert ben == ("Ben: Glockengießer fürs neutrale Dorf (Ecke unten links); "
                       "Gemeindehaus (über der Dorfmitte, rechts), mit dem Plättchen Baumeister")
    app.close()


COW_SHED = 33
"""Record line 35 is action 33: Anna builds a Cow shed for the neutral village (round 1)."""
BAKEHOUSE = 62
"""Record line 64 is action 62: Anna builds a Bakehouse for the neutral village (round 2,
ten buildings on offer)."""


def to_neutral_coin(app: Any, d: Any, stop: int) -> None:
    """The record played up to the neutral coin's turn, then the coin tapped."""
    d.reach(LINES, stop=stop)
    d.to_turn_main()
    d.tap("neutral")


def test_the_neutral_coin_s_first_do_it_shows_where_and_who_first(tmp_path: Path) -> None:
    """ "Neutral coin" then "Do it" built unseen (finding 5): now "Do it" waits for a
    building, and a tap on one shows its place on the picture and the neutral villager."""
    app, d = uiplay.started(LINES, tmp_path)
    to_neutral_coin(app, d, COW_SHED)
    done = len(d.done())
    do = next(w for w in d.widgets() if w.id == "do")
    assert not do.enabled and do.value is None
    d.touch(do)  # a tap on it says why: nothing is built
    assert len(d.done()) == done
    shed = next(w for w in d.enabled("option:") if w.value.action.building == "cow_shed")
    d.touch(shed)
    cells = [w for w in d.enabled("cell:")]
    assert cells and sum(w.selected for w in cells) == 1  # where it goes, framed
    sex = next(w for w in d.widgets() if w.id == "field:sex")
    assert sex.lines is not None and sex.lines[1] in ("a man", "a woman"), sex.lines
    do = next(w for w in d.enabled("do"))
    assert do.value.type == "neutral_build" and do.value.building == "cow_shed"
    d.touch(do)
    assert d.done()[-1] == do.value
    app.close()


@pytest.mark.parametrize("language", ["en", "de", "fr", "it", "es"])
def test_the_neutral_coin_says_what_it_does_and_both_kinds_are_a_tap_away(
        tmp_path: Path, language: str) -> None:
    """Finding 4: the button names the Builder or the Priest; the list's two kinds (a free
    building into the neutral village, a neutral villager married into your own) each under
    a tab that says so, both reachable in one tap even with ten buildings on offer."""
    app, d = uiplay.started(LINES, tmp_path, language)
    d.reach(LINES, stop=BAKEHOUSE)
    d.to_turn_main()
    coin = next(w for w in d.widgets() if w.id == "neutral")
    assert coin.lines == [i18n._("Neutral coin"), i18n._("as Builder or Priest")]
    if language in ("en", "de", "fr"):  # (Italian and Spanish: "build or marry", shorter)
        assert i18n.character("builder") in coin.lines[1], coin.lines
        assert i18n.character("priest") in coin.lines[1], coin.lines
    d.tap("neutral")
    tabs = {w.id: w for w in d.widgets() if w.id.startswith("group:")}
    assert set(tabs) == {"group:build", "group:marry"}
    assert tabs["group:build"].selected
    assert tabs["group:build"].label == i18n._("Build for the neutral village")
    assert tabs["group:marry"].label == i18n._("Marry a neutral villager")
    builds = [w.value.action for w in d.enabled("option:")]
    assert len(builds) == 10 and {a.type for a in builds} == {"neutral_build"}
    assert not d.has("page:next")  # the ten on one page
    d.tap("group:marry")
    marriages = [w for w in d.enabled("option:")]
    assert marriages and {w.value.action.type for w in marriages} == {"neutral_marry"}
    do = next(w for w in d.widgets() if w.id == "do")  # a marriage, said whole, framed
    assert do.enabled and any(w.selected and w.value.action == do.value for w in marriages)
    d.tap("group:build")
    assert not next(w for w in d.widgets() if w.id == "do").enabled
    app.close()
