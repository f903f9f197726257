"""§D5, the toilet vote: every player shows one or more citizen cards; yes and no votes are
added up (JEEIIN counts 2 for the side its owner names after the reveal, "..?" 0); yes wins
ties. Every card played leaves the game, except "..?", which goes back to its owner's hand."""

from __future__ import annotations

from collections.abc import Iterable

from .actions import Vote
from .board import Square
from .errors import refuse
from .state import ABSTAIN, CARD_VOTES, JEEIIN, NO_CARDS, YES_CARDS, DrunterState, VoteResult
from .values import Colour


def needs_vote(state: DrunterState, squares: Iterable[Square]) -> bool:
    """Whether a tile on ``squares`` calls a vote: it covers a public toilet, and the game is
    not the variant (§D8: no votes)."""
    return not state.variant and not state.board.toilets.isdisjoint(squares)


def count_vote(state: DrunterState, action: Vote) -> VoteResult:
    """The checked vote: every player played at least one card it holds, none twice, a side
    for each JEEIIN and none without (``IllegalAction`` names the first problem)."""
    cards = dict(action.cards)
    sides = dict(action.sides)
    for colour in list(cards) + list(sides):
        if colour not in state.colours:
            raise refuse("drunter.not_a_player", player=colour)
    yes = no = 0
    for p in state.players:
        played = cards.get(p.colour, ())
        if not played:
            raise refuse("drunter.must_vote", player=p.colour)
        for card in played:
            if played.count(card) > 1:
                raise refuse("drunter.card_twice", player=p.colour, card=card)
            if card not in p.cards:
                raise refuse("drunter.card_not_held", player=p.colour, card=card)
        if JEEIIN in played and p.colour not in sides:
            raise refuse("drunter.jeeiin_side", player=p.colour)
        if JEEIIN not in played and p.colour in sides:
            raise refuse("drunter.no_jeeiin", player=p.colour)
        yes += sum(CARD_VOTES[c] for c in played if c in YES_CARDS)
        no += sum(CARD_VOTES[c] for c in played if c in NO_CARDS)
        if JEEIIN in played:
            if sides[p.colour] == "yes":
                yes += CARD_VOTES[JEEIIN]
            else:
                no += CARD_VOTES[JEEIIN]
    order = state.colours
    return VoteResult(state.active,
                      tuple((c, tuple(cards[c])) for c in order),
                      tuple((c, sides[c]) for c in order if c in sides), yes, no)


def spend_cards(state: DrunterState, result: VoteResult) -> None:
    """The cards played leave the game, "..?" excepted (it is back in the hand)."""
    for colour, played in result.cards:
        p = state.player(colour)
        for card in played:
            if card != ABSTAIN:
                p.cards.discard(card)
                state.spent.setdefault(colour, []).append(card)


def votes_left(state: DrunterState, colour: Colour) -> int:
    """The votes printed on the cards still in the hand (§D6's tie-break)."""
    return sum(CARD_VOTES[c] for c in state.player(colour).cards)
