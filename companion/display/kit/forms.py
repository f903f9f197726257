"""Putting an action together by taps: a form holds the fields a player may change, each with
its choices and a default (from the decision support, so a typical action needs no change).
No pygame here: the screens draw forms, the tests fill them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from ...engine import (
    Action,
    Birth,
    Build,
    Deliver,
    GameState,
    Marry,
    NeutralBuild,
    Option,
    StartBuildings,
)
from ...engine.catalogue import BUYABLE, make_cost
from ...engine.characters import build_cells
from ...engine.production import chains_by_good, find_payment
from ...engine.values import Sex
from ..words.i18n import _, building, colour, good, say, where

CELL = "cell"
BUTTONS = "buttons"
GOODS = "goods"


@dataclass(frozen=True)
class Choice:
    key: str
    label: str
    value: Any


@dataclass
class Field:
    name: str
    prompt: str
    choices: list[Choice]
    value: Any
    kind: str = BUTTONS
    village: str | None = None
    """For cell fields: the village whose grid is shown."""
    empty: str | None = None
    """What to say when there is no choice at all (a good nobody can make now)."""

    def label(self) -> str:
        for c in self.choices:
            if c.value == self.value:
                return c.label
        if not self.choices and self.kind == BUTTONS:
            return _("cannot be made now")
        return "–" if self.value is None else str(self.value)  # noqa: RUF001

    def why_not(self) -> str | None:
        """Why there is nothing to choose, said instead of an empty picker."""
        if self.choices or self.kind != BUTTONS:
            return None
        return self.empty or _("There is nothing to choose now.")


@dataclass
class Form:
    """One action being put together."""

    title: str
    fields: list[Field]
    make: Callable[[dict[str, Any]], Action]
    option: Option | None = None

    def values(self) -> dict[str, Any]:
        return {f.name: f.value for f in self.fields}

    def field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)

    def set(self, name: str, value: Any) -> None:
        f = self.field(name)
        if value not in [c.value for c in f.choices] and f.kind != GOODS:
            raise ValueError(f"{value!r} is not a choice of {name}")
        f.value = value

    def action(self) -> Action:
        return self.make(self.values())


# --- turn actions ---------------------------------------------------------------------------


def cell_choices(state: GameState, village: str) -> list[Choice]:
    return [Choice(f"{x},{y}", where((x, y)), (x, y))
            for x, y in build_cells(state.villages[village])]


def chain_label(state: GameState, chain: Sequence[Any]) -> str:
    cat = state.catalogue
    return " > ".join(
        f"{good(cat, s.good)} ({building(cat, state.villages[s.village].buildings[s.cell].type)}"
        + (f", {colour(s.village)}" if s.village != state.active else "") + ")"
        for s in chain)


def option_form(state: GameState, option: Option) -> Form:
    """The form of a turn option, its defaults those of the option."""
    a = option.action
    cat = state.catalogue
    if isinstance(a, Build):
        return _build_form(state, option)
    if isinstance(a, Deliver):
        good_id = a.chain[-1].good
        ways = chains_by_good(state, a.player).get(good_id, [])
        f = Field("chain", _("Which villagers make it"),
                  [Choice(str(i), chain_label(state, c), c) for i, (c, _u) in enumerate(ways)],
                  a.chain)
        return Form(_("Deliver {good}").format(good=good(cat, good_id)), [f],
                    lambda v: replace(a, chain=v["chain"]), option)
    if isinstance(a, Marry):
        fs = []
        if option.choices:  # one coin too: where it goes is said before "Do it"
            fs.append(Field("dowry", _("Which dowry coin to take"),
                            [Choice(c, _dowry_label(c, a.player), c) for c in option.choices],
                            a.dowry))
        return Form(say(option.message), fs,
                    lambda v: replace(a, dowry=v.get("dowry", a.dowry)), option)
    if isinstance(a, NeutralBuild):
        fs = [Field("cell", _("Where it goes"), cell_choices(state, _neutral(state)), a.cell,
                    CELL, _neutral(state))]
        if len(option.choices) > 1:
            fs.append(Field("sex", _("Who moves in"), _sex_choices(option.choices), a.sex))
        return Form(say(option.message), fs,
                    lambda v: replace(a, cell=v["cell"], sex=v.get("sex", a.sex)), option)
    if isinstance(a, Birth) and len(option.choices) > 1:  # the child's sex
        f = Field("sex", _("Boy or girl"), _child_choices(option.choices), a.sex)
        return Form(say(option.message), [f], lambda v: replace(a, sex=v["sex"]), option)
    return Form(say(option.message), [], lambda v: a, option)


def _dowry_label(coin: str, player: str) -> str:
    """Where the coin taken from the centre goes (§9 Priest): the player's own back to its
    supply, another's into its centre."""
    if coin == player:
        return _("your own, back to your supply")
    return _("{name}'s, into your village centre").format(name=colour(coin))


def _neutral(state: GameState) -> str:
    assert state.options.neutral_colour is not None
    return state.options.neutral_colour


def _sex_choices(sexes: Sequence[str]) -> list[Choice]:
    names = {Sex.M: _("a man"), Sex.F: _("a woman")}
    return [Choice(s, names[Sex(s)], s) for s in sexes]


def _child_choices(sexes: Sequence[str]) -> list[Choice]:
    names = {Sex.M: _("a boy"), Sex.F: _("a girl")}
    return [Choice(s, names[Sex(s)], s) for s in sexes]


def _build_form(state: GameState, option: Option, entered: dict[str, int] | None = None
                ) -> Form:
    """The Builder's form. A type whose cost is not known yet asks for the goods on the tile
    first (``entered``), then offers the cheapest payment of them."""
    a = option.action
    assert isinstance(a, Build)
    cat = state.catalogue
    known = state.known_cost(a.building)
    cost = known or (make_cost(entered) if entered else None)
    if cost is not None and known is None:
        payment = find_payment(state, a.player, cost, None)
        if payment is not None:
            a = replace(a, pay=payment.pay, buy=payment.buy)
    fs = [Field("cell", _("Where it goes"), cell_choices(state, a.player), a.cell, CELL,
                a.player)]
    if known is None:
        fs.append(Field("cost", _("The goods shown top left on the tile"),
                        [Choice(g, good(cat, g), g) for g in cat.goods], dict(entered or {}),
                        GOODS))
    fs += _payment_fields(state, a, cost)
    if len(option.choices) > 1:
        fs.append(Field("mover", _("Who moves in from the centre"),
                        _sex_choices(option.choices), a.mover))
    base = option.action
    assert isinstance(base, Build)

    def make(v: dict[str, Any]) -> Build:
        units = [k for k in v if k.startswith("pay:")]
        for k in units:
            if v[k] is None:
                field_ = next(f for f in fs if f.name == k)
                raise ValueError(field_.why_not() or _("Choose how to pay the {good}.").format(
                    good=good(cat, k.split(":")[1])))
        bought = [k.split(":")[1] for k in units if v[k] == "buy"]
        return replace(base, cell=v["cell"], pay=tuple(v[k] for k in units if v[k] != "buy"),
                       buy=make_cost({g: bought.count(g) for g in set(bought)}),
                       cost=make_cost(v["cost"]) if v.get("cost") else None,
                       mover=v.get("mover", base.mover))

    return Form(_("Build the {building}").format(building=building(cat, a.building)), fs, make,
                option)


def _payment_fields(state: GameState, a: Build, cost: Any) -> list[Field]:
    """One field per good of the cost: which chain makes it, or buy it."""
    if cost is None:
        return []
    ways = chains_by_good(state, a.player)
    defaults = list(a.pay)
    bought = [g for g, n in a.buy for _ in range(n)]
    out = []
    for g, n in cost:
        for k in range(n):
            choices = [Choice(str(j), chain_label(state, c), c)
                       for j, (c, _u) in enumerate(ways.get(g, []))]
            if g in BUYABLE:
                choices.append(Choice("buy", _("buy it (1 coin)"), "buy"))
            default: Any = next((c for c in defaults if c[-1].good == g), None)  # or "buy"
            if default is not None:
                defaults.remove(default)
            elif g in bought:
                bought.remove(g)
                default = "buy"
            prompt = _("{good} from").format(good=good(state.catalogue, g))
            empty = _("{good} cannot be made now: no villager of yours can make it (nor what "
                      "it is made from), and it cannot be bought.").format(
                good=good(state.catalogue, g))
            out.append(Field(f"pay:{g}:{k}", prompt, choices, default, empty=empty))
    return out


def with_cost(state: GameState, form: Form, cost: dict[str, int]) -> Form:
    """The form again once the cost read off the tile is entered: now it can be paid."""
    assert form.option is not None
    new = _build_form(state, form.option, entered=cost)
    new.field("cell").value = form.field("cell").value
    return new


# --- setup and round end ----------------------------------------------------------------------

ORDER = {
    "start_player": ["player"],
    "pick": ["building", "take_from"],
    "start_buildings": ["player", "buildings", "letter"],
    "place_neutral": ["building", "cell", "sex"],
    "place_building": ["player", "building", "cell"],
    "first_couple": ["man", "woman"],
    "second_couple": ["school"],
    "third_couple": ["cell", "spouse"],
    "school_return": ["placements"],
}


@dataclass
class ChoiceForm:
    """Choose among legal actions one field at a time; a field with one choice is taken."""

    candidates: list[Action]
    order: list[str]
    chosen: dict[str, Any] = field(default_factory=dict)

    def remaining(self) -> list[Action]:
        return [a for a in self.candidates
                if all(getattr(a, k) == v for k, v in self.chosen.items())]

    def next_field(self) -> tuple[str, list[Any]] | None:
        """The next field with more than one value left, and its values; None when done."""
        left = self.remaining()
        for name in self.order:
            if name in self.chosen:
                continue
            values: list[Any] = []
            for a in left:
                v = getattr(a, name)
                if v not in values:
                    values.append(v)
            if len(values) > 1:
                return name, values
            self.chosen[name] = values[0] if values else None
        return None

    def choose(self, name: str, value: Any) -> None:
        self.chosen[name] = value

    def action(self) -> Action | None:
        left = self.remaining()
        return left[0] if self.next_field() is None and left else None


def setup_form(candidates: list[Action]) -> ChoiceForm:
    kind = candidates[0].type
    order = ORDER.get(kind, [f.name for f in fields(candidates[0])])
    return ChoiceForm(candidates, [n for n in order if n != "letter"])


def with_letter(action: StartBuildings, letter: str | None) -> StartBuildings:
    return replace(action, letter=letter)
