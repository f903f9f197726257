"""The building catalogue: goods, building types, branches and tile values, as data.

The shipped catalogue is ``data/catalogue.json`` in this package. It knows only the costs the
rulebook states (the Butcher); every other cost is ``None`` until the table reads it off the tile.
Overrides (a record header's, or a file passed with ``--catalogue``) are partial catalogues merged
over the shipped one, key by key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import CatalogueError
from .shipped import shipped_data as shipped_data  # its home before shipped.py

PRODUCTION = "production"
EXCHANGE = "exchange"
VP = "vp"
STACKS = ("start", "1", "2", "3")
BUYABLE = ("wood", "brick", "stone")

Cost = tuple[tuple[str, int], ...]
"""A building cost as sorted (good, count) pairs, so that it compares and hashes."""


@dataclass(frozen=True)
class Good:
    id: str
    name: str
    name_de: str
    level: int
    input: str | None


@dataclass(frozen=True)
class BuildingType:
    id: str
    name: str
    name_de: str
    kind: str
    stacks: Mapping[str, int]
    output: str | None
    exchange: frozenset[str]
    vp: int
    cost: Cost | None
    cost_confidence: str

    @property
    def occupied(self) -> bool:
        """Production and exchange buildings hold villagers; VP buildings never do."""
        return self.kind != VP


@dataclass(frozen=True)
class Branch:
    id: str
    name: str
    goods: frozenset[str]
    vp: int
    confidence: str


@dataclass(frozen=True)
class Catalogue:
    goods: Mapping[str, Good]
    buildings: Mapping[str, BuildingType]
    branches: Mapping[str, Branch]
    goods_tile_vp: Mapping[str, int]
    village_tile_vp: tuple[int, ...]

    def good(self, good_id: str) -> Good:
        try:
            return self.goods[good_id]
        except KeyError:
            raise CatalogueError(f"unknown good {good_id!r}") from None

    def building(self, type_id: str) -> BuildingType:
        try:
            return self.buildings[type_id]
        except KeyError:
            raise CatalogueError(f"unknown building type {type_id!r}") from None


def make_cost(goods: Mapping[str, int]) -> Cost:
    return tuple(sorted((g, n) for g, n in goods.items() if n))


def merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Deep-merge ``override`` over ``base``: mappings merge key by key, anything else replaces."""
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def load(*overrides: Mapping[str, Any]) -> Catalogue:
    """The shipped catalogue with ``overrides`` merged over it in order, checked."""
    data = shipped_data()
    for override in overrides:
        if not isinstance(override, Mapping):
            raise CatalogueError("a catalogue override must be a JSON object")
        data = merge(data, override)
    return from_data(data)


def _in(x: Any, names: Mapping[str, Any]) -> bool:
    """``x`` is one of ``names`` (any JSON value may come in: a list is not a name)."""
    return isinstance(x, str) and x in names


def _require(cond: bool, where: str, what: str) -> None:
    if not cond:
        raise CatalogueError(f"catalogue {where}: {what}")


def _int(value: Any, where: str, minimum: int = 0) -> int:
    _require(isinstance(value, int) and not isinstance(value, bool)
             and minimum <= value <= 1000,  # no count of the game comes near (a bound: STORE)
             where, f"must be a whole number from {minimum} to 1000, not {value!r}")
    return int(value)


def _names(entry: Mapping[str, Any], where: str) -> tuple[str, str]:
    names = entry.get("name")
    _require(isinstance(names, Mapping) and isinstance(names.get("en"), str),
             f"{where}.name", "must be an object with an 'en' string")
    assert isinstance(names, Mapping)
    return names["en"], str(names.get("de", names["en"]))


def from_data(data: Mapping[str, Any]) -> Catalogue:
    """Build and check a catalogue from its JSON form; errors name the key at fault."""
    _require(isinstance(data.get("goods"), Mapping), "goods", "missing or not an object")
    goods: dict[str, Good] = {}
    for gid, e in data["goods"].items():
        where = f"goods.{gid}"
        _require(isinstance(e, Mapping), where, "must be an object")
        en, de = _names(e, where)
        level = _int(e.get("level"), f"{where}.level", 1)
        _require(level <= 3, f"{where}.level", "must be 1, 2 or 3")
        inp = e.get("input")
        _require((inp is None) == (level == 1), f"{where}.input",
                 "a simple good has no input; a complex good has one")
        goods[gid] = Good(gid, en, de, level, inp)
    for g in goods.values():
        if g.input is not None:
            _require(_in(g.input, goods), f"goods.{g.id}.input", f"unknown good {g.input!r}")
            _require(goods[g.input].level == g.level - 1, f"goods.{g.id}.input",
                     "the input must be one level below")

    _require(isinstance(data.get("buildings"), Mapping), "buildings", "missing or not an object")
    buildings: dict[str, BuildingType] = {}
    for bid, e in data["buildings"].items():
        where = f"buildings.{bid}"
        _require(isinstance(e, Mapping), where, "must be an object")
        en, de = _names(e, where)
        kind = e.get("kind")
        _require(kind in (PRODUCTION, EXCHANGE, VP), f"{where}.kind",
                 "must be 'production', 'exchange' or 'vp'")
        stacks_raw = e.get("stacks")
        _require(isinstance(stacks_raw, Mapping), f"{where}.stacks", "must be an object")
        assert isinstance(stacks_raw, Mapping)
        stacks = {s: _int(stacks_raw.get(s, 0), f"{where}.stacks.{s}") for s in STACKS}
        output = e.get("output") if kind == PRODUCTION else None
        if kind == PRODUCTION:
            _require(_in(output, goods), f"{where}.output", f"unknown good {output!r}")
        exchange: frozenset[str] = frozenset()
        if kind == EXCHANGE:
            group = e.get("exchange")
            _require(isinstance(group, list) and len(group) >= 2
                     and all(_in(g, goods) for g in group),
                     f"{where}.exchange", "must list two or more known goods")
            exchange = frozenset(group)
        vp = _int(e.get("vp", 0), f"{where}.vp") if kind == VP else 0
        cost_raw = e.get("cost")
        cost: Cost | None = None
        if cost_raw is not None:
            _require(isinstance(cost_raw, Mapping) and len(cost_raw) > 0, f"{where}.cost",
                     "must be null or an object of good: count")
            for g, n in cost_raw.items():
                _require(_in(g, goods), f"{where}.cost", f"unknown good {g!r}")
                _int(n, f"{where}.cost.{g}", 1)
            cost = make_cost(cost_raw)
        confidence = str(e.get("cost_confidence", "unknown" if cost is None else "entered"))
        buildings[bid] = BuildingType(bid, en, de, str(kind), stacks, output, exchange, vp, cost,
                                      confidence)
    for g in goods.values():
        _require(any(b.output == g.id for b in buildings.values()), f"goods.{g.id}",
                 "no building produces it")

    _require(isinstance(data.get("branches"), Mapping), "branches", "missing or not an object")
    branches: dict[str, Branch] = {}
    for brid, e in data["branches"].items():
        where = f"branches.{brid}"
        _require(isinstance(e, Mapping), where, "must be an object")
        en, _ = _names(e, where)
        bgoods = e.get("goods")
        _require(isinstance(bgoods, list) and bool(bgoods) and all(_in(g, goods) for g in bgoods),
                 f"{where}.goods", "must list known goods")
        branches[brid] = Branch(brid, en, frozenset(bgoods), _int(e.get("vp"), f"{where}.vp"),
                                str(e.get("confidence", "entered")))

    tiles = data.get("goods_tiles")
    _require(isinstance(tiles, Mapping) and isinstance(tiles.get("values"), Mapping),
             "goods_tiles.values", "missing or not an object")
    assert isinstance(tiles, Mapping)
    _require(all(k in ("1", "2", "3") for k in tiles["values"]), "goods_tiles.values",
             "keys must be the levels \"1\", \"2\", \"3\"")
    by_level = {int(k): _int(v, f"goods_tiles.values.{k}") for k, v in tiles["values"].items()}
    goods_tile_vp = {}
    for g in goods.values():
        if g.level > 1:
            _require(g.level in by_level, "goods_tiles.values", f"no value for level {g.level}")
            goods_tile_vp[g.id] = by_level[g.level]

    vt = data.get("village_tiles", [4, 2])
    _require(isinstance(vt, list) and all(isinstance(v, int) for v in vt), "village_tiles",
             "must be a list of whole numbers")
    return Catalogue(goods, buildings, branches, goods_tile_vp, tuple(vt))
