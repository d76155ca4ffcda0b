"""Tortuga's game log in words. Events are stored as tuples while playing and formatted only
when the log is read; rolls, secret selections and treasure tiles are private events."""

from __future__ import annotations

from typing import Any

from buccaneer.core.events import Event
from buccaneer.core.words import plural
from buccaneer.games.tortuga.components import (
    ACTION_TITLES,
    BOARD,
    COLOURS,
    CREW,
    DIE_LETTERS,
    SKULL,
    die_number,
)
from buccaneer.games.tortuga.table import Table


def face_name(die: int, face: int) -> str:
    """How a rolled die reads: "A skull", "C fleet 3"."""
    if face == SKULL:
        return f"{DIE_LETTERS[die]} skull"
    return f"{DIE_LETTERS[die]} {ACTION_TITLES[face]} {die_number(die, face)}"


def _roll_text(roll: tuple[int, ...]) -> str:
    return ", ".join(face_name(d, f) for d, f in enumerate(roll) if f >= 0)


def _letters(dice: tuple[int, ...]) -> str:
    return ", ".join(DIE_LETTERS[d] for d in dice)


def format_event(state: Table, raw: tuple[Any, ...]) -> list[Event]:
    kind = raw[0]
    name = state.name
    data: dict[str, Any] = {"type": kind}
    if kind == "setup":
        return [Event(f"Tortuga, {state.players} players; chests drawn for setup.", data)]
    if kind == "round":
        _, number, start = raw
        return [Event(f"Round {number}: {name(start)} is start player.", {**data, "seat": start})]
    if kind == "rolled":
        _, seat, roll = raw
        count = sum(1 for f in roll if f >= 0)
        return [
            Event(
                f"{name(seat)} rolls {count} {'die' if count == 1 else 'dice'}.",
                {**data, "seat": seat, "dice": count},
            ),
            Event(
                f"{name(seat)} rolled: {_roll_text(roll)}",
                {"type": "roll", "seat": seat, "faces": list(roll)},
                visible_to=(seat,),
            ),
        ]
    if kind == "selected":
        _, seat, dice = raw
        return [
            Event(
                f"{name(seat)} keeps {_letters(dice) or 'nothing (no die can be placed)'}",
                {**data, "seat": seat, "dice": [DIE_LETTERS[d] for d in dice]},
                visible_to=(seat,),
            )
        ]
    if kind == "stuck":
        _, seat, roll = raw
        text = f"{name(seat)} can place none of {_roll_text(roll)} and re-rolls."
        return [Event(text, {**data, "seat": seat, "faces": list(roll)})]
    if kind == "reveal":
        _, seat, dice, faces = raw
        shown = ", ".join(face_name(d, f) for d, f in zip(dice, faces, strict=True))
        return [Event(f"{name(seat)} reveals {shown}.", {**data, "seat": seat})]
    if kind == "place_dice":
        _, seat, dice, action = raw
        return [
            Event(
                f"{name(seat)} places {_letters(dice)} on {ACTION_TITLES[action]}.",
                {**data, "seat": seat, "dice": [DIE_LETTERS[d] for d in dice], "action": action},
            )
        ]
    if kind == "reroll":
        _, seat, roll = raw
        return [Event(f"{name(seat)} re-rolls: {_roll_text(roll)}.", {**data, "seat": seat})]
    if kind == "turn":
        _, seat, dice, action = raw
        text = f"{name(seat)} turns {_letters(dice)} to {ACTION_TITLES[action]}."
        return [Event(text, {**data, "seat": seat, "action": action})]
    if kind == "bonus":
        _, seat, space, value = raw
        verb = "takes a bonus tile for" if value == 1 else "flips the bonus tile to 2 on"
        return [Event(f"{name(seat)} {verb} {ACTION_TITLES[space]}.", {**data, "seat": seat})]
    if kind == "ranking":
        _, action, ranked = raw
        if not ranked:
            return [Event(f"{ACTION_TITLES[action].capitalize()}: nobody.", data)]
        places = ", ".join(
            f"{name(s)} {total} ({'1st' if i == 0 else '2nd'})"
            for i, (s, total) in enumerate(ranked)
        )
        return [Event(f"{ACTION_TITLES[action].capitalize()}: {places}.", data)]
    if kind == "forfeit":
        _, seat, action = raw
        return [Event(f"{name(seat)} forfeits {ACTION_TITLES[action]}.", {**data, "seat": seat})]
    if kind == "advance":
        _, seat, track, box = raw
        token = "boat" if track == 0 else "pirate"
        return [Event(f"{name(seat)}'s {token} advances to box {box}.", {**data, "seat": seat})]
    if kind == "hunt_chest":
        _, seat, chest = raw
        what = f"a {COLOURS[chest]} chest" if chest >= 0 else "nothing (the bag is empty)"
        return [
            Event(f"{name(seat)} draws {what} from the bag to the island.", {**data, "seat": seat})
        ]
    if kind == "hunt_tiles":
        _, seat, drawn = raw
        tiles = "a treasure tile" if len(drawn) == 1 else f"{len(drawn)} treasure tiles"
        events = [Event(f"{name(seat)} draws {tiles}.", {**data, "seat": seat})]
        if drawn:  # "secretly look at them": the values are the hunter's alone
            coins = " and ".join(plural(c, "coin") for c in drawn)
            events.append(
                Event(
                    f"{name(seat)} looks at {coins}",
                    {"type": "tiles_seen", "seat": seat},
                    visible_to=(seat,),
                )
            )
        return events
    if kind == "keep":
        _, seat, coins, back = raw
        public = "keeps a treasure tile" + (" and mixes one back" if back else "")
        events = [Event(f"{name(seat)} {public}.", {**data, "seat": seat})]
        returned = f", returns {', '.join(str(b) for b in back)}" if back else ""
        events.append(
            Event(
                f"{name(seat)} keeps {plural(coins, 'coin')}{returned}",
                {"type": "tiles", "seat": seat, "kept": coins, "returned": list(back)},
                visible_to=(seat,),
            )
        )
        return events
    if kind == "attack":
        _, seat, action, target, target_box, defended, own_box = raw
        verb, token = ("boards", "boat") if action == BOARD else ("raids", "pirate")
        text = (
            f"{name(seat)} {verb} {name(target)}: {name(target)}'s {token} back to box {target_box}"
        )
        if defended:
            text += f"; {name(target)} defends, {name(seat)}'s {token} back to box {own_box}"
        return [Event(text + ".", {**data, "seat": seat, "target": target})]
    if kind == "seize":
        _, seat, target, _action, chest = raw
        return [
            Event(
                f"{name(seat)} seizes {name(target)}'s {COLOURS[chest]} chest.",
                {**data, "seat": seat, "target": target, "colour": COLOURS[chest]},
            )
        ]
    if kind == "claim":
        _, seat, colour = raw
        return [
            Event(
                f"{name(seat)} claims the {COLOURS[colour]} chest from the center island.",
                {**data, "seat": seat, "colour": COLOURS[colour]},
            )
        ]
    if kind == "deposit":
        _, seat, chest, to_center = raw
        where = "the center island" if to_center else "the bag"
        return [
            Event(
                f"{name(seat)}'s surplus {COLOURS[chest]} chest goes to {where}.",
                {**data, "seat": seat, "colour": COLOURS[chest], "center": to_center},
            )
        ]
    if kind == "draw":
        _, seat, chest = raw
        what = f"a {COLOURS[chest]} chest" if chest >= 0 else "nothing (the bag is empty)"
        return [Event(f"{name(seat)} draws {what} to the island.", {**data, "seat": seat})]
    if kind == "to_tortuga":
        _, seat, chests = raw
        if not chests:
            return []
        shown = ", ".join(COLOURS[c] for c in chests)
        return [Event(f"{name(seat)} brings {shown} to Tortuga.", {**data, "seat": seat})]
    if kind == "move":
        _, seat, source, colour = raw
        route = "crew to fleet" if source == CREW else "island to crew"
        return [
            Event(f"{name(seat)} moves {COLOURS[colour]} from {route}.", {**data, "seat": seat})
        ]
    if kind == "over":
        _, totals, winners = raw
        scores = ", ".join(f"{name(s)} {int(t)}" for s, t in enumerate(totals))
        won = " and ".join(name(w) for w in winners)
        return [Event(f"Game over: {scores}. {won} win{'s' if len(winners) == 1 else ''}!", data)]
    raise AssertionError(f"unknown event {raw!r}")


__all__ = ["face_name", "format_event"]
