"""What the engine says, as data: a ``Message`` is a code with parameters, never finished words.

``ENGLISH`` holds the English template of every code (the gettext msgid: a string, or a
``(singular, plural)`` pair where a count ``n`` is involved); ``english`` renders a message for
the CLI and logs. The display words messages in the players' language (``display/i18n.py``),
each parameter by its kind (``PARAM_KINDS``).

Codes: refusals (``IllegalAction.code``) are bare words (``"not_your_turn"``); an option's
description is ``"option.<action type>"``; what the game waits for is ``"phase.<phase>"``; the
parts of an option's payment are ``"pay.*"``.

Templates are marked with ``N_`` so that Babel extracts them:
``pybabel extract -k N_:1,1t -k N_:1,2,2t ...`` (one argument: a msgid; two: singular, plural).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol, overload

from .shipped import shipped_data
from .values import Sex, Source


class _Named(Protocol):
    @property
    def name(self) -> str: ...


class Names(Protocol):
    """What the English wording needs of a catalogue: the names of its buildings and goods
    (``catalogue.Catalogue`` is one)."""

    @property
    def buildings(self) -> Mapping[str, _Named]: ...

    @property
    def goods(self) -> Mapping[str, _Named]: ...

Template = str | tuple[str, str]


@overload
def N_(singular: str) -> str: ...
@overload
def N_(singular: str, plural: str) -> tuple[str, str]: ...
def N_(singular: str, plural: str | None = None) -> Template:
    """Marks an English template for extraction; returns it unchanged."""
    return singular if plural is None else (singular, plural)


@dataclass(frozen=True)
class Message:
    """A code and its parameters. Parameter values are data: colour codes (``"neutral"`` for
    the neutral village), building type ids, good ids, character ids, quarter ids, cells as
    ``(x, y)``, sexes ``"m"``/``"f"``, counts as int (the count that decides a plural is
    ``n``), costs as ``((good, count), ...)``."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    def __hash__(self) -> int:
        return hash((self.code, tuple(sorted(self.params.items()))))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Message) and self.code == other.code
                and dict(self.params) == dict(other.params))

    def __repr__(self) -> str:
        return f"Message({self.code!r}, {dict(self.params)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Message, (self.code, dict(self.params)))  # copy and pickle like a plain value

    def __str__(self) -> str:
        return english(self)


def message(code: str, **params: Any) -> Message:
    """``Message(code, params)``, built without copying ``params`` (the rules build many)."""
    m = object.__new__(Message)
    object.__setattr__(m, "code", code)
    object.__setattr__(m, "params", MappingProxyType(params))
    return m


# --- parameter kinds ---------------------------------------------------------------------------

PARAM_KINDS: dict[str, str] = {
    # a colour code: the player's name in the display, the colour's name in English
    "player": "colour", "active": "colour", "colour": "colour",
    # a village, by its colour code; "neutral" for the neutral village
    "village": "village",
    # several colour codes
    "colours": "colours",
    "building": "building",
    "good": "good", "input": "good", "made": "good",
    "goods": "goods",  # several good ids
    "character": "character", "chosen": "character",
    "quarter": "quarter",
    "cell": "cell",
    "sex": "sex",
    "sexes": "sexes",  # "m"/"f" worded in the plural: men, women
    "source": "source",  # "centre" (the own village centre) or "school"
    "cost": "cost", "given": "cost", "paid": "cost", "buy": "cost",
    "buildings": "buildings",  # ((building, count), ...)
    "phase": "phase",
    "n": "count", "ring": "number", "open": "number", "held": "number", "couple": "number",
    "expected": "number", "given_n": "number", "stack": "number",
    "name": "raw", "letter": "raw",  # what was typed or sent, shown as it is
    "level": "raw", "levels": "raw", "why": "phase",  # "why": a message, worded in turn
    "also": "phase",  # the next reason of several ("why.and")
}
"""The kind of each parameter name: how the display words it."""

KINDS = frozenset(PARAM_KINDS.values())

# --- the English templates ---------------------------------------------------------------------

REFUSALS: dict[str, Template] = {
    # the game as a whole
    "not_a_player": N_("{player} is not a player in this game."),
    "wrong_phase": N_("That is not possible now: {phase}."),
    "nothing_to_undo": N_("There is nothing to undo."),
    "not_at_round_end": N_("The game can be ended by agreement only at a round end, once it "
                           "is scored."),
    "not_your_turn": N_("It is {active}'s turn, not {player}'s."),
    "malformed": N_("That is not an action of the record format: {name}"),
    # setup
    "unknown_building": N_("There is no building type {name}."),
    "type_twice": N_("{player} already has a {building}: nobody takes a type twice."),
    "not_in_pool": N_("No {building} is left among the start buildings."),
    "no_special_case": N_("{player} can still pick a {building}: taking another player's "
                          "building is only for a picker left with types it has."),
    "bad_take_from": N_("The building must come from another player."),
    "not_held": N_("{player} has no {building}."),
    "already_given": N_("{player} has its start buildings already."),
    "three_buildings": N_("A village centre comes with 3 different start buildings."),
    "bad_letter": N_("Village-centre letters are A to E, not {letter}."),
    "letter_twice": N_("Letter {letter} was drawn already."),
    "pool_exhausted": N_("With these, the players still waiting could not each get 3 different "
                         "start buildings: check the letters' buildings."),
    "not_to_place": N_("{village} has no {building} to place."),
    "not_ring_one": N_("Start buildings go next to the village centre, not there ({cell})."),
    "cell_taken": N_("That place ({cell}) is not free."),
    "occupied": N_("The {building} ({cell}) has a villager already."),
    "wrong_couple": N_("This is the round of couple {couple}, not couple {expected}."),
    "same_building": N_("Two villagers cannot go onto the same building."),
    "neutral_couples": N_("The two neutral couples have only two {sexes}."),
    # a turn
    "neutral_used": N_("{player} used the neutral coin instead of a regular action this "
                       "turn."),
    "one_character": N_("{player} chose the {chosen} this turn already: one character per "
                        "turn."),
    "no_coins_placed": N_("Put at least one coin on the character."),
    "not_enough_coins": N_("{player} has only {n} coin to use this turn.",
                           "{player} has only {n} coins to use this turn."),
    "idle.builder_no_offer": N_("No building is on offer."),
    "idle.builder_owns_all": N_("{player} already has every type of building on offer."),
    "idle.builder_cannot_pay": N_("{player} cannot pay for any building on offer: too few "
                                  "awake villagers make its goods, and too few coins buy the "
                                  "rest."),
    "idle.carter": N_("{player}'s awake villagers make no good that {player} has not "
                      "delivered yet."),
    "idle.night_watchman": N_("Nobody sleeps in any village."),
    "idle.priest_no_unbound": N_("{player} has no unbound villager: none in the village "
                                 "centre, none in the school."),
    "idle.priest_no_single": N_("No other village has a single villager of the other sex "
                                "on a production or exchange building."),
    "idle.midwife_no_supply": N_("{player} has no villager left in the supply."),
    "idle.midwife": N_("{player} has no couple in the own village that may have a child now "
                       "(one child a couple a turn)."),
    "no_tiles_in_intro": N_("The intro game is played without character tiles."),
    "tile_not_held": N_("{player} does not hold the {character} tile."),
    "tile_used": N_("The {character} tile has been used this round."),
    "one_tile": N_("{player} has used a character tile this turn already: one per turn."),
    "tile_between": N_("The {character} tile's action comes before or after the {chosen} "
                       "actions, not between them."),
    "choose_first": N_("{player} has not chosen a character yet: put coins on the {character} "
                       "first."),
    "no_character_yet": N_("{player} has not chosen a character yet: a coin is added only "
                           "to the character chosen this turn."),
    "tile_came_after": N_("The {character} tile's action came after the {chosen} actions: "
                          "no more {chosen} action may follow it."),
    "other_character": N_("{player} chose the {chosen} this turn, not the {character}."),
    "no_coin_left": N_("{player}'s {n} {character} action is done: each coin buys one action.",
                       "{player}'s {n} {character} actions are done: each coin buys one "
                       "action."),
    "no_neutral": N_("There is no neutral village: it is only in the 2-player game."),
    "neutral_coin_used": N_("The neutral coin has been used this round."),
    "neutral_instead": N_("The neutral coin replaces the turn's regular action, and {player} "
                          "has taken that already."),
    "acted": N_("{player} has acted this turn already."),
    "can_act": N_("{player} can still act: the {character} has an action."),
    "can_act_neutral": N_("{player} can still act: the neutral coin has an action."),
    "cost_first": N_("The cost of the {building} on offer is not known yet: enter it from the "
                     "tile before saying that no action is possible."),
    "actions_left": N_("{player} has {n} more {character} action to perform: every coin must "
                       "buy an action.",
                       "{player} has {n} more {character} actions to perform: every coin must "
                       "buy an action."),
    "regular_action_needed": N_("{player} still has coins: choose a character for the turn's "
                                "regular action."),
    "cannot_pass": N_("{player} still has coins and cannot pass: choose a character."),
    "cost_known": N_("The cost of the {building} is known already: {cost}."),
    # building
    "not_on_offer": N_("No {building} is on offer."),
    "wrong_ring": N_("A new building goes on ring {open}, not there ({cell}, ring {ring})."),
    "no_mover": N_("No villager waits in the centre of {village} to move in."),
    "no_mover_sex": N_("No {sex} waits in the centre of {village}."),
    "mover_needed": N_("Both a man and a woman wait in the centre of {village}: say which one "
                       "moves into the new building."),
    "type_owned": N_("{player} already has a {building}: each type only once per player."),
    "unknown_good": N_("There is no good called {name}."),
    "wrong_cost": N_("The {building} costs {cost}, not {given}."),
    "cost_unknown": N_("The cost of the {building} is not known yet: enter the goods shown top "
                       "left on the tile."),
    "not_buyable": N_("Only wood, brick and stone can be bought, not {good}."),
    "cannot_afford": N_("{player} needs {n} coin to buy {buy} but has {held}.",
                        "{player} needs {n} coins to buy {buy} but has {held}."),
    "wrong_payment": N_("The {building} costs {cost}; this pays {paid}."),
    "vp_building": N_("Nobody lives in a {building}."),
    # production
    "no_village": N_("There is no {name} village in this game."),
    "no_building": N_("There is no building there ({cell}) in {village}."),
    "no_worker": N_("{player} has no villager on the {building} ({cell}) in {village}."),
    "worker_asleep": N_("{player}'s villager on the {building} ({cell}) in {village} is "
                        "asleep."),
    "empty_chain": N_("Nothing was produced: a chain needs at least one villager."),
    "wrong_good": N_("A {building} makes {made}, not {good}."),
    "missing_input": N_("A {building} needs {input} produced first in the same action."),
    "wrong_input": N_("A {building} needs {input} produced first in the same action, not "
                      "{good}."),
    "no_input_taken": N_("A {building} makes {made} from nothing: it cannot take {good}."),
    "exchange_first": N_("A {building} exchanges a good produced in this action; nothing was "
                         "produced before it."),
    "wrong_exchange": N_("A {building} exchanges only among {goods}."),
    "good_twice": N_("A chain never makes the same good twice: {good} again."),
    # the other characters
    "delivered_twice": N_("{player} has already delivered {good}: each good once per game."),
    "no_sleeper": N_("Nobody sleeps in the {quarter} quarter of {village}."),
    "building_empty": N_("Marriage needs one single villager: the {building} ({cell}) in "
                         "{village} is empty."),
    "couple_there": N_("Marriage needs one single villager: the {building} ({cell}) in "
                       "{village} has a couple already."),
    "same_sex": N_("The villager on the {building} ({cell}) in {village} is a {sex} too: a "
                   "marriage needs the other sex."),
    "no_villager": N_("{player} has no {sex} in the {source}."),
    "no_neutral_villager": N_("No neutral {sex} waits in the neutral village centre."),
    "own_village": N_("{player} can only marry into another village, not its own."),
    "same_player": N_("Villagers of the same player cannot marry each other."),
    "no_dowry": N_("No dowry coin lies in {village}."),
    "no_dowry_colour": N_("No {colour} coin lies in {village}."),
    "dowry_needed": N_("Take one dowry coin from {village}: {colours}."),
    "no_couple": N_("No couple of {player}'s lives on the {building} ({cell})."),
    "child_this_turn": N_("The couple on the {building} ({cell}) has had its child this turn."),
    "no_supply": N_("{player} has no {sex} left in its supply."),
    # round end
    "wrong_villagers": N_("Place exactly {player}'s {n} villager from the school.",
                          "Place exactly {player}'s {n} villagers from the school."),
    "not_free": N_("{player} has no free production or exchange building there ({cell})."),
    "fill_free_first": N_("Returning villagers fill {player}'s free buildings first: {n} is "
                          "free.",
                          "Returning villagers fill {player}'s free buildings first: {n} are "
                          "free."),
    "wrong_count": N_("{n} building comes up now, not {given_n}.",
                      "{n} buildings come up now, not {given_n}."),
    "stack_runs_out": N_("Stack {stack} runs out now, so its last buildings must be among them: "
                         "{buildings}."),
    "not_in_stack": N_("Stack {stack} holds no more {buildings}."),
}
"""Why an action is refused: ``IllegalAction.code`` → template."""

OPTIONS: dict[str, Template] = {
    "option.build": N_("Build the {building}"),
    "option.deliver": N_("Deliver {good}"),
    "option.wake": N_("Wake the {quarter} quarter of {village} ({n} asleep)",
                      "Wake the {quarter} quarter of {village} ({n} asleep)"),
    "option.marry": N_("Marry {player}'s {sex} from the {source} onto the {building} ({cell}) "
                       "in {village}"),
    "option.birth": N_("A child for the couple on the {building} ({cell})"),
    "option.neutral_build": N_("Build a {building} for the neutral village, free"),
    "option.neutral_marry": N_("Marry a neutral {sex} onto {player}'s {building} ({cell})"),
}
"""What an option does: ``"option." + its action's type`` → template."""

PAYMENT: dict[str, Template] = {
    "pay.step": N_("{good} at the {building}"),
    "pay.step_in": N_("{good} at the {building} ({village})"),
    "pay.buy": N_("buy {buy}"),
    "pay.cost": N_("cost: {cost}"),
    "pay.cost_needed": N_("enter its cost from the tile"),
    "pay.unaffordable": N_("its goods cannot all be made now, and only wood, brick and stone "
                           "can be bought"),
}
"""The parts of an option's payment, for a display that words it step by step."""

PHASES: dict[str, Template] = {
    "phase.start_player": N_("the start player is to be chosen"),
    "phase.draft": N_("{player} is picking a start building"),
    "phase.start_buildings": N_("the players are taking their start buildings"),
    "phase.neutral": N_("{player} is placing a neutral building"),
    "phase.place": N_("the players are placing their start buildings"),
    "phase.couples": N_("{player} is placing couple {couple}"),
    "phase.play": N_("it is {player}'s turn"),
    "phase.school": N_("{player}'s villagers are returning from the school"),
    "phase.reveal": N_("the new buildings from the stacks are to be entered"),
    "phase.over": N_("the game is over"),
}
"""What the game is waiting for: ``"phase." + state.phase`` → template."""

WORDS: dict[str, Template] = {
    "word.nothing": N_("nothing"),
    "word.neutral_village": N_("the neutral village"),
    "word.village": N_("{colour}'s village"),
    "word.centre": N_("village centre"),
    "word.school": N_("school"),
    "word.man": N_("man"),
    "word.woman": N_("woman"),
    "word.men": N_("men"),
    "word.women": N_("women"),
    "word.builder": N_("Builder"),
    "word.carter": N_("Carter"),
    "word.night_watchman": N_("Night Watchman"),
    "word.priest": N_("Priest"),
    "word.midwife": N_("Midwife"),
    "word.top_left": N_("top-left"),
    "word.top_right": N_("top-right"),
    "word.bottom_left": N_("bottom-left"),
    "word.bottom_right": N_("bottom-right"),
}
"""Words the English rendering of parameters uses (the display has its own)."""

BOT: dict[str, Template] = {
    "bot.not_deciding": N_("Nothing is {player}'s to decide now: {phase}."),
    "round.all_passed": N_("Every player with coins ({colours}) said that no action is "
                           "possible: the round ends, the start-player token stays."),
    # one text for every count: "({n})" reads the same in the singular and the plural
    "round.one_holder": N_("Only {player} still has coins ({held}): a round ends when only one "
                           "player has coins."),
    "round.neutral_holder": N_("Only the neutral coin is left: the round ends, and the "
                               "start-player token passes on."),
    "round.no_coins": N_("Nobody has coins left: the round ends."),
    "bot.cost_needed": N_("Read the cost of the {building} off its tile first: {player} "
                          "plans with it."),
    "bot.unknown_level": N_("There is no level '{level}': the levels are {levels}."),
    "hint.vp": (N_("+{n} VP now: {why}", "+{n} VP now: {why}")),
    "hint.later": N_("builds up for later: {why}"),
    "why.deliver": N_("delivers {good}"),
    "why.build": N_("builds the {building}"),
    "why.marry": N_("a marriage at the {building}"),
    "why.birth": N_("a child at the {building}"),
    "why.wake": N_("wakes the sleepers in the {quarter} quarter"),
    "why.majority": N_("most coins on the {character}"),
    "why.tile": N_("uses the {character} tile"),
    "why.neutral": N_("uses the neutral coin"),
    "why.pass": N_("nothing else is possible"),
    "why.end": N_("ends the turn"),
    "why.and": N_("{why} and {also}"),  # each action of the turn that makes VP, in order
}
"""What the virtual player says: refusals of ``decide`` and a hint's one line why."""

ENGLISH: dict[str, Template] = {**REFUSALS, **OPTIONS, **PAYMENT, **PHASES, **WORDS, **BOT}

REASON_CODES = frozenset(REFUSALS)
OPTION_KINDS = frozenset(OPTIONS)
PHASE_CODES = frozenset(PHASES)
CODES = frozenset(ENGLISH)
"""Every code the engine can say: a test checks every language has a message for each."""


def fields_of(template: Template) -> set[str]:
    """The parameter names a template uses."""
    import string

    texts = (template,) if isinstance(template, str) else template
    return {f for t in texts for _, f, _, _ in string.Formatter().parse(t) if f}


def templates() -> Iterator[tuple[str, str, str | None]]:
    """(code, singular, plural or None) of every template: a catalogue's msgids."""
    for code, t in ENGLISH.items():
        yield (code, t, None) if isinstance(t, str) else (code, t[0], t[1])


# --- English rendering -------------------------------------------------------------------------

class _Name(NamedTuple):
    name: str


class _ShippedNames(NamedTuple):
    buildings: Mapping[str, _Name]
    goods: Mapping[str, _Name]


_shipped: list[Names] = []


def _catalogue(catalogue: Names | None) -> Names:
    """The names to word with: the given catalogue's, else the shipped catalogue's (read from
    its file here, so that the messages need not import the catalogue, which raises them)."""
    if catalogue is not None:
        return catalogue
    if not _shipped:
        data = shipped_data()
        _shipped.append(_ShippedNames(
            *({k: _Name(e["name"]["en"]) for k, e in data[part].items()}
              for part in ("buildings", "goods"))))
    return _shipped[0]


def _word(code: str, **params: Any) -> str:
    t = WORDS[code]
    assert isinstance(t, str)
    return t.format(**params)


def _colour(c: Any) -> str:
    return str(c).capitalize()


def english_param(kind: str, value: Any, catalogue: Names | None = None) -> str:
    """One parameter in English words."""
    if value is None:
        return _word("word.nothing")
    if kind == "colour":
        return _colour(value)
    if kind == "village":
        if value == "neutral":
            return _word("word.neutral_village")
        return _word("word.village", colour=_colour(value))
    if kind == "colours":
        return ", ".join(_colour(c) for c in value)
    if kind in _NAMED:
        return _named(kind, value, _catalogue(catalogue))
    if kind in ("character", "quarter"):
        return _word(f"word.{value}") if f"word.{value}" in WORDS else str(value)
    if kind == "cell":
        return f"{value[0]}, {value[1]}"  # templates put a cell in brackets
    if kind == "sex":
        return _word("word.man" if value == Sex.M else "word.woman")
    if kind == "sexes":
        return _word("word.men" if value == Sex.M else "word.women")
    if kind == "source":
        return _word("word.centre" if value == Source.CENTRE else "word.school")
    if kind == "phase":
        return english(value, catalogue) if isinstance(value, Message) else str(value)
    return str(value)


_NAMED = ("building", "good", "goods", "cost", "buildings")


def _named(kind: str, value: Any, cat: Names) -> str:
    """A parameter the catalogue names: buildings and goods."""
    if kind == "building":
        return cat.buildings[value].name if value in cat.buildings else str(value)
    if kind == "good":
        return cat.goods[value].name.lower() if value in cat.goods else str(value)
    if kind == "goods":
        return ", ".join(english_param("good", g, cat) for g in value)
    if kind == "cost":
        return " + ".join(f"{n} {english_param('good', g, cat)}" for g, n in value) or \
            _word("word.nothing")
    assert kind == "buildings"
    return ", ".join(f"{n} {english_param('building', b, cat)}" for b, n in value)


def english(msg: Message, catalogue: Names | None = None,
            templates: Mapping[str, Template] | None = None,
            words: Mapping[str, str] | None = None) -> str:
    """The English text of a message (for the CLI, logs and tests); building and good names
    from ``catalogue``, else from the shipped one. ``templates`` stands for ``ENGLISH`` (the
    table's steps have their own); ``words`` replaces the wording of some parameters."""
    template = (ENGLISH if templates is None else templates).get(msg.code)
    if template is None:
        return f"{msg.code} {dict(msg.params)}"
    if isinstance(template, tuple):
        template = template[0] if msg.params.get("n") == 1 else template[1]
    worded = {k: english_param(PARAM_KINDS.get(k, "raw"), v, catalogue)
              for k, v in msg.params.items()}
    return template.format(**{**worded, **(words or {})})
