"""The screens' contract (``display/contract.py``): the app keeps it, the screens use nothing
else of the app, no screen calls the store's module or reads the engine's privates, no import
cycle among the screens; and, where mypy is installed, the screens that are typed against the
contract type-check."""

from __future__ import annotations

import ast
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from companion.config import Buttons, Config, Leds
from companion.display.app.loop import App
from companion.display.contract import AppView

ROOT = Path(__file__).resolve().parent.parent
DISPLAY = ROOT / "companion" / "display"
SCREENS = DISPLAY / "screens"
TYPED = ["contract.py", "app/device.py", "words/hyphenate.py", "words/table_log.py",
         "app/store_link.py", "words/catalogues.py", "screens/__init__.py",
         "screens/menu/navigation.py", "screens/parts.py", "screens/menu/abandon.py",
         "screens/menu/undo.py", "screens/menu/menu.py", "screens/round_end/game_over.py",
         "screens/round_end/score_table.py", "screens/turn/villages.py", "screens/turn/market.py",
         "screens/menu/costs.py", "screens/turn/cost_form.py", "screens/turn/tile_cost.py",
         "screens/history/games.py", "screens/history/game.py", "screens/history/players.py",
         "screens/history/words.py", "screens/history/chart.py",
         "screens/history/bgstats_code.py", "screens/menu/desktop.py", "screens/menu/trouble.py",
         "screens/menu/config_problem.py", "screens/turn/hint.py", "screens/turn/reasons.py",
         "screens/drunter/screen_for.py", "screens/drunter/board.py", "screens/drunter/map.py",
         "screens/drunter/setup.py", "screens/drunter/turn.py", "screens/drunter/vote.py",
         "screens/drunter/end.py", "screens/drunter/undo.py", "screens/turn/character_pieces.py",
         "screens/round_end/round_screen.py", "screens/setup/checklist.py",
         "screens/round_end/checklist.py", "screens/turn/turn_screen.py", "screens/turn/do_it.py",
         "screens/turn/form_view.py", "screens/turn/list_view.py",
         "screens/turn/characters_view.py", "screens/turn/virtual.py",
         "screens/turn/option_rows.py", "app/stored_games.py"]
"""The display's modules typed against the contract and clean under mypy (the others: setup,
seats, keyboard, ui, village_view, forms, follow)."""


def members() -> set[str]:
    names = set(AppView.__annotations__)
    names |= {n for n, v in vars(AppView).items() if callable(v) and not n.startswith("_")}
    names |= {n for n, v in vars(AppView).items() if isinstance(v, property)}
    return names


def test_the_app_has_every_member_of_the_contract(tmp_path: Path) -> None:
    app = App(Config(language="en", data_dir=tmp_path, buttons=Buttons(backend="keyboard"),
                     leds=Leds(backend="simulated")))
    try:
        assert {"state", "apply", "show", "overlay", "keep_language", "busy"} <= members()
        missing = [n for n in sorted(members()) if not hasattr(app, n)]
        assert missing == []
        assert app.view() is app
    finally:
        app.close()


def screen_sources() -> list[Path]:
    return sorted(SCREENS.rglob("*.py"))


@pytest.mark.parametrize("path", screen_sources(), ids=lambda p: str(p.relative_to(SCREENS)))
def test_a_screen_uses_only_the_contract(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed = members() | {"view"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):  # never the store's module itself
            assert not (node.level >= 3 and node.module in (None, "store")
                        and (node.module == "store" or any(a.name == "store"
                                                          for a in node.names))), path
            assert not (node.module or "").startswith("companion.store"), path
        if isinstance(node, ast.Attribute):
            assert node.attr != "_states", f"{path.name}:{node.lineno}: the engine's private"
            value = node.value
            is_app = (isinstance(value, ast.Name) and value.id == "app") or (
                isinstance(value, ast.Attribute) and value.attr == "app"
                and isinstance(value.value, ast.Name) and value.value.id == "self")
            if is_app:
                assert node.attr in allowed, f"{path.name}:{node.lineno}: app.{node.attr}"


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed")
def test_the_screens_typed_against_the_contract_type_check() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--follow-imports=silent", "--ignore-missing-imports",
         "--no-error-summary", *(str(DISPLAY / n) for n in TYPED)],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
