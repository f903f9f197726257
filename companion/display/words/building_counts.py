"""A number of tiles of one building type in a sentence ("3 Mines", "3 Bergwerke", "2 Places du
marché"): each type's singular and plural, chosen by the language's own plural rule
(``ngettext``), since the catalogue names a building in the singular only."""

from __future__ import annotations

from ...engine.catalogue import Catalogue
from .i18n import building, ngettext


def N_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a singular and its plural for the catalogues; translated where shown."""
    return singular, plural


COUNTS = {
    "brickyard": N_("{n} Brickyard", "{n} Brickyards"),
    "woodcutter": N_("{n} Woodcutter", "{n} Woodcutters"),
    "stonemason": N_("{n} Stonemason", "{n} Stonemasons"),
    "grain_farm": N_("{n} Grain farm", "{n} Grain farms"),
    "well": N_("{n} Well", "{n} Wells"),
    "mine": N_("{n} Mine", "{n} Mines"),
    "cow_shed": N_("{n} Cow shed", "{n} Cow sheds"),
    "goat_shed": N_("{n} Goat shed", "{n} Goat sheds"),
    "marketplace": N_("{n} Marketplace", "{n} Marketplaces"),
    "bakehouse": N_("{n} Bakehouse", "{n} Bakehouses"),
    "brewery": N_("{n} Brewery", "{n} Breweries"),
    "ironworks": N_("{n} Ironworks", "{n} Ironworks"),
    "dairy": N_("{n} Dairy", "{n} Dairies"),
    "butcher": N_("{n} Butcher", "{n} Butchers"),
    "cheese_dairy": N_("{n} Cheese dairy", "{n} Cheese dairies"),
    "tannery": N_("{n} Tannery", "{n} Tanneries"),
    "bell_foundry": N_("{n} Bell foundry", "{n} Bell foundries"),
    "cattle_market": N_("{n} Cattle market", "{n} Cattle markets"),
    "goat_market": N_("{n} Goat market", "{n} Goat markets"),
    "grocer": N_("{n} Grocer", "{n} Grocers"),
    "mill": N_("{n} Mill", "{n} Mills"),
    "inn": N_("{n} Inn", "{n} Inns"),
    "town_hall": N_("{n} Town hall", "{n} Town halls"),
    "church": N_("{n} Church", "{n} Churches"),
}
"""By building type: "{n} <name>" in the singular and the plural."""


def building_count(catalogue: Catalogue, type_id: str, n: int) -> str:
    """``n`` tiles of a building type, in words; a type this table does not know (a changed
    catalogue) as "<name>: n", which needs no plural."""
    if type_id not in COUNTS:
        return f"{building(catalogue, type_id)}: {n}"
    words = ngettext(*COUNTS[type_id], n).format(n=n)
    return words.replace(f"{n} ", f"{n}\u00a0", 1)  # the number never alone at a line's end
