"""Wording the play-test of issue 32 found: French speaks to the table as "tu" throughout
(the group as "chacun"), never "vous"; Italian names the Market button and the Marketplace
building differently; Spanish says "fichas de bienes"."""

from __future__ import annotations

import json
import re
from pathlib import Path

from babel.messages.pofile import read_po

from companion.display.words import catalogues

VOUS = re.compile(r"\b(vous|votre|vos|Vous|Votre|Vos)\b|\b\w+ez\b(?<!\bchez\b)")


def translations(lang: str) -> list[tuple[str, str]]:
    with catalogues.po_path(lang).open("rb") as f:
        cat = read_po(f, locale=lang)
    out = []
    for m in cat:
        if m.id:
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            out += [(ids[0], s) for s in strings if s]
    return out


def test_french_says_tu_never_vous() -> None:
    assert [s for _id, s in translations("fr") if VOUS.search(s)] == []


def test_italian_market_and_marketplace_are_two_words() -> None:
    texts = dict(translations("it"))
    catalogue = Path(catalogues.ROOT) / "companion" / "engine" / "data" / "catalogue.json"
    buildings = json.loads(catalogue.read_text(encoding="utf-8"))["buildings"]
    marketplace = buildings["marketplace"]["name"]["it"]
    assert texts["Market"] != marketplace
    assert not [s for i, s in translations("it") if "Marketplace" in i and "Mercato" in s
                and "Piazza" not in s]


def test_spanish_goods_tiles() -> None:
    assert not [s for _id, s in translations("es") if re.search(r"fichas? de bien\b", s)]
