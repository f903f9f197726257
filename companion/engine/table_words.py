"""The English of the table's steps: one template per step code (``table.*``), and per undone
step its inverse (``table.back.*``). They are the gettext msgids the display translates; the
steps themselves are built in :mod:`.table`."""

from __future__ import annotations

from .messages import N_, Template

ENGLISH: dict[str, Template] = {
    # setup
    "table.start_token": N_("{player} takes the start-player token."),
    "table.take_start_building": N_("{player} takes the {building} tile."),
    "table.take_start_building_from": N_("{player} takes the {building} tile from "
                                         "{take_from}."),
    "table.place_building": N_("Place the {building} tile in {village}: {cell}."),
    "table.supply_to_building": N_("{player}: stand a {sex} from your supply on the "
                                   "{building} ({cell}) in {village}."),
    "table.supply_to_school": N_("{player}: put a {sex} from your supply into the school."),
    "table.supply_to_centre": N_("{player}: stand a {sex} from your supply in the centre of "
                                 "{village}."),
    "table.neutral_to_building": N_("Stand a neutral {sex} on the {building} ({cell}) in "
                                    "{village}."),
    "table.dowry": N_("Dowry: put a coin of {player}'s into the centre of {village}."),
    "table.start_token_last_pick": N_("{player} picked last: take the start-player token from "
                                      "beside the board."),
    "table.start_tile_to_box": N_("Put a leftover start tile {building} back into the box."),
    # a turn
    "table.coins_on_character": N_("{player}: put {n} coin on the {character}.",
                                   "{player}: put {n} coins on the {character}."),
    "table.coins_for_goods": N_("{player}: put {n} more coin on the Builder, for the {buy} "
                                "bought.",
                                "{player}: put {n} more coins on the Builder, for the {buy} "
                                "bought."),
    "table.coins_for_goods_tile": N_("{player}: put {n} coin on the Builder: it pays for the "
                                     "{buy} bought.",
                                     "{player}: put {n} coins on the Builder: they pay for the "
                                     "{buy} bought."),
    "table.coins_pay_goods": N_("{player}: leave {n} coin on the Builder: it pays for the "
                                "{buy} bought.",
                                "{player}: leave {n} coins on the Builder: they pay for the "
                                "{buy} bought."),
    "table.coins_move_to_builder": N_("{player}: move {n} coin from the {character} onto the "
                                      "Builder: it pays for the {buy} bought.",
                                      "{player}: move {n} coins from the {character} onto the "
                                      "Builder: they pay for the {buy} bought."),
    "table.coins_to_hand": N_("{player}: take {n} coin back off the {character} into your "
                              "hand: it can buy no more action there.",
                              "{player}: take {n} coins back off the {character} into your "
                              "hand: they can buy no more action there."),
    "table.neutral_coin": N_("Put the neutral coin on the {character}."),
    "table.tile_face_down": N_("{player}: turn the {character} tile face down (used this "
                               "round)."),
    "table.lay_down": N_("Lay down {player}'s {sex} on the {building} ({cell}) in {village}: "
                         "it makes {good}."),
    "table.stand_up": N_("Stand up {player}'s {sex} on the {building} ({cell}) in "
                         "{village}."),
    "table.move_in": N_("{player}: stand a {sex} from the centre of {village} on the new "
                        "{building} ({cell})."),
    "table.neutral_move_in": N_("Stand a neutral {sex} from the centre of {village} on the "
                                "new {building} ({cell})."),
    "table.marry": N_("{player}: take a {sex} from the {source} and stand it beside the single "
                      "villager on the {building} ({cell}) in {village}."),
    "table.neutral_marry": N_("Take a neutral {sex} from the neutral village's centre and "
                              "stand it beside the single villager on the {building} ({cell}) "
                              "in {village}."),
    "table.dowry_take": N_("{player}: take {holder}'s dowry coin from the centre of {village} "
                           "into the centre of your own village."),
    "table.dowry_own": N_("{player}: take your own dowry coin from the centre of {village} "
                          "back into your supply (usable from your next turn)."),
    "table.child": N_("{player}: a {sex} is born: lay a figure from your supply beside the "
                      "couple on the {building} ({cell})."),
    "table.cube": N_("{player}: put a cube on the market's {good} space."),
    "table.goods_tile": N_("{player} takes the {good} goods tile."),
    "table.branch_tile": N_("{player} takes the branch tile of {goods}."),
    "table.village_tile": N_("{player} takes the village tile worth {n} VP.",
                             "{player} takes the village tile worth {n} VP."),
    # the round end
    "table.character_tile": N_("{player} takes the {character} tile from {holder}."),
    "table.character_tile_new": N_("{player} takes the {character} tile."),
    "table.tile_face_up": N_("Turn the {character} tile face up again."),
    "table.coins_back": N_("{player}: take your {n} coin back from the {character}.",
                           "{player}: take your {n} coins back from the {character}."),
    "table.neutral_coin_back": N_("Put the neutral coin back beside the neutral village."),
    "table.start_token_from": N_("{player} takes the start-player token from {holder}."),
    "table.school_home": N_("{player}: stand your {sex} from the school on the {building} "
                            "({cell})."),
    "table.school_to_centre": N_("{player}: stand your {sex} from the school in your village "
                                 "centre."),
    "table.child_to_school": N_("{player}: move your {sex} from the {building} ({cell}) in "
                                "{village} into the school."),
    "table.score": N_("Move {player}'s score marker to {n} VP.",
                      "Move {player}'s score marker to {n} VP."),
    "table.new_building": N_("Lay the new {building} tile out with the buildings on offer."),
}
"""The English template of every table-step code (the gettext msgid)."""

BACK: dict[str, Template] = {
    # setup
    "table.back.start_token": N_("{player} gives the start-player token back."),
    "table.back.take_start_building": N_("{player} puts the {building} tile back."),
    "table.back.take_start_building_from": N_("{player} gives the {building} tile back to "
                                              "{take_from}."),
    "table.back.place_building": N_("Take the {building} tile ({cell}) back out of "
                                    "{village}."),
    "table.back.supply_to_building": N_("{player}: take your {sex} off the {building} ({cell}) "
                                        "in {village} back into your supply."),
    "table.back.supply_to_school": N_("{player}: take your {sex} out of the school back into "
                                      "your supply."),
    "table.back.supply_to_centre": N_("{player}: take your {sex} out of the centre of "
                                      "{village} back into your supply."),
    "table.back.neutral_to_building": N_("Take the neutral {sex} off the {building} ({cell}) "
                                         "in {village} again."),
    "table.back.start_token_last_pick": N_("{player} puts the start-player token back beside "
                                           "the board."),
    "table.back.start_tile_to_box": N_("Take the start tile {building} out of the box "
                                       "again."),
    "table.back.dowry": N_("Take {player}'s dowry coin out of the centre of {village} again."),
    # a turn
    "table.back.coins_on_character": N_("{player}: take your {n} coin off the {character} back "
                                        "into your hand.",
                                        "{player}: take your {n} coins off the {character} "
                                        "back into your hand."),
    "table.back.coins_for_goods": N_("{player}: take back off the Builder the {n} coin paid "
                                     "for the {buy} bought.",
                                     "{player}: take back off the Builder the {n} coins paid "
                                     "for the {buy} bought."),
    "table.back.coins_for_goods_tile": N_("{player}: take back off the Builder the {n} coin "
                                          "paid for the {buy} bought.",
                                          "{player}: take back off the Builder the {n} coins "
                                          "paid for the {buy} bought."),
    "table.back.coins_move_to_builder": N_("{player}: move {n} coin from the Builder back "
                                           "onto the {character}.",
                                           "{player}: move {n} coins from the Builder back "
                                           "onto the {character}."),
    "table.back.coins_to_hand": N_("{player}: put {n} coin from your hand back on the "
                                   "{character}.",
                                   "{player}: put {n} coins from your hand back on the "
                                   "{character}."),
    "table.back.neutral_coin": N_("Take the neutral coin off the {character} again."),
    "table.back.tile_face_down": N_("{player}: turn the {character} tile face up again."),
    "table.back.lay_down": N_("Stand {player}'s {sex} on the {building} ({cell}) in {village} "
                              "up again."),
    "table.back.stand_up": N_("Lay {player}'s {sex} on the {building} ({cell}) in {village} "
                              "down again."),
    "table.back.move_in": N_("{player}: move the {sex} from the new {building} ({cell}) back "
                             "into the centre of {village}."),
    "table.back.neutral_move_in": N_("Move the neutral {sex} from the new {building} ({cell}) "
                                     "back into the centre of {village}."),
    "table.back.marry": N_("{player}: take the {sex} off the {building} ({cell}) in {village} "
                           "back to the {source}."),
    "table.back.neutral_marry": N_("Take the neutral {sex} off the {building} ({cell}) in "
                                   "{village} back to the neutral village's centre."),
    "table.back.dowry_take": N_("{player}: put {holder}'s dowry coin back into the centre of "
                                "{village}."),
    "table.back.dowry_own": N_("{player}: put your own dowry coin back into the centre of "
                               "{village}."),
    "table.back.child": N_("{player}: take the {sex} off the {building} ({cell}) back into "
                           "your supply."),
    "table.back.cube": N_("{player}: take your cube off the market's {good} space."),
    "table.back.goods_tile": N_("{player} puts the {good} goods tile back."),
    "table.back.branch_tile": N_("{player} puts the branch tile of {goods} back."),
    "table.back.village_tile": N_("{player} puts the village tile worth {n} VP back.",
                                  "{player} puts the village tile worth {n} VP back."),
    # the round end
    "table.back.character_tile": N_("{player} gives the {character} tile back to {holder}."),
    "table.back.character_tile_new": N_("{player} puts the {character} tile back."),
    "table.back.tile_face_up": N_("Turn the {character} tile face down again: it was used this "
                                  "round."),
    "table.back.coins_back": N_("{player}: put your {n} coin back on the {character}.",
                                "{player}: put your {n} coins back on the {character}."),
    "table.back.neutral_coin_back": N_("Put the neutral coin back on the {character}."),
    "table.back.start_token_from": N_("{player} gives the start-player token back to "
                                      "{holder}."),
    "table.back.school_home": N_("{player}: put your {sex} from the {building} ({cell}) back "
                                 "into the school."),
    "table.back.school_to_centre": N_("{player}: put your {sex} from your village centre back "
                                      "into the school."),
    "table.back.child_to_school": N_("{player}: move your {sex} from the school back to the "
                                     "{building} ({cell}) in {village}."),
    "table.back.score": N_("Move {player}'s score marker back to {n} VP.",
                           "Move {player}'s score marker back to {n} VP."),
    "table.back.new_building": N_("Take the new {building} tile off the offer again, back "
                                  "onto its stack."),
}
"""An undone action's moves, each the inverse of a step (``table.X`` -> ``table.back.X``)."""

NO_BACK = frozenset({"table.coins_pay_goods"})
"""Steps that moved nothing, so have nothing to take back."""

VIRTUAL: dict[str, Template] = {
    "table.supply_to_building.virtual": N_("Stand a {sex} from {player}'s supply on the "
                                           "{building} ({cell}) in {village}."),
    "table.supply_to_school.virtual": N_("Put a {sex} from {player}'s supply into the school."),
    "table.supply_to_centre.virtual": N_("Stand a {sex} from {player}'s supply in the centre "
                                         "of {village}."),
    "table.child.virtual": N_("A {sex} is born to {player}: lay a figure from {player}'s "
                              "supply beside the couple on the {building} ({cell})."),
    "table.dowry_take.virtual": N_("Take {holder}'s dowry coin from the centre of {village} "
                                   "into the centre of {player}'s village."),
    "table.school_home.virtual": N_("Stand {player}'s {sex} from the school on the {building} "
                                    "({cell})."),
    "table.school_to_centre.virtual": N_("Stand {player}'s {sex} from the school in "
                                         "{player}'s village centre."),
    "table.start_token_last_pick.virtual": N_("{player} picked last: put the start-player token "
                                              "from beside the board at {player}'s seat."),
    "table.coins_on_character.virtual": N_("Put {n} coin of {player}'s on the {character}.",
                                           "Put {n} coins of {player}'s on the {character}."),
    "table.coins_for_goods.virtual": N_("Put {n} more coin of {player}'s on the Builder, for the "
                                        "{buy} bought.",
                                        "Put {n} more coins of {player}'s on the Builder, for the "
                                        "{buy} bought."),
    "table.coins_for_goods_tile.virtual": N_("Put {n} coin of {player}'s on the Builder: it pays "
                                             "for the {buy} bought.",
                                             "Put {n} coins of {player}'s on the Builder: they "
                                             "pay for the {buy} bought."),
    "table.coins_pay_goods.virtual": N_("Leave {n} coin of {player}'s on the Builder: it pays for "
                                        "the {buy} bought.",
                                        "Leave {n} coins of {player}'s on the Builder: they pay "
                                        "for the {buy} bought."),
    "table.coins_move_to_builder.virtual": N_("Move {n} coin of {player}'s from the {character} "
                                              "onto the Builder: it pays for the {buy} bought.",
                                              "Move {n} coins of {player}'s from the {character} "
                                              "onto the Builder: they pay for the {buy} bought."),
    "table.coins_to_hand.virtual": N_("Give {player} {n} coin back off the {character}: it can "
                                      "buy no more action there.",
                                      "Give {player} {n} coins back off the {character}: they can "
                                      "buy no more action there."),
    "table.tile_face_down.virtual": N_("Turn {player}'s {character} tile face down (used this "
                                       "round)."),
    "table.move_in.virtual": N_("Stand a {sex} of {player}'s from the centre of {village} on the "
                                "new {building} ({cell})."),
    "table.marry.virtual": N_("Take a {sex} of {player}'s from the {source} and stand it beside "
                              "the single villager on the {building} ({cell}) in {village}."),
    "table.dowry_own.virtual": N_("Give {player} its own dowry coin back from the centre of "
                                  "{village} (usable from its next turn)."),
    "table.cube.virtual": N_("Put a cube of {player}'s on the market's {good} space."),
    "table.coins_back.virtual": N_("Give {player} its {n} coin back from the {character}.",
                                   "Give {player} its {n} coins back from the {character}."),
    "table.child_to_school.virtual": N_("Move {player}'s {sex} from the {building} ({cell}) in "
                                        "{village} into the school."),
}
"""A virtual player's own steps, said to the person who moves its pieces: "Yellow's supply",
never "your supply" (``table.X`` -> ``table.X.virtual``)."""


def virtual_code(code: str) -> str | None:
    """The code of a step said for a virtual player's pieces, if it differs."""
    return code + ".virtual" if code + ".virtual" in VIRTUAL else None


ENGLISH.update(BACK)
ENGLISH.update(VIRTUAL)
CODES = frozenset(ENGLISH)
CHILD_CODES = frozenset({"table.child", "table.child_to_school", "table.back.child",
                         "table.back.child_to_school", "table.child.virtual",
                         "table.child_to_school.virtual"})
"""The steps whose ``sex`` is a child's: a boy or a girl (the display's i18n.CHILD_CODES)."""
