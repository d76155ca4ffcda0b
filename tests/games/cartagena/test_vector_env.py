"""The vectorised Cartagena environment (games/cartagena/vector.py, the kernel's `Batch`) against
the reference engine (rules.py) and the codec (codec.py), env by env and step by step.

- Differential: batches of several sizes, 2-5 players, both versions, random legal actions
  through several autoresets; every env's observation, mask, seat, reward, per-seat rewards,
  termination and whole kernel state are compared with a `CartagenaState` set up with the
  env's game seed and played with the same ids.
- Illegal ids raise `IllegalAction` naming the env and the id, and no env changes.
- Seeds: `reset(seed=)` reproduces the batch; spaces hold the outputs; partial resets.
- Truncation after `max_steps`, the dead-position ending, hidden hands (twins), `rl.vector`.
"""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, VectorEnv

import buccaneer
from buccaneer.core.errors import IllegalAction, OptionError
from buccaneer.games.cartagena import position
from buccaneer.games.cartagena.codec import CartagenaCodec
from buccaneer.games.cartagena.compiled import compiled, encode
from buccaneer.games.cartagena.components import BOAT, SYMBOL_INDEX
from buccaneer.games.cartagena.state import CartagenaState
from buccaneer.rl import vector
from buccaneer.rl.common import final_rewards

# Built by the package build wherever there is a C compiler, as on every machine this suite
# runs on: a missing kernel is a failure here, never a skip.
assert compiled is not None, "the Cartagena kernel is not built (pip install needs a C compiler)"

from buccaneer.games.cartagena.vector import CartagenaVectorEnv  # noqa: E402

END_TURN = 260


def load(players: int, variant: str, seed: int) -> CartagenaState:
    state = buccaneer.load("cartagena", players, seed=seed, variant=variant)
    assert isinstance(state, CartagenaState)
    return state


def random_ids(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniform legal id per row (0 where nothing is legal: those envs restart next)."""
    scores = np.where(mask, rng.random(mask.shape), -1.0)
    ids: np.ndarray = np.argmax(scores, axis=1).astype(np.int64)
    return ids


class Reference:
    """The Python side of one env: the engine's game and the codec's outputs for it."""

    def __init__(self, players: int, variant: str) -> None:
        self.players, self.variant = players, variant
        self.codec = CartagenaCodec(players, {"variant": variant})
        self.state = load(players, variant, 0)

    def new_game(self, seed: int) -> None:
        self.state = load(self.players, self.variant, seed)

    def expected(self, seat: int) -> tuple[np.ndarray, np.ndarray]:
        obs = self.codec.observation_tensor(self.state.view(seat))
        if self.state.is_over():
            return obs, np.zeros(261, dtype=np.bool_)
        return obs, self.codec.legal_mask(self.state, seat).astype(np.bool_)


def check_env_outputs(
    env: CartagenaVectorEnv,
    refs: list[Reference],
    k: int,
    *,
    seat: int,
    obs: np.ndarray,
    info: dict[str, Any],
    where: str,
) -> None:
    want_obs, want_mask = refs[k].expected(seat)
    assert info["seat"][k] == seat, f"{where}: seat {info['seat'][k]}, python {seat}"
    if not np.array_equal(obs[k], want_obs):
        fields = [
            name
            for name, part in refs[k].codec.field_slices().items()
            if not np.array_equal(obs[k][part], want_obs[part])
        ]
        raise AssertionError(f"{where}: observation differs in {fields}")
    assert np.array_equal(info["action_mask"][k], want_mask), f"{where}: masks differ"
    assert env.kernel_state(k) == encode(refs[k].state), f"{where}: states differ"


# (players, variant, num_envs, steps): several batch sizes, every player count and version;
# random games last 400-470 actions (1,200 at most), so every env restarts a few times.
DIFF_CASES = [
    (2, "jamaica", 1, 1600),
    (2, "tortuga", 5, 1600),
    (3, "jamaica", 3, 1600),
    (3, "tortuga", 2, 1600),
    (4, "jamaica", 4, 1600),
    (4, "tortuga", 1, 1600),
    (5, "jamaica", 2, 1600),
    (5, "tortuga", 3, 1600),
]


@pytest.mark.parametrize(("players", "variant", "num_envs", "steps"), DIFF_CASES)
def test_batch_plays_the_engines_games(
    players: int, variant: str, num_envs: int, steps: int
) -> None:
    seed = 1000 * players + num_envs
    env = CartagenaVectorEnv(num_envs, players, variant)
    obs, info = env.reset(seed=seed)
    refs = [Reference(players, variant) for _ in range(num_envs)]
    for k, game_seed in enumerate(env.game_seeds):
        refs[k].new_game(game_seed)
        check_env_outputs(env, refs, k, seat=0, obs=obs, info=info, where=f"env {k} after reset")
    rng = np.random.default_rng(seed)
    restart = np.zeros(num_envs, dtype=np.bool_)
    finished = truncated_games = 0
    for t in range(steps):
        ids = random_ids(info["action_mask"], rng)
        obs, reward, terminated, truncated, info = env.step(ids)
        seeds = env.game_seeds
        for k in range(num_envs):
            ref = refs[k]
            where = f"env {k}, step {t}"
            if restart[k]:  # next-step autoreset: the id was ignored, a new game began
                ref.new_game(seeds[k])
                seat = 0
                assert reward[k] == 0 and not terminated[k] and not truncated[k], where
                assert not info["rewards"][k].any(), where
            else:
                actor = ref.state.current
                ref.state.apply(actor, ref.codec.id_to_action(int(ids[k])))
                over = ref.state.is_over()
                assert terminated[k] == over, where
                assert not truncated[k], where
                if over:
                    seat = actor  # nobody moves in a finished game: the actor's last look
                    finals = final_rewards(ref.state)
                    assert info["rewards"][k].tolist() == finals, where
                    assert reward[k] == finals[actor], where
                    finished += 1
                else:
                    seat = ref.state.current
                    assert reward[k] == 0 and not info["rewards"][k].any(), where
            check_env_outputs(env, refs, k, seat=seat, obs=obs, info=info, where=where)
            assert env.game_lengths[k] == len(ref.state._history), where
        restart = terminated | truncated
        truncated_games += int(truncated.sum())
    assert finished >= 2 * num_envs, f"only {finished} games finished: too few autoresets"
    assert truncated_games == 0


def test_an_illegal_id_raises_and_changes_no_env() -> None:
    env = CartagenaVectorEnv(4, 3, "tortuga", seed=3)
    obs, info = env.reset()
    rng = np.random.default_rng(3)
    for _ in range(40):
        obs, _, _, _, info = env.step(random_ids(info["action_mask"], rng))
    before = [env.kernel_state(k) for k in range(4)]
    seeds, lengths = env.game_seeds, env.game_lengths
    good = random_ids(info["action_mask"], rng)
    illegal = int(np.flatnonzero(~info["action_mask"][2])[0])
    for bad_id, words in ((illegal, "is not legal for seat"), (261, "not in 0..260"), (-1, "")):
        ids = good.copy()
        ids[2] = bad_id
        with pytest.raises(IllegalAction, match=rf"env 2: action id {bad_id}\b.*{words}"):
            env.step(ids)
        assert [env.kernel_state(k) for k in range(4)] == before
        assert env.game_seeds == seeds and env.game_lengths == lengths
        now, now_info = env.observe()
        assert np.array_equal(now, obs)
        assert np.array_equal(now_info["action_mask"], info["action_mask"])
    with pytest.raises(IllegalAction, match="one action id per env"):
        env.step(good[:3])
    with pytest.raises(IllegalAction, match="must be ints"):
        env.step(good.astype(np.float64))
    assert [env.kernel_state(k) for k in range(4)] == before
    env.step(good)  # the legal ids still apply


def test_step_before_reset_is_refused() -> None:
    env = CartagenaVectorEnv(2, 2)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(np.zeros(2, dtype=np.int64))


def run(env: CartagenaVectorEnv, seed: int | list[int] | None, steps: int) -> list[Any]:
    """Everything a seeded run returns, with the actions drawn from `steps` masks."""
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(0)
    out: list[Any] = [obs, info["seat"], env.game_seeds]
    for _ in range(steps):
        obs, reward, terminated, truncated, info = env.step(random_ids(info["action_mask"], rng))
        out += [obs, reward, terminated, truncated, info["rewards"], info["seat"]]
    return out


def same(a: list[Any], b: list[Any]) -> bool:
    return len(a) == len(b) and all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def test_a_seed_reproduces_the_batch() -> None:
    steps = 900  # 2-player games: several end on the way
    first = run(CartagenaVectorEnv(3, 2, "jamaica"), 11, steps)
    env = CartagenaVectorEnv(3, 2, "jamaica")
    assert same(run(env, 11, steps), first)
    assert same(run(env, 11, steps), first), "reset(seed=) again replays it"
    assert same(run(CartagenaVectorEnv(3, 2, "jamaica", seed=11), None, steps), first)
    assert same(run(env, [11, 12, 13], 5)[:3], first[:3]), "an int seeds env i with seed + i"
    assert not same(run(env, 12, 5)[:3], first[:3])
    # game i's setup is load()'s with its seed (also checked step by step above)
    for k, seed in enumerate(first[2]):
        codec = CartagenaCodec(2, {"variant": "jamaica"})
        assert np.array_equal(
            first[0][k], codec.observation_tensor(load(2, "jamaica", seed).view(0))
        )
    # without a seed the streams go on: new games, still reproducible from the first seed
    env.reset(seed=11)
    env.reset()
    again = env.game_seeds
    assert again != first[2]
    other = CartagenaVectorEnv(3, 2, "jamaica")
    other.reset(seed=11)
    other.reset()
    assert other.game_seeds == again


def test_spaces_hold_the_outputs() -> None:
    env = CartagenaVectorEnv(6, 4, "tortuga", seed=5)
    assert isinstance(env, VectorEnv)
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    size = CartagenaCodec(4, {"variant": "tortuga"}).observation_size
    assert env.single_observation_space.shape == (size,)
    assert env.single_observation_space.dtype == np.float32
    assert env.single_action_space.n == 261  # type: ignore[attr-defined]
    assert env.observation_space.shape == (6, size)
    assert env.action_space.shape == (6,)
    obs, info = env.reset()
    rng = np.random.default_rng(5)
    for _ in range(300):
        assert env.observation_space.contains(obs)
        assert all(env.single_observation_space.contains(row) for row in obs)
        ids = random_ids(info["action_mask"], rng)
        assert env.action_space.contains(ids)
        obs, reward, terminated, truncated, info = env.step(ids)
        assert reward.shape == (6,) and reward.dtype == np.float32
        assert terminated.dtype == np.bool_ and truncated.dtype == np.bool_
        assert info["action_mask"].shape == (6, 261) and info["action_mask"].dtype == np.bool_
        assert info["rewards"].shape == (6, 4) and info["seat"].shape == (6,)
    assert env.action_space.sample().shape == (6,)


def test_returned_arrays_are_copies_unless_asked() -> None:
    env = CartagenaVectorEnv(2, 2, seed=1)
    obs, _ = env.reset()
    obs2, *_ = env.step(np.full(2, END_TURN))
    assert not np.array_equal(obs, obs2), "the first array was not overwritten"
    shared = CartagenaVectorEnv(2, 2, seed=1, copy=False)
    obs, _ = shared.reset()
    obs2, *_ = shared.step(np.full(2, END_TURN))
    assert obs is obs2


def test_partial_reset() -> None:
    env = CartagenaVectorEnv(3, 2, seed=4)
    env.reset()
    for _ in range(4):
        env.step(np.full(3, END_TURN))
    states = [env.kernel_state(k) for k in range(3)]
    seeds = env.game_seeds
    obs, _ = env.reset(options={"reset_mask": np.array([False, True, False])})
    assert env.kernel_state(0) == states[0] and env.kernel_state(2) == states[2]
    assert env.game_seeds[0] == seeds[0] and env.game_seeds[1] != seeds[1]
    fresh = load(2, "jamaica", env.game_seeds[1])
    assert env.kernel_state(1) == encode(fresh)
    assert np.array_equal(
        obs[1], CartagenaCodec(2, {"variant": "jamaica"}).observation_tensor(fresh.view(0))
    )


def test_truncation_after_max_steps_then_a_new_game() -> None:
    env = CartagenaVectorEnv(3, 3, seed=8, max_steps=7)
    env.reset()
    seeds = env.game_seeds
    for step in range(1, 8):  # a policy that only ever ends its turn never finishes
        _, reward, terminated, truncated, info = env.step(np.full(3, END_TURN))
        assert not terminated.any()
        assert truncated.all() == (step == 7) and not reward.any()
        assert not info["rewards"].any()
        assert (info["seat"] == step % 3).all()
        assert info["action_mask"][:, END_TURN].all()
    _, reward, terminated, truncated, info = env.step(np.full(3, 999))  # ids ignored
    assert not truncated.any() and not terminated.any()
    assert env.game_lengths == [0, 0, 0] and env.game_seeds != seeds
    assert (info["seat"] == 0).all()


LAYOUT = "1A 2A 3A 4A 5A 6A"  # the last square is a skull
SKULL = SYMBOL_INDEX["skull"]
DISCARD = {"dagger": 17, "bottle": 17, "key": 17, "pistol": 17, "hat": 2}


def test_a_dead_position_ends_the_game_with_a_shared_win() -> None:
    # tests/games/cartagena/test_dead_position.py's shared win: Blue plays the last card in
    # the game from square 36; three each in the boat, no back move left.
    state = position(
        2,
        layout=LAYOUT,
        pirates={0: [4, 4, 10] + [BOAT] * 3, 1: [4, 10, 10, 35, BOAT, BOAT]},
        hands={1: {"skull": 1}},
        discard=DISCARD,
        to_move=1,
    )
    env = CartagenaVectorEnv(2, 2, seed=0)
    env.reset()
    env.set_state(1, state)
    obs, info = env.observe()
    codec = CartagenaCodec(2, {"variant": "jamaica"})
    assert np.array_equal(obs[1], codec.observation_tensor(state.view(1)))
    forward = SKULL * 37 + 35 + 1
    assert info["action_mask"][1, forward]
    ids = np.array([END_TURN, forward])
    obs, reward, terminated, truncated, info = env.step(ids)
    state.apply(1, codec.id_to_action(forward))
    assert state.is_over() and state.winners() == [0, 1]
    assert terminated.tolist() == [False, True] and not truncated.any()
    assert reward[1] == 1.0 and info["rewards"][1].tolist() == [1.0, 1.0]
    assert info["seat"][1] == 1 and not info["action_mask"][1].any()
    assert np.array_equal(obs[1], codec.observation_tensor(state.view(1)))


@pytest.mark.parametrize("players", [2, 4])
def test_hidden_hands_do_not_show(players: int) -> None:
    """Jamaica: two batches whose games differ only in what the seat to move cannot know (the
    other hands, the pile) give it the same observation and mask, and go on doing so while
    the same moves are played that draw no card."""
    rng = np.random.default_rng(players)
    state = load(players, "jamaica", 77)
    codec = CartagenaCodec(players, {"variant": "jamaica"})
    for _ in range(8):  # a few moves in: hands still hold cards to differ in
        seat = state.current
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(rng.integers(len(legal)))])
    seat = state.current
    for tries in range(50):
        twin = state.twin(seat, random.Random(tries))
        assert isinstance(twin, CartagenaState)
        if twin.hands != state.hands:
            break
    else:
        raise AssertionError("no twin with other hands")
    assert twin.hands[seat] == state.hands[seat]
    first, second = CartagenaVectorEnv(1, players, seed=0), CartagenaVectorEnv(1, players, seed=0)
    first.reset()
    second.reset()
    first.set_state(0, state)
    second.set_state(0, twin)
    assert first.kernel_state(0) != second.kernel_state(0)
    for _ in range(3):
        obs_a, info_a = first.observe()
        obs_b, info_b = second.observe()
        assert np.array_equal(obs_a, obs_b)
        assert np.array_equal(info_a["action_mask"], info_b["action_mask"])
        assert np.array_equal(obs_a[0], codec.observation_tensor(state.view(seat)))
        forward = [i for i in np.flatnonzero(info_a["action_mask"][0]) if i < 222]
        if not forward:
            break
        ids = np.array([forward[0]])
        first.step(ids)
        second.step(ids)
        state.apply(seat, codec.id_to_action(int(forward[0])))
        if first.observe()[1]["seat"][0] != seat:
            break
    # the Tortuga version shows every hand: there the observation is of the whole table
    open_state = load(players, "tortuga", 5)
    obs = CartagenaVectorEnv(1, players, "tortuga", seed=0)
    obs.reset()
    obs.set_state(0, open_state)
    assert np.array_equal(
        obs.observe()[0][0],
        CartagenaCodec(players, {"variant": "tortuga"}).observation_tensor(open_state.view(0)),
    )


def test_set_state_checks_the_table() -> None:
    env = CartagenaVectorEnv(1, 3, seed=0)
    env.reset()
    with pytest.raises(OptionError, match="3-player jamaica"):
        env.set_state(0, load(2, "jamaica", 1))
    with pytest.raises(OptionError, match="3-player jamaica"):
        env.set_state(0, load(3, "tortuga", 1))
    with pytest.raises(IndexError):
        env.set_state(1, load(3, "jamaica", 1))


def test_rl_vector_make() -> None:
    env = vector.make("cartagena", 4, players=3, seed=2, variant="tortuga")
    assert isinstance(env, VectorEnv)
    assert isinstance(env, CartagenaVectorEnv)
    assert env.num_envs == 4 and env.players == 3 and env.variant == "tortuga"
    obs, _ = env.reset()
    assert obs.shape == (4, CartagenaCodec(3, {"variant": "tortuga"}).observation_size)
    same_seed = CartagenaVectorEnv(4, 3, "tortuga", seed=2)
    same_seed.reset()
    assert env.game_seeds == same_seed.game_seeds
    with pytest.raises(OptionError, match="tortuga has no vectorised environment"):
        vector.make("tortuga", 4, players=3)
    with pytest.raises(OptionError, match="unknown game"):
        vector.make("chess", 4)
    with pytest.raises(OptionError, match="only `variant`"):
        vector.make("cartagena", 4, layout=LAYOUT)
    with pytest.raises(OptionError):
        vector.make("cartagena", 4, variant="havana")
    with pytest.raises(OptionError, match="2-5 players"):
        vector.make("cartagena", 4, players=6)
    with pytest.raises(OptionError, match="num_envs"):
        vector.make("cartagena", 0)


def test_importing_buccaneer_needs_no_gymnasium() -> None:
    code = (
        "import sys, buccaneer; buccaneer.load('cartagena', 2, seed=1);"
        "from buccaneer.games.cartagena import SPEC; assert SPEC.vector_env is not None;"
        "assert 'gymnasium' not in sys.modules, 'gymnasium was imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
