"""Tortuga's game log in words. Events are stored as tuples while playing and formatted only
when the log is read; rolls, secret selections and treasure tiles are private events.

Each event's `data` carries its `type` and every fact its English text states, by stable keys
(seats as ints, dice as letters, actions as "fleet"/"crew"/"hunt"/"board"/"raid", chests by
colour name, faces as an action key or "skull"), and nothing more, so that the browser can write
the line in the player's language (web/src/games/tortuga/log.ts) and a public line's data tells
no seat what its text does not. Hidden facts (a roll, the dice kept behind the screen, the coins
on treasure tiles) are only in the events `visible_to` the seat that may know them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from buccaneer.core.events import Event
from buccaneer.core.words import plural
from buccaneer.games.tortuga.components import (
    ACTION_TITLES,
    ACTIONS,
    BOARD,
    COLOURS,
    CREW,
    DIE_LETTERS,
    SKULL,
    die_number,
)
from buccaneer.games.tortuga.fields import Fields

# Every `type` format_event writes (the client's log writer and the tests check both ways).
EVENT_TYPES: tuple[str, ...] = (
    "setup",
    "round",
    "rolled",
    "roll",
    "selected",
    "stuck",
    "reveal",
    "place_dice",
    "reroll",
    "turn",
    "bonus",
    "ranking",
    "forfeit",
    "advance",
    "hunt_chest",
    "hunt_tiles",
    "tiles_seen",
    "keep",
    "tiles",
    "attack",
    "seize",
    "claim",
    "deposit",
    "draw",
    "to_tortuga",
    "move",
    "over",
)


def face_name(die: int, face: int) -> str:
    """How a rolled die reads: "A skull", "C fleet 3"."""
    if face == SKULL:
        return f"{DIE_LETTERS[die]} skull"
    return f"{DIE_LETTERS[die]} {ACTION_TITLES[face]} {die_number(die, face)}"


def face_key(face: int) -> str:
    """A face by its stable key: the action's key ("fleet", ...) or "skull"."""
    return "skull" if face == SKULL else ACTIONS[face]


def _face_data(dice: tuple[int, ...], faces: tuple[int, ...]) -> list[dict[str, Any]]:
    """Dice with the faces they show, as the line names them: [{"die": "A", "face": "skull"}].
    The number on a face follows from its die and action (components.die_number)."""
    return [{"die": DIE_LETTERS[d], "face": face_key(f)} for d, f in zip(dice, faces, strict=True)]


def _roll_data(roll: tuple[int, ...]) -> list[dict[str, Any]]:
    """The dice rolled (a face >= 0), in letter order."""
    rolled = [(d, f) for d, f in enumerate(roll) if f >= 0]
    return _face_data(tuple(d for d, _ in rolled), tuple(f for _, f in rolled))


def _roll_text(roll: tuple[int, ...]) -> str:
    return ", ".join(face_name(d, f) for d, f in enumerate(roll) if f >= 0)


def _letters(dice: tuple[int, ...]) -> str:
    return ", ".join(DIE_LETTERS[d] for d in dice)


def _colour(chest: int) -> str | None:
    """A chest by its colour's name; None: nothing (the bag was empty)."""
    return COLOURS[chest] if chest >= 0 else None


# -- the formatters, one per kind of stored event (`FORMATTERS`) --------------------------------
# Each takes the state (for the seats' names) and the stored tuple, and returns the lines: the
# public one first, then any line `visible_to` one seat.


def _setup(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    text = f"Tortuga, {state.players} players; chests drawn for setup."
    return [Event(text, {"type": "setup", "players": state.players})]


def _round(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, number, start = raw
    text = f"Round {number}: {state.name(start)} is start player."
    return [Event(text, {"type": "round", "round": number, "seat": start})]


def _rolled(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, roll = raw
    name = state.name(seat)
    count = sum(1 for f in roll if f >= 0)
    return [
        Event(
            f"{name} rolls {count} {'die' if count == 1 else 'dice'}.",
            {"type": "rolled", "seat": seat, "dice": count},
        ),
        Event(
            f"{name} rolled: {_roll_text(roll)}",
            {"type": "roll", "seat": seat, "faces": _roll_data(roll)},
            visible_to=(seat,),
        ),
    ]


def _selected(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, dice = raw
    return [
        Event(
            f"{state.name(seat)} keeps {_letters(dice) or 'nothing (no die can be placed)'}",
            {"type": "selected", "seat": seat, "dice": [DIE_LETTERS[d] for d in dice]},
            visible_to=(seat,),
        )
    ]


def _stuck(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    # "the player rerolls his dice after revealing them": the whole roll is shown to all
    _, seat, roll = raw
    text = f"{state.name(seat)} can place none of {_roll_text(roll)} and re-rolls."
    return [Event(text, {"type": "stuck", "seat": seat, "faces": _roll_data(roll)})]


def _reveal(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, dice, faces = raw
    shown = ", ".join(face_name(d, f) for d, f in zip(dice, faces, strict=True))
    return [
        Event(
            f"{state.name(seat)} reveals {shown}.",
            {"type": "reveal", "seat": seat, "faces": _face_data(dice, faces)},
        )
    ]


def _place_dice(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, dice, action = raw
    return [
        Event(
            f"{state.name(seat)} places {_letters(dice)} on {ACTION_TITLES[action]}.",
            {
                "type": "place_dice",
                "seat": seat,
                "dice": [DIE_LETTERS[d] for d in dice],
                "action": ACTIONS[action],
            },
        )
    ]


def _reroll(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    # The re-roll of a stuck seat is made in the open, like the roll it replaces.
    _, seat, roll = raw
    return [
        Event(
            f"{state.name(seat)} re-rolls: {_roll_text(roll)}.",
            {"type": "reroll", "seat": seat, "faces": _roll_data(roll)},
        )
    ]


def _turn(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, dice, action = raw
    return [
        Event(
            f"{state.name(seat)} turns {_letters(dice)} to {ACTION_TITLES[action]}.",
            {
                "type": "turn",
                "seat": seat,
                "dice": [DIE_LETTERS[d] for d in dice],
                "action": ACTIONS[action],
            },
        )
    ]


def _bonus(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, space, value = raw
    verb = "takes a bonus tile for" if value == 1 else "flips the bonus tile to 2 on"
    return [
        Event(
            f"{state.name(seat)} {verb} {ACTION_TITLES[space]}.",
            {"type": "bonus", "seat": seat, "action": ACTIONS[space], "value": value},
        )
    ]


def _ranking(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, action, ranked = raw
    places_data = [{"seat": s, "total": total} for s, total in ranked]
    data = {"type": "ranking", "action": ACTIONS[action], "places": places_data}
    if not ranked:
        return [Event(f"{ACTION_TITLES[action].capitalize()}: nobody.", data)]
    places = ", ".join(
        f"{state.name(s)} {total} ({'1st' if i == 0 else '2nd'})"
        for i, (s, total) in enumerate(ranked)
    )
    return [Event(f"{ACTION_TITLES[action].capitalize()}: {places}.", data)]


def _forfeit(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, action = raw
    return [
        Event(
            f"{state.name(seat)} forfeits {ACTION_TITLES[action]}.",
            {"type": "forfeit", "seat": seat, "action": ACTIONS[action]},
        )
    ]


def _advance(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, track, box = raw
    token = "boat" if track == 0 else "pirate"
    return [
        Event(
            f"{state.name(seat)}'s {token} advances to box {box}.",
            {"type": "advance", "seat": seat, "token": token, "box": box},
        )
    ]


def _hunt_chest(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, chest = raw
    what = f"a {COLOURS[chest]} chest" if chest >= 0 else "nothing (the bag is empty)"
    return [
        Event(
            f"{state.name(seat)} draws {what} from the bag to the island.",
            {"type": "hunt_chest", "seat": seat, "colour": _colour(chest)},
        )
    ]


def _hunt_tiles(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, drawn = raw
    name = state.name(seat)
    tiles = "a treasure tile" if len(drawn) == 1 else f"{len(drawn)} treasure tiles"
    events = [
        Event(f"{name} draws {tiles}.", {"type": "hunt_tiles", "seat": seat, "tiles": len(drawn)})
    ]
    if drawn:  # "secretly look at them": the values are the hunter's alone
        coins = " and ".join(plural(c, "coin") for c in drawn)
        events.append(
            Event(
                f"{name} looks at {coins}",
                {"type": "tiles_seen", "seat": seat, "coins": list(drawn)},
                visible_to=(seat,),
            )
        )
    return events


def _keep(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, coins, back = raw
    name = state.name(seat)
    public = "keeps a treasure tile" + (" and mixes one back" if back else "")
    returned = f", returns {', '.join(str(b) for b in back)}" if back else ""
    return [
        Event(f"{name} {public}.", {"type": "keep", "seat": seat, "mixed_back": bool(back)}),
        Event(
            f"{name} keeps {plural(coins, 'coin')}{returned}",
            {"type": "tiles", "seat": seat, "kept": coins, "returned": list(back)},
            visible_to=(seat,),
        ),
    ]


def _attack(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, action, target, target_box, defended, own_box = raw
    name, target_name = state.name(seat), state.name(target)
    verb, token = ("boards", "boat") if action == BOARD else ("raids", "pirate")
    text = f"{name} {verb} {target_name}: {target_name}'s {token} back to box {target_box}"
    if defended:
        text += f"; {target_name} defends, {name}'s {token} back to box {own_box}"
    data = {
        "type": "attack",
        "seat": seat,
        "action": ACTIONS[action],
        "target": target,
        "target_box": target_box,
        "defended": bool(defended),
        # the attacker's box is only said (and only moved) when the target defends
        "own_box": own_box if defended else None,
    }
    return [Event(text + ".", data)]


def _seize(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, target, _action, chest = raw
    return [
        Event(
            f"{state.name(seat)} seizes {state.name(target)}'s {COLOURS[chest]} chest.",
            {"type": "seize", "seat": seat, "target": target, "colour": COLOURS[chest]},
        )
    ]


def _claim(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, colour = raw
    return [
        Event(
            f"{state.name(seat)} claims the {COLOURS[colour]} chest from the center island.",
            {"type": "claim", "seat": seat, "colour": COLOURS[colour]},
        )
    ]


def _deposit(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, chest, to_center = raw
    where = "the center island" if to_center else "the bag"
    return [
        Event(
            f"{state.name(seat)}'s surplus {COLOURS[chest]} chest goes to {where}.",
            {"type": "deposit", "seat": seat, "colour": COLOURS[chest], "center": bool(to_center)},
        )
    ]


def _draw(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, chest = raw
    what = f"a {COLOURS[chest]} chest" if chest >= 0 else "nothing (the bag is empty)"
    return [
        Event(
            f"{state.name(seat)} draws {what} to the island.",
            {"type": "draw", "seat": seat, "colour": _colour(chest)},
        )
    ]


def _to_tortuga(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, chests = raw
    if not chests:
        return []
    shown = ", ".join(COLOURS[c] for c in chests)
    return [
        Event(
            f"{state.name(seat)} brings {shown} to Tortuga.",
            {"type": "to_tortuga", "seat": seat, "colours": [COLOURS[c] for c in chests]},
        )
    ]


def _move(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, seat, source, colour = raw
    route = "crew to fleet" if source == CREW else "island to crew"
    return [
        Event(
            f"{state.name(seat)} moves {COLOURS[colour]} from {route}.",
            {
                "type": "move",
                "seat": seat,
                "colour": COLOURS[colour],
                "source": "crew" if source == CREW else "island",
            },
        )
    ]


def _over(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    _, totals, winners = raw
    scores = ", ".join(f"{state.name(s)} {int(t)}" for s, t in enumerate(totals))
    won = " and ".join(state.name(w) for w in winners)
    return [
        Event(
            f"Game over: {scores}. {won} win{'s' if len(winners) == 1 else ''}!",
            {"type": "over", "scores": [int(t) for t in totals], "winners": list(winners)},
        )
    ]


Formatter = Callable[[Fields, tuple[Any, ...]], list[Event]]

# The stored event's kind (its tuple's first item) -> the function that words it. A kind may
# write lines of other types too (`rolled` also writes the private `roll`, `hunt_tiles` the
# private `tiles_seen`, `keep` the private `tiles`): EVENT_TYPES lists every type written.
FORMATTERS: dict[str, Formatter] = {
    "setup": _setup,
    "round": _round,
    "rolled": _rolled,
    "selected": _selected,
    "stuck": _stuck,
    "reveal": _reveal,
    "place_dice": _place_dice,
    "reroll": _reroll,
    "turn": _turn,
    "bonus": _bonus,
    "ranking": _ranking,
    "forfeit": _forfeit,
    "advance": _advance,
    "hunt_chest": _hunt_chest,
    "hunt_tiles": _hunt_tiles,
    "keep": _keep,
    "attack": _attack,
    "seize": _seize,
    "claim": _claim,
    "deposit": _deposit,
    "draw": _draw,
    "to_tortuga": _to_tortuga,
    "move": _move,
    "over": _over,
}


def format_event(state: Fields, raw: tuple[Any, ...]) -> list[Event]:
    """The log lines of one stored event (`FORMATTERS`, by its kind)."""
    formatter = FORMATTERS.get(raw[0])
    if formatter is None:
        raise AssertionError(f"unknown event {raw!r}")
    return formatter(state, raw)


# The faces of a Tortuga die, by index (`dice_rolled`): the five actions, then the skull.
DICE_FACES: tuple[str, ...] = (*ACTIONS, "skull")


def dice_rolled(state: Any) -> list[int]:
    """Every die rolled so far, in order, as its face's index into `DICE_FACES`, read from the
    whole log: each roll behind the screen (the seat's private `roll` line) and each stuck
    seat's open re-roll (`GameSpec.dice_rolls`, for the end screen's dice panel; private while
    the game runs)."""
    index = {name: i for i, name in enumerate(DICE_FACES)}
    return [
        index[die["face"]]
        for event in state.log
        if event.data.get("type") in ("roll", "reroll")
        for die in event.data["faces"]
    ]


__all__ = [
    "DICE_FACES",
    "EVENT_TYPES",
    "FORMATTERS",
    "dice_rolled",
    "face_key",
    "face_name",
    "format_event",
]
