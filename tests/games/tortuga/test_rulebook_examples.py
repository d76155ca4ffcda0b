"""Every example in the Tortuga rulebook (English), set up with `position` and played through.

The printed numbers on the dice are unknown (docs/rulings.md: die k, action a in resolution order
shows (a + k + 1) % 5 + 1), so where an example names a number the test uses a die that makes
the example's point.
"""

from __future__ import annotations

import pytest

from buccaneer.games.tortuga.actions import (
    FORFEIT,
    PERFORM,
    Attack,
    Bonus,
    Claim,
    Place,
    Seize,
    Select,
    Turn,
)
from buccaneer.games.tortuga.components import (
    BLUE,
    BOARD,
    FLEET,
    PURPLE,
    RAID,
    RED,
    WHITE,
    YELLOW,
    die_number,
)
from buccaneer.games.tortuga.position import position

ANI, LOTHAR, FRANK, ALEX = 0, 1, 2, 3
A, B, C, D, E = range(5)


def test_ani_selects_two_of_three_fleet_dice() -> None:
    """'Ani selects two of the three dice showing the action expand fleet to remain behind her
    screen.' ... 'Ani places her selected dice on the action space expand fleet.'"""
    state = position(
        2,
        seats={},
        phase="roll",
        rolls={
            ANI: {"A": "fleet", "B": "fleet", "C": "fleet", "D": "hunt", "E": "raid"},
            LOTHAR: {"A": "crew", "B": "crew", "C": "crew", "D": "crew", "E": "crew"},
        },
    )
    assert state.to_move() == (ANI, LOTHAR), "a simultaneous, hidden selection"
    legal = state.legal_actions(ANI)
    assert Select((A, B)) in legal and Select((A, B, C)) in legal
    assert Select((A, D)) not in legal, "selected dice must show the same action"
    state.apply(ANI, Select((A, B)))
    assert state.placed[ANI] == [-1] * 5, "nothing is placed before everyone has chosen"
    assert state.view(LOTHAR)["seats"][ANI]["selection"] is None
    assert state.view(LOTHAR)["seats"][ANI]["roll"] is None
    state.apply(LOTHAR, Select((A, B, C, D, E)))
    assert state.placed[ANI][:2] == [FLEET, FLEET] and state.placed[ANI][2:] == [-1] * 3
    assert state.to_move() == (LOTHAR,), "Lothar, done, takes a bonus tile for the next roll"
    state.apply(LOTHAR, Bonus(FLEET))
    assert state.to_move() == (ANI,), "Ani rolls her three remaining dice"
    assert state.roll[ANI][:2] == [-1, -1] and all(f >= 0 for f in state.roll[ANI][2:])


def test_ani_turns_two_skulls_c_and_d_to_board() -> None:
    """'Ani selects the two dice C & D, both showing a skull icon. After the screens have been
    lifted, she assigns the two dice to the action board and turns the dice with that action
    up.'"""
    state = position(
        2,
        seats={ANI: {"fleet_box": 3}, LOTHAR: {"dice": dict.fromkeys("ABCDE", "fleet")}},
        phase="roll",
        rolls={ANI: {"A": "fleet", "B": "crew", "C": "skull", "D": "skull", "E": "hunt"}},
    )
    state.apply(ANI, Select((C, D)))
    assert state.to_move() == (ANI,)
    assert Turn(BOARD) in state.legal_actions(ANI)
    state.apply(ANI, Turn(BOARD))
    assert state.placed[ANI] == [-1, -1, BOARD, BOARD, -1]
    assert state.total(ANI, BOARD) == die_number(C, BOARD) + die_number(D, BOARD) == 2 + 3


def test_ani_adds_skull_a_to_a_raid_die() -> None:
    """'Ani selects the sword 5 and the skull A additionally. After the screens have been
    lifted, she assigns both dice to the action raid and turns die A with that action up.'
    Exactly: the sword 5 is die E (docs/rulings.md, "Dice"), die A a skull, and turned up die
    A shows raid 1."""
    assert die_number(E, RAID) == 5
    assert [die_number(A, a) for a in range(5)] == [2, 3, 4, 5, 1]
    state = position(
        2,
        seats={ANI: {"crew_box": 3}, LOTHAR: {"dice": dict.fromkeys("ABCDE", "fleet")}},
        phase="roll",
        rolls={ANI: {"A": "skull", "B": "crew", "C": "fleet", "D": "hunt", "E": "raid"}},
    )
    assert "E raid 5" in state.describe(Select((A, E)), ANI)
    assert "A skull" in state.describe(Select((A, E)), ANI)
    state.apply(ANI, Select((A, E)))
    assert state.placed[ANI] == [RAID, -1, -1, -1, RAID], "no decision: the skull follows E"
    assert state.total(ANI, RAID) == 1 + 5
    assert "Ani reveals A skull, E raid 5." in [e.text for e in state.log_for(LOTHAR)]


def test_ani_cannot_place_and_rerolls_after_the_reveal() -> None:
    """'After her first roll, Ani cannot assign any of the two dice because her boat token is
    on the second box of her fleet track only. After all screens have been lifted, she rerolls
    these two dice and assigns one of them' ... 'Players do not receive a bonus tile if other
    players have to repeat their roll because they could not assign any of their dice.'"""
    state = position(
        3,
        seats={
            ANI: {"fleet_box": 2, "dice": {"A": "board", "B": "board", "C": "fleet"}},
            LOTHAR: {"dice": dict.fromkeys("ABCDE", "crew")},
        },
        phase="roll",
        rolls={
            ANI: {"D": "board", "E": "board"},
            FRANK: {"A": "hunt", "B": "hunt", "C": "hunt", "D": "hunt", "E": "hunt"},
        },
        seed=5,
    )
    assert state.legal_actions(ANI) == [Select(())], "no die can be placed: only 'nothing'"
    state.apply(ANI, Select(()))
    state.apply(FRANK, Select((A, B, C)))
    # Ani has re-rolled (publicly) until a die can be placed and now chooses among them.
    assert state.queue[0][:2] == ("reselect", ANI)
    assert state.legal_actions(ANI) != [Select(())]
    assert state.view(FRANK)["seats"][ANI]["roll"] is not None, "the re-roll is in the open"
    assert sum(map(sum, state.bonus)) == 0, "no bonus tile for a forced re-roll"
    state.apply(ANI, state.legal_actions(ANI)[0])
    while state.queue and state.queue[0][0] == "turn":
        state.apply(ANI, state.legal_actions(ANI)[0])
    # Next regular roll: Lothar, done with all his dice, receives a bonus tile first.
    assert state.to_move() == (LOTHAR,) and state.queue[0][0] == "bonus"


def test_alex_receives_a_bonus_tile_for_expand_fleet() -> None:
    """'Alex (orange) has assigned all his dice, while Ani (blue) and Frank (yellow) still have
    to roll theirs. Thus Alex receives one bonus tile from the island and places it on the bonus
    space of the action expand fleet.'"""
    state = position(
        4,
        seats={
            ALEX: {"dice": dict.fromkeys("ABCDE", "fleet")},
            LOTHAR: {"dice": dict.fromkeys("ABCDE", "crew")},
            ANI: {"dice": {"A": "hunt"}},
            FRANK: {"dice": {"A": "hunt"}},
        },
        phase="roll",
        rolls={
            ANI: {"B": "crew", "C": "crew", "D": "crew", "E": "crew"},
            FRANK: {"B": "fleet", "C": "fleet", "D": "fleet", "E": "fleet"},
        },
    )
    state.apply(ANI, Select((B,)))
    state.apply(FRANK, Select((B,)))
    # The next roll of Ani and Frank: first Lothar, then Alex (clockwise from Ani), get a tile.
    assert state.to_move() == (LOTHAR,)
    state.apply(LOTHAR, Bonus(RAID))
    assert state.to_move() == (ALEX,)
    assert Bonus(FLEET) in state.legal_actions(ALEX)
    state.apply(ALEX, Bonus(FLEET))
    assert state.bonus[ALEX][FLEET] == 1 and state.bonus_left == 18
    assert set(state.to_move()) == {ANI, FRANK}, "then Ani and Frank roll"
    # A further roll: Alex may flip his tile to "2" instead of taking a new one.
    state.apply(ANI, Select((C,)))
    state.apply(FRANK, Select((C,)))
    state.apply(LOTHAR, Bonus(RAID))
    state.apply(ALEX, Bonus(FLEET))
    assert state.bonus[ALEX][FLEET] == 2 and state.bonus_left == 18


def test_lothar_wins_the_tie_with_frank_sitting_closer_to_the_start_player() -> None:
    """'Both Lothar (green) and Frank (yellow) have the highest total with 9 points each.
    Because Lothar is sitting closest to the start player, he is in 1st position and Frank in
    2nd position only.'"""
    state = position(
        3,
        start=ANI,
        seats={
            LOTHAR: {"dice": {"C": "fleet", "D": "fleet"}},  # 4 + 5
            FRANK: {"dice": {"A": "fleet", "B": "fleet", "C": "fleet"}},  # 2 + 3 + 4
        },
    )
    assert state.ranking(FLEET) == [LOTHAR, FRANK]
    assert state.total(LOTHAR, FLEET) == state.total(FRANK, FLEET) == 9
    assert state.queue[0] == ("decide", LOTHAR, FLEET, 0)
    state.apply(LOTHAR, PERFORM)
    state.apply(FRANK, PERFORM)
    assert state.fleet_box[LOTHAR] == 5 and state.fleet_box[FRANK] == 4


def test_lothar_boards_ani_who_defends_and_loses_her_purple_chest() -> None:
    """'Lothar (green) decides to board Ani's fleet (blue). Ani has assigned one die to the
    board action herself and thus can defend. That means that both players have to move their
    boat token back by one box. Lothar steals Ani's purple treasure chest and places it on his
    island area.'"""
    state = position(
        3,
        start=LOTHAR,
        seats={
            LOTHAR: {"fleet_box": 4, "dice": {"D": "board", "E": "board"}},
            ANI: {"fleet_box": 4, "fleet": ["red", "purple"], "dice": {"A": "board"}},
        },
        from_action="board",
    )
    assert state.queue[0] == ("decide", LOTHAR, BOARD, 0)
    state.apply(LOTHAR, Attack(ANI))
    assert state.fleet_box[ANI] == 3 and state.fleet_box[LOTHAR] == 3
    assert Seize(1) in state.legal_actions(LOTHAR)
    state.apply(LOTHAR, Seize(1))
    assert state.island[LOTHAR] == [PURPLE] and state.fleet[ANI] == [RED]
    # Ani, 2nd, may board anyone but the seat Lothar boarded... which is herself: Lothar or Frank
    assert state.legal_actions(ANI) == [Attack(LOTHAR), Attack(FRANK), FORFEIT]


def test_alex_raids_frank_from_second_place_and_frank_deposits_white() -> None:
    """'Alex, in 2nd position (orange), raids Frank, who must move his pirate token back by one
    box. Then, Alex takes the blue treasure chest from the center island' ... 'Frank ... can
    transport only one treasure chest now and must deposit the white chest on the center
    island.'"""
    state = position(
        4,
        start=ANI,
        center=["blue", "yellow"],
        seats={
            ANI: {"crew_box": 4, "dice": {"E": "raid", "D": "raid"}},  # 4 + 3
            ALEX: {"crew_box": 4, "dice": {"A": "raid"}},  # 5
            FRANK: {"crew_box": 2, "crew": ["red", "white"]},
            LOTHAR: {"crew": ["blue"]},
        },
        from_action="raid",
    )
    state.apply(ANI, Attack(LOTHAR))
    assert state.crew[LOTHAR] == [] and state.island[ANI] == [BLUE]
    assert state.legal_actions(ALEX) == [Attack(ANI), Attack(FRANK), FORFEIT]
    events = len(state.log)
    state.apply(ALEX, Attack(FRANK))
    assert state.crew_box[FRANK] == 1 and state.crew_box[ALEX] == 4, "Frank did not defend"
    # Frank deposits at once ("muss sofort die weiße auf die Insel in der Mitte legen"), from
    # the right, before Alex claims.
    assert state.crew[FRANK] == [RED]
    assert [e.data for e in state.log[events:]][-1] == {
        "type": "deposit",
        "seat": FRANK,
        "colour": "white",
        "center": True,
    }
    assert state.legal_actions(ALEX) == [Claim(BLUE), Claim(YELLOW), Claim(WHITE)]
    state.apply(ALEX, Claim(BLUE))
    # Raid was the last action, so the engine runs on into phase 3: read what happened.
    claim = next(e.data for e in state.log[events:] if e.data["type"] == "claim")
    assert claim == {"type": "claim", "seat": ALEX, "colour": "blue"}
    assert state.center[BLUE] == 0 and state.center[WHITE] == 1


def test_lothar_moves_his_chests_choosing_purple_before_red() -> None:
    """'1. The yellow & blue chests from his fleet area to Tortuga. 2. The yellow chest from his
    crew area to his fleet area. 3. The purple & red chests from his island area to his crew
    area. He decides to place the purple chest first, followed by the red one.'"""
    state = position(
        2,
        start=LOTHAR,
        seats={
            LOTHAR: {
                "fleet": ["yellow", "blue"],
                "crew": ["yellow"],
                "island": ["purple", "red"],
            },
            ANI: {"tortuga": ["red"]},
        },
        phase="chests",
        draw_chests=False,
    )
    assert state.tortuga[LOTHAR] == [YELLOW, BLUE] and state.fleet[LOTHAR] == [YELLOW]
    assert state.legal_actions(LOTHAR) == [Place(RED), Place(PURPLE)]
    state.apply(LOTHAR, Place(PURPLE))
    assert state.crew[LOTHAR] == [PURPLE, RED]
    assert state.round == 2 and state.start == ANI, "the start player passes clockwise"


def test_ani_scores_42_points() -> None:
    """'Ani's total booty is 42 points': 18 for 6 chests in Tortuga, 4 for the purple chest in
    her fleet, 2 for 2 chests in her crew, 6 for 2 sets (red, yellow, blue in Tortuga; blue,
    white = yellow in Tortuga and red in her crew), 8 for the tracks, 4 coins."""
    state = position(
        2,
        seats={
            ANI: {
                "tortuga": ["red", "yellow", "blue", "blue", "white", "yellow"],
                "fleet": ["purple"],
                "crew": ["red", "yellow"],
                "fleet_box": 4,
                "crew_box": 4,
                "coins": [1, 3],
            }
        },
        phase="roll",
    )
    sheet = state.score_sheet(ANI)
    assert sheet == {
        "tortuga": 18,
        "fleet": 4,
        "crew": 2,
        "sets": 6,
        "tracks": 8,
        "coins": 4,
        "set_count": 2,
        "total": 42,
    }


@pytest.mark.parametrize("action", [FLEET, 1])
def test_two_players_advance_one_box_only(action: int) -> None:
    """2 players: 'The player advances his boat (pirate) token one box to the right.'"""
    state = position(
        2,
        seats={ANI: {"dice": {"A": ("fleet", "crew")[action]}}},
        from_action=("fleet", "crew")[action],
    )
    state.apply(ANI, PERFORM)
    boxes = state.fleet_box if action == FLEET else state.crew_box
    assert boxes[ANI] == 4


def test_two_players_surplus_goes_to_the_bag_and_only_first_place_acts() -> None:
    """2 players: 'Any treasure chests that would have to be placed on the center island are
    returned to the bag instead.' Lothar defends, so Ani's boat drops to box 1 (room for one
    chest) and her second white chest is surplus."""
    state = position(
        2,
        seats={
            ANI: {
                "fleet_box": 2,
                "fleet": ["white", "white"],
                "dice": {"A": "board", "B": "board"},
            },
            LOTHAR: {"fleet_box": 3, "fleet": ["red"], "dice": {"C": "board", "E": "raid"}},
        },
        from_action="board",
    )
    bag_white = state.bag[WHITE]
    assert state.legal_actions(ANI) == [Attack(LOTHAR), FORFEIT]
    state.apply(ANI, Attack(LOTHAR))  # a single chest: seized without a choice
    assert state.island[ANI] == [RED] and state.fleet_box[LOTHAR] == 2
    assert state.fleet_box[ANI] == 1 and state.fleet[ANI] == [WHITE]
    assert state.bag[WHITE] == bag_white + 1 and state.center == [0] * 5
    assert state.queue[0] == ("decide", LOTHAR, RAID, 0), "no second place on board"


def test_two_players_treasure_hunt_draws_a_chest_and_one_tile() -> None:
    """2 players: 'The player draws one treasure chest from the bag and places it on his island
    area. Additionally, they draw one treasure tile ... and keep it face down'."""
    state = position(2, seats={ANI: {"dice": {"A": "hunt"}, "fleet_box": 1}}, from_action="hunt")
    pool = sum(state.pool)
    state.apply(ANI, PERFORM)
    assert len(state.tiles[ANI]) == 1 and sum(state.pool) == pool - 1, "one tile, no choice"
    hunted = [e.text for e in state.log if e.data["type"] == "hunt_chest"]
    assert len(hunted) == 1 and hunted[0].startswith("Ani draws a ")
