"""The building catalogue: shipped data, confidence marks, overrides, errors."""

import pytest

from companion.engine import CatalogueError, load_catalogue
from companion.engine.catalogue import shipped_data


def test_the_shipped_catalogue_holds_the_54_tiles() -> None:
    cat = load_catalogue()
    per_stack = {s: sum(b.stacks[s] for b in cat.buildings.values())
                 for s in ("start", "1", "2", "3")}
    assert per_stack == {"start": 15, "1": 11, "2": 17, "3": 11}
    assert len(cat.buildings) == 24 and len(cat.goods) == 16
    assert cat.building("grocer").exchange == {"milk", "cheese", "meat", "cloth", "cowbell"}
    assert cat.building("church").vp == 3 and not cat.building("church").occupied
    assert cat.goods["cowbell"].input == "iron" and cat.goods["cowbell"].level == 3


def test_only_the_butchers_cost_is_known_and_nothing_is_invented() -> None:
    cat = load_catalogue()
    known = {b.id: b.cost for b in cat.buildings.values() if b.cost is not None}
    assert known == {"butcher": (("brick", 2), ("stone", 1))}
    data = shipped_data()
    for bid, entry in data["buildings"].items():
        if bid != "butcher":
            assert entry["cost"] is None and entry["cost_confidence"] == "unknown"
            assert "tile" in entry["cost_source"]


def test_uncertain_values_carry_their_confidence_and_source() -> None:
    data = shipped_data()
    assert data["goods"]["cloth"]["input_confidence"] == "probable"
    assert data["goods_tiles"]["confidence"] == "inferred"
    assert {b: e["confidence"] for b, e in data["branches"].items()} == {
        "ore": "stated", "grain": "inferred", "water": "inferred", "materials": "inferred"}
    cat = load_catalogue()
    assert (cat.goods_tile_vp["beer"], cat.goods_tile_vp["cheese"]) == (1, 2)
    assert {b.id: b.vp for b in cat.branches.values()} == {"ore": 2, "grain": 4, "water": 4,
                                                          "materials": 1}


def test_overrides_merge_key_by_key() -> None:
    cat = load_catalogue({"buildings": {"mill": {"cost": {"wood": 2}}}},
                         {"branches": {"materials": {"vp": 2}}})
    assert cat.building("mill").cost == (("wood", 2),)
    assert cat.building("mill").name == "Mill"  # the rest of the entry stays
    assert cat.branches["materials"].vp == 2 and cat.branches["ore"].vp == 2


@pytest.mark.parametrize(("override", "message"), [
    ({"buildings": {"mill": {"cost": {"gold": 1}}}}, "buildings.mill.cost: unknown good 'gold'"),
    ({"buildings": {"mill": {"cost": {"wood": 0}}}}, "buildings.mill.cost.wood: must be a whole"),
    ({"buildings": {"mine": {"kind": "castle"}}}, "buildings.mine.kind: must be 'production'"),
    ({"goods": {"cow": {"input": None}}}, "goods.cow.input: a simple good has no input"),
    ({"branches": {"ore": {"goods": ["gold"]}}}, "branches.ore.goods: must list known goods"),
    ({"goods_tiles": {"values": {"2": -1}}}, "goods_tiles.values.2: must be a whole number"),
    ([1, 2], "a catalogue override must be a JSON object"),
])
def test_a_bad_catalogue_names_the_key_at_fault(override: object, message: str) -> None:
    with pytest.raises(CatalogueError) as info:
        load_catalogue(override)  # type: ignore[arg-type]
    assert message in str(info.value)
