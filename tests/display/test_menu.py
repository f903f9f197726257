"""The menu (New game, Costs, Language; Games once the games screen comes) a tap away on
every screen."""

from __future__ import annotations

from pathlib import Path

from companion.display.words import i18n
from tests.display.test_message_strip import app_at


def test_the_menu_is_on_every_screen_and_does_what_it_says(tmp_path: Path) -> None:
    app, d = app_at(tmp_path, 0)
    assert d.has("menu")  # the new-game screen
    app.close()
    app, d = app_at(tmp_path / "b", 19)
    d.to_turn_main()
    for look in ("villages", "market", None):
        if look:
            d.tap(look)
        assert d.has("menu"), look
        d.tap("menu")
        assert {"menu:new_game", "menu:costs", "menu:language", "menu:close"} <= set(d.ids())
        d.tap("menu:close")
        if look:
            d.tap("back")
    d.tap("menu")
    d.tap("menu:language")
    d.tap("language:fr")
    assert i18n.language == "fr" and app.overlay is None
    d.tap("menu")
    d.tap("menu:new_game")  # a game under way: asked first
    assert d.has("abandon:no")
    d.tap("abandon:no")
    assert app.session is not None and not app.session.state.game_over
    d.tap("menu")
    d.tap("menu:costs")
    assert type(app.screen).__name__ == "CostsScreen" and d.has("menu")
    i18n.use("en")
    app.close()


def test_the_language_list_has_its_title_and_a_way_back(tmp_path: Path) -> None:
    """Play-test 2026-11-28, finding 23: the language list had no title and no way back but
    a language; its buttons stand inside its frame, under the title, as the menu's do."""
    app, d = app_at(tmp_path, 19)
    d.to_turn_main()
    d.tap("menu")
    entries = {w.id: w.rect for w in d.widgets() if w.id.startswith("menu:")}
    d.tap("menu:language")
    langs = [w.rect for w in d.widgets() if w.id.startswith("language:") and w.id !=
             "language:back"]
    assert langs and all(r.left == entries["menu:new_game"].left and r.top >= 96
                         for r in langs)
    d.tap("language:back")
    assert d.has("menu:language") and i18n.language == "en"
    d.tap("menu:close")
    app.close()
