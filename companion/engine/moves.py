"""What each character (and the neutral coin) allows a player now, as ready-to-apply actions.

Every option is generated from the same predicates and generators the actions check
(``characters.py``, ``production.py``), so an option is by construction an action ``apply``
accepts (after choosing its character, for an action paid with a coin).

Order, everywhere: buildings in catalogue order; goods in catalogue order; villages the player's
own first, then the others in play order, the neutral village last; cells row by row (y, x);
quarters top-left, top-right, bottom-left, bottom-right. Defaults a player may change: a new
building goes on the first free cell of the innermost open ring; a man moves in (or is born)
when there is a choice and men are not fewer; the own dowry coin is taken first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property, partial

from . import characters as rules
from .actions import Action, Birth, Build, Chain, Deliver, Marry, Wake
from .catalogue import Cost
from .grid import QUARTERS, by_row, cell_quarters
from .messages import Message, english, english_param, message
from .production import ChainsByGood, Payment, find_payment, vcode, village_order
from .state import GameState
from .values import SEXES, SOURCES, Character, Colour, Quarter, Sex, Via

COIN, TILE, NEUTRAL = Via.COIN, Via.TILE, Via.NEUTRAL


Words = Callable[[], tuple[Message, tuple[Message, ...]]]
"""An option's words, built when asked: its ``message`` and its ``details``."""


def _given(message: Message, details: tuple[Message, ...]) -> tuple[Message, tuple[Message, ...]]:
    return message, details


@dataclass(frozen=True, init=False, eq=False)
class Option:
    """One action a player can take now, ready to apply (after choosing its character, for an
    action paid with a coin). Described as data: ``message`` ("option.<action type>" with the
    buildings, goods, cells involved) and ``details`` (its payment, step by step).

    The words are built only when asked (a search looks at thousands of options and words
    none): ``words`` builds them from the state the option was found in, which never changes
    (``apply`` returns a new one). Equal options have equal words."""

    character: Character
    via: Via
    action: Action
    coins: int = 0
    """Coins for bought goods, on top of the action's own coin."""
    sleepers: int = 0
    """Villagers the action puts to sleep."""
    affordable: bool = True
    needs_cost: bool = False
    """A building whose cost is not known yet: it must be read off the tile first."""
    choices: tuple[str, ...] = ()
    """What the player may pick instead of the default: dowry coins, or sexes."""
    words: Words = field(repr=False, kw_only=True)
    """Builds ``message`` and ``details`` when first asked (given: the two themselves)."""

    def __init__(self, character: Character, via: Via, action: Action, coins: int = 0,
                 sleepers: int = 0, affordable: bool = True, needs_cost: bool = False,
                 choices: tuple[str, ...] = (), *, message: Message | None = None,
                 details: tuple[Message, ...] = (), words: Words | None = None) -> None:
        if (message is None) == (words is None):
            raise TypeError("an Option needs its message or its words (one of them)")
        if words is None:
            assert message is not None
            words = partial(_given, message, tuple(details))
        self.__dict__.update(character=character, via=via, action=action, coins=coins,
                             sleepers=sleepers, affordable=affordable, needs_cost=needs_cost,
                             choices=choices, words=words)  # frozen: set once, here

    @cached_property
    def _worded(self) -> tuple[Message, tuple[Message, ...]]:
        return self.words()

    @property
    def message(self) -> Message:
        """What the option does: "option.<action type>" with its parameters."""
        return self._worded[0]

    @property
    def details(self) -> tuple[Message, ...]:
        """"pay.*" messages: the cost, each chain's steps, the goods bought; or why it cannot
        be paid."""
        return self._worded[1]

    def _key(self) -> tuple[object, ...]:
        return (self.character, self.via, self.action, self.coins, self.sleepers,
                self.affordable, self.needs_cost, self.choices, self.message, self.details)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Option) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    @property
    def cost_needed(self) -> str | None:
        """The building type whose cost must be read off its tile first (``needs_cost``)."""
        return self.action.building if self.needs_cost and isinstance(self.action, Build) else None

    @property
    def kind(self) -> str:
        return self.message.code

    @property
    def text(self) -> str:
        """The option in English (CLI, logs, tests); the display words ``message`` itself:
        "Build the Butcher (2 brick + 1 stone): brick at the Brickyard; buy 1 brick"."""
        head, rest = english(self.message), list(self.details)
        if rest and rest[0].code == "pay.cost":
            head += f" ({english_param('cost', rest.pop(0).params['cost'])})"
        chains = getattr(self.action, "pay", None) or [getattr(self.action, "chain", ())]
        parts = []
        for chain in chains:
            steps, rest = rest[:len(chain)], rest[len(chain):]
            if steps:
                parts.append(", ".join(english(s) for s in steps))
        parts += [english(d) for d in rest]
        return head + (": " + "; ".join(parts) if parts else "")


first_free_cell = rules.first_free_cell


def chain_details(state: GameState, colour: Colour, chain: Chain) -> tuple[Message, ...]:
    """Each step of a chain: the good and the building; another village than the own named."""
    out = []
    for s in chain:
        building = state.villages[s.village].buildings[s.cell].type
        if s.village == colour:
            out.append(message("pay.step", good=s.good, building=building))
        else:
            out.append(message("pay.step_in", good=s.good, building=building,
                               village=vcode(state, s.village)))
    return tuple(out)


def sex_default(counts: dict[Sex, int]) -> tuple[Sex | None, tuple[Sex, ...]]:
    """Who moves in (or is born) by default, and the sexes there is a choice of: a man when
    men are not fewer."""
    present = tuple(s for s in SEXES if counts[s] > 0)
    if not present:
        return None, ()
    return (Sex.M if counts[Sex.M] >= counts[Sex.F] else Sex.F), present


def _build_words(state: GameState, colour: Colour, t: str, cost: Cost | None,
                 payment: Payment | None) -> tuple[Message, tuple[Message, ...]]:
    what = message("option.build", building=t)
    if cost is None:
        return what, (message("pay.cost_needed"),)
    priced = message("pay.cost", cost=cost)
    if payment is None:
        return what, (priced, message("pay.unaffordable"))
    details = [priced]
    for c in payment.pay:
        details += chain_details(state, colour, c)
    if payment.buy:
        details.append(message("pay.buy", buy=payment.buy))
    return what, tuple(details)


def builder(state: GameState, colour: Colour, via: Via, budget: int,
            by_good: ChainsByGood) -> Iterator[Option]:
    """Every building on offer the player may build, with its cheapest payment."""
    cat = state.catalogue
    village = state.villages[colour]
    cell = rules.first_free_cell(village)
    tile = via == TILE
    moving_in = sex_default(village.centre)
    for t in rules.buildable_types(state, colour):
        mover, sexes = moving_in if cat.building(t).occupied else (None, ())
        cost = state.known_cost(t)
        if cost is None:
            yield Option("builder", via, Build(colour, t, cell, mover=mover, tile=tile),
                         affordable=False, needs_cost=True, choices=sexes,
                         words=partial(_build_words, state, colour, t, None, None))
            continue
        payment = find_payment(state, colour, cost, None, by_good)
        words = partial(_build_words, state, colour, t, cost, payment)
        if payment is None:
            yield Option("builder", via, Build(colour, t, cell, mover=mover, tile=tile),
                         affordable=False, choices=sexes, words=words)
            continue
        yield Option(
            "builder", via,
            Build(colour, t, cell, payment.pay, payment.buy, mover=mover, tile=tile),
            coins=payment.coins, sleepers=payment.sleepers, affordable=payment.coins <= budget,
            choices=sexes, words=words)


def _deliver_words(state: GameState, colour: Colour, chain: Chain
                   ) -> tuple[Message, tuple[Message, ...]]:
    return message("option.deliver", good=chain[-1].good), chain_details(state, colour, chain)


def carter(state: GameState, colour: Colour, via: Via, by_good: ChainsByGood) -> Iterator[Option]:
    """Every good the player has not delivered and can make now, by its shortest chain."""
    delivered = state.player(colour).delivered
    for good in state.catalogue.goods:
        if good in delivered or not by_good.get(good):
            continue
        chain = by_good[good][0][0]
        yield Option("carter", via, Deliver(colour, chain, via == TILE),
                     sleepers=len(chain), words=partial(_deliver_words, state, colour, chain))


def _wake_words(state: GameState, village: str, quarter: Quarter
                ) -> tuple[Message, tuple[Message, ...]]:
    n = len(rules.sleepers(state, village, quarter))
    return message("option.wake", quarter=quarter, village=vcode(state, village), n=n), ()


def night_watchman(state: GameState, colour: Colour, via: Via) -> Iterator[Option]:
    """Every quarter of any village with someone asleep in it."""
    for v in village_order(state, colour):
        asleep: set[str] = set()  # a sieve: the rule is asked about quarters with a sleeper
        for cell, b in state.villages[v].buildings.items():
            for a in b.adults:
                if not a.awake:
                    asleep.update(cell_quarters(cell))
                    break
        for q in QUARTERS:
            if q in asleep and rules.wake_problem(state, v, q) is None:
                yield Option("night_watchman", via, Wake(colour, v, q, via == TILE),
                             words=partial(_wake_words, state, v, q))


def _marry_words(state: GameState, a: Marry) -> tuple[Message, tuple[Message, ...]]:
    return message("option.marry", player=a.player, sex=a.sex, source=a.source,
                   building=state.villages[a.village].buildings[a.cell].type, cell=a.cell,
                   village=vcode(state, a.village)), ()


def priest(state: GameState, colour: Colour, via: Via) -> Iterator[Option]:
    """Every own unbound villager with every single villager of the other sex it may marry."""
    sources = [(src, sex) for src in SOURCES for sex in SEXES
               if rules.unbound(state, colour, src)[sex] > 0]
    if not sources:
        return  # a sieve: nobody to marry (``no_villager``)
    for v in village_order(state, colour):
        if v == colour:
            continue  # a sieve: the own village (``own_village``)
        buildings = state.villages[v].buildings
        # a sieve: a single villager of another player (``couple_there``, ``same_player``)
        singles = by_row(c for c, b in buildings.items()
                         if len(b.adults) == 1 and b.adults[0].colour != colour)
        if not singles:
            continue
        dowry = rules.dowry_coins(state, colour, v)
        for cell in singles:
            adults = buildings[cell].adults
            for src, sex in sources:
                if sex != adults[0].sex and (  # a sieve: ``same_sex``
                        rules.marry_problem(state, colour, sex, src, v, cell) is None):
                    a = Marry(colour, sex, src, v, cell, dowry[0] if dowry else None,
                              via == TILE)
                    yield Option("priest", via, a, choices=dowry,
                                 words=partial(_marry_words, state, a))


def _birth_words(state: GameState, a: Birth) -> tuple[Message, tuple[Message, ...]]:
    building = state.villages[a.player].buildings[a.cell].type
    return message("option.birth", building=building, cell=a.cell), ()


def midwife(state: GameState, colour: Colour, via: Via) -> Iterator[Option]:
    """Every own couple that may have a child this turn."""
    sex, sexes = sex_default(state.player(colour).supply)
    if sex is None:
        return
    for cell in rules.couples(state, colour):
        a = Birth(colour, cell, sex, via == TILE)
        yield Option("midwife", via, a, choices=sexes, words=partial(_birth_words, state, a))


def options_of(state: GameState, colour: Colour, name: Character, via: Via, budget: int,
               by_good: ChainsByGood) -> Iterator[Option]:
    """The options of one character, one by one; ``budget``: coins left for bought goods."""
    if name == "builder":
        return builder(state, colour, via, budget, by_good)
    if name == "carter":
        return carter(state, colour, via, by_good)
    if name == "night_watchman":
        return night_watchman(state, colour, via)
    if name == "priest":
        return priest(state, colour, via)
    return midwife(state, colour, via)


def character(state: GameState, colour: Colour, name: Character, via: Via, budget: int,
              by_good: ChainsByGood) -> list[Option]:
    """The options of one character; ``budget``: coins left for bought goods."""
    return list(options_of(state, colour, name, via, budget, by_good))
