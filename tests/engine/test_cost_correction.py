"""A cost corrected in the game: an action in the record, replayed and undone with it, kept
on the device for later games; one cost form."""

from __future__ import annotations

from pathlib import Path

from companion.display.contract import helvetia_state
from companion.engine import CorrectCost, Game
from tests.display.test_message_strip import app_at


def test_a_cost_corrected_on_the_costs_screen_counts_in_this_game_and_the_next(
        tmp_path: Path) -> None:
    app, d = app_at(tmp_path, 19)
    d.to_turn_main()
    d.tap("menu")
    d.tap("menu:costs")
    t = next(w.id.split(":", 1)[1] for w in d.widgets() if w.id.startswith("costs:")
             and w.id != "costs:page")
    d.tap(f"costs:{t}")
    backs = [w.id for w in d.widgets() if "back" in w.id]
    assert backs == ["back"], backs  # one Back, to the list (play-test 2026-11-28, 21)
    known = helvetia_state(app).known_cost(t)
    if known is not None:  # the form starts from the cost known: each good on the tile
        assert [w.value for w in d.widgets() if w.id.startswith("cost_tile:")] == [
            g for g in helvetia_state(app).catalogue.goods for _i in range(dict(known).get(g, 0))]
        d.tap("cost:clear")
    d.tap("good:wood")
    d.tap("good:wood")
    d.tap("good:stone")
    d.tap("cost:done")
    # Saved: the list again, saying what was kept, with the new cost on its button.
    assert type(app.screen).__name__ == "CostsScreen" and app.screen.form is None
    assert app.screen.saved is not None and "2 Wood" in app.screen.saved
    assert any(w.id == f"costs:{t}" and "2 Wood" in " ".join(w.lines) for w in d.widgets())
    game = app.session.game
    assert game.actions[-1] == CorrectCost(t, (("stone", 1), ("wood", 2)))
    assert helvetia_state(app).known_cost(t) == (("stone", 1), ("wood", 2))
    # The record replays with it.
    again = Game.from_record(game.record_lines())
    assert again.state.known_cost(t) == (("stone", 1), ("wood", 2))
    # Undo takes it back in this game; the device keeps the correction for the next games.
    before = game.states[-2].known_cost(t)
    d.tap("back")  # to the game
    d.tap("undo")
    d.tap("undo:yes")
    assert helvetia_state(app).known_cost(t) == before
    assert app.store.costs()[t] == {"stone": 1, "wood": 2}
    app.close()
