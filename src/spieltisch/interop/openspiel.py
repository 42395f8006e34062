"""The games as OpenSpiel Python games, registered with ``pyspiel`` on import.

>>> import pyspiel
>>> import spieltisch.interop.openspiel
>>> game = pyspiel.load_game("spieltisch_halali", {"variant": "brettspielnetz"})
>>> state = game.new_initial_state()
>>> state.current_player(), state.action_to_string(0, 0)
(0, 'flip b2')

Each game is registered as ``spieltisch_<name>``; its parameters are the game's rule
options, ``players`` (where the game allows several counts), ``max_plies`` (a cap on
player actions: OpenSpiel needs a finite ``max_game_length``; a game cut off there is
terminal and scores 0 for everyone) and, for games whose encoder derives no chance
events, ``seed_bytes`` (see below).

- Actions are the encoder's fixed ids. As in OpenSpiel's own games, applying an id that
  ``legal_actions`` did not offer is undefined: actions are played with the engine's
  unchecked ``play``. Observation tensors are filled from the state directly
  (``encoder.observe_state``, equal to the view's tensor).
- Chance: where the encoder derives explicit chance events (Halali: the tile revealed by
  a flip, drawn from the tiles still face down), those are the chance nodes. Otherwise
  the first ``seed_bytes`` nodes (default 3) are chance nodes that draw the engine seed
  uniformly, one byte of it each (big-endian, 256 outcomes a node); the seed fixes every
  deal of the match, exactly as on the table, so such a game's engine record stays
  valid.
- Halli Galli is played in reaction rounds (:mod:`.bell`): between table changes a
  chance node draws the reaction order, and each seat in turn may ring, flip or wait.
- Information states: where every action and chance outcome is public (Halali) the
  history itself; otherwise a digest of the sequence of views the player has seen
  after each step, which is what the player can know, with perfect recall. The
  information-state tensor is the observation tensor followed by 128 bits of that
  state's digest (see :class:`SpieltischObserver`).
- Returns are terminal only, in [-1, 1] from the ranks (:func:`common.rank_returns`),
  zero-sum for any number of seats.
- ``resample_from_infostate`` draws the hidden part through the game's ``sample_state``
  from the acting seat's view, so ISMCTS samples worlds the way the bots do.
- Clones copy the engine state directly (:class:`common.EngineBox`).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

from spieltisch.engine import Game, State, game_class, game_names, load

from .bell import WAIT
from .common import EngineBox, rank_returns
from .encoders import Encoder, encoded_games, encoder
from .infostate import RECALL_BITS, recall_bits, view_text

PREFIX = "spieltisch_"
DEFAULT_MAX_PLIES = 5000
DEFAULT_SEED_BYTES = 3
"""16.7 million seeded deals, drawn a byte at a time: small chance nodes are cheap."""
ORDERS = 720
"""Reaction orders of six seats (Halli Galli's chance nodes between table changes)."""
_Params = dict[str, Any]


class _Shared:
    """What every state of one game shares; never copied by OpenSpiel's clone."""

    __slots__ = (
        "_blank_tensors",
        "blank",
        "chain",
        "encoder",
        "engine",
        "max_plies",
        "players",
        "seed_bytes",
        "zeros",
    )

    def __init__(
        self, engine: Game, encoder: Encoder, players: int, max_plies: int, seed_bytes: int
    ):
        self.engine = engine
        self.encoder = encoder
        self.players = players
        self.max_plies = max_plies
        self.seed_bytes = seed_bytes
        """Bytes of the engine seed drawn by the first chance nodes (0: chance is explicit
        or absent)."""
        self.chain = not encoder.public_actions
        """Whether information states are digests of the views seen (hidden actions)."""
        self.blank = EngineBox(engine.new_state(players=players, seed=0))
        """The initial engine state, shared by new states until their first change:
        OpenSpiel builds a new state for every clone, so a new state must be cheap."""

        self._blank_tensors: dict[int, Any] = {}
        self.zeros = [0.0] * int(np.prod(encoder.observation_shape))
        """A list of zeros the size of the observation tensor (copied, never changed)."""

    def blank_tensor(self, player: int) -> Any:
        """The observation tensor of the initial engine state for ``player``, cached."""
        found = self._blank_tensors.get(player)
        if found is None:
            found = self.encoder.observe_state(self.blank.state, player)
            self._blank_tensors[player] = found
        return found

    def tensor(self, state: SpieltischState, player: int) -> Any:
        """``player``'s observation tensor of ``state`` (its unfinished steps included
        when it is to act), straight from the engine state."""
        if state.box is self.blank:
            # OpenSpiel asks the initial state's tensor for its size on every
            # observation_tensor call; the blank state's tensors never change.
            return self.blank_tensor(player)
        prefix = state.prefix if player == state.current_player() else ()
        return self.encoder.observe_state(state.box.state, player, prefix)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


def game_type(name: str) -> Any:
    """The ``pyspiel.GameType`` of a spieltisch game."""
    info = game_class(name).info
    enc = encoder(name)
    params: _Params = {o.name: o.default for o in info.options}
    if info.min_players != info.max_players:
        params["players"] = info.default_players
    params["max_plies"] = DEFAULT_MAX_PLIES
    if _seeded(info.chance, enc):
        params["seed_bytes"] = DEFAULT_SEED_BYTES
    kind = pyspiel.GameType
    return kind(
        short_name=PREFIX + name,
        long_name=f"spieltisch {info.title}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=(
            kind.ChanceMode.EXPLICIT_STOCHASTIC if info.chance else kind.ChanceMode.DETERMINISTIC
        ),
        # Declared imperfect even where every chance outcome is public (Halali): the
        # games hide things, ISMCTS insists on it, and MCTS does not mind.
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class SpieltischGame(pyspiel.Game):  # type: ignore[misc]
    """One spieltisch game with its options, as an OpenSpiel game."""

    def __init__(self, name: str, gtype: Any, params: _Params | None = None) -> None:
        params = dict(params or {})
        info = game_class(name).info
        options = {o.name: params[o.name] for o in info.options if o.name in params}
        engine = load(name, **options)
        enc = encoder(engine)
        players = int(params.get("players", info.default_players))
        max_plies = int(params.get("max_plies", DEFAULT_MAX_PLIES))
        seeded = _seeded(info.chance, enc)
        seed_bytes = int(params.get("seed_bytes", DEFAULT_SEED_BYTES)) if seeded else 0
        if seeded and not 1 <= seed_bytes <= 7:
            raise pyspiel.SpielError(f"seed_bytes must be 1..7, got {seed_bytes}")
        self.shared = _Shared(engine, enc, players, max_plies, seed_bytes)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=enc.num_actions,
            max_chance_outcomes=max(
                enc.max_chance_outcomes,
                256 if seed_bytes else 0,
                ORDERS if enc.make_clock() else 0,
            ),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            # With reaction rounds every step may be followed by an order draw.
            max_game_length=(2 if enc.make_clock() else 1) * max_plies
            + enc.max_chance_events()
            + seed_bytes,
        )
        super().__init__(gtype, game_info, params)

    def new_initial_state(self) -> SpieltischState:
        return SpieltischState(self)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its name and parameters, so a game can go to worker processes."""
        return (_load_with_params, (self.shared.engine.info.name, dict(self.get_parameters())))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: _Params | None = None
    ) -> SpieltischObserver:
        if iig_obs_type is not None and not _one_seat(iig_obs_type):
            raise ValueError(
                f"only a seat's own observation or information state is supported, not "
                f"{iig_obs_type}"
            )
        perfect_recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return SpieltischObserver(self.shared, perfect_recall, params)


class SpieltischState(pyspiel.State):  # type: ignore[misc]
    """A state of a spieltisch game, wrapping an engine state."""

    def __init__(self, game: SpieltischGame) -> None:
        super().__init__(game)
        shared = game.shared
        self.shared = shared
        self.box = shared.blank
        self.dealing = shared.seed_bytes > 0
        """Whether the engine seed is still being drawn (its first chance nodes)."""
        self.seed_drawn = 0
        """The bytes of the seed drawn so far, as a number."""
        self.seed_count = 0
        """How many bytes of the seed have been drawn."""
        self.pending: tuple[int, Any] | None = None
        """A seat's action waiting for its chance outcome."""
        self.prefix: tuple[int, ...] = ()
        """Steps chosen so far of an action made of several (a Kalooki meld)."""
        self.plies = 0
        self.clock = shared.encoder.make_clock()
        """Halli Galli's reaction rounds (see :mod:`.bell`), else None."""
        self.digests = [""] * shared.players if shared.chain else []
        """Per seat, a digest of every view it has seen (its information state)."""
        self.trail: list[tuple[Any, ...]] = []
        """Steps not yet folded into the digests (see :meth:`sync`)."""
        self.mark: EngineBox | None = None
        """A copy of the engine state the trail starts from."""
        self._player: int | None = None
        """``current_player()`` until the next action (pyspiel asks it several times a
        step); ``None``: not known yet."""
        self._legal: list[int] | None = None
        """The current player's legal ids until the next action; ``None``: not known yet."""

    @property
    def engine_state(self) -> State:
        """The wrapped engine state (its hidden parts are drawn, not dealt from its seed)."""
        return self.box.state

    def current_player(self) -> int:
        player = self._player
        if player is None:
            player = self._player = self._current_player()
        return player

    def _current_player(self) -> int:
        if self.pending is not None or self.dealing:
            return int(pyspiel.PlayerId.CHANCE)
        state = self.box.state
        if state.is_over() or self.plies >= self.shared.max_plies:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.clock is not None:
            if self.clock.needs_order(state):
                return int(pyspiel.PlayerId.CHANCE)
            return self.clock.actor(state)
        seats = state.active_seats()
        if len(seats) != 1:
            raise pyspiel.SpielError(f"{len(seats)} seats act at once; not a sequential state")
        return seats[0]

    def legal_actions(self, player: int | None = None) -> list[int]:
        """pyspiel's ``legal_actions``, answered from Python for the player to act.

        Through C++ each call asks ``current_player`` and ``_legal_actions`` anew and
        converts the list twice; a learner asks once or twice a step. The ids are kept
        until the next action (a fresh list each call, as pyspiel gives); chance nodes,
        terminal states and other players go to pyspiel's own method.
        """
        current = self.current_player()
        if current < 0 or (player is not None and player != current):
            found = super().legal_actions() if player is None else super().legal_actions(player)
            return list(found)
        if self._legal is None:
            self._legal = self._legal_actions(current)
        return list(self._legal)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """pyspiel's ``observation_tensor``, filled from Python without its detours.

        pyspiel's own call builds the initial state's tensor to learn the size, then the
        state's, and copies each of Kalooki's 4,791 floats into a list. Here the tensor
        comes from ``observe_state`` once and only its non-zero entries are written into
        a list of zeros. Same values as through the observer (``make_observation``),
        which C++ callers still use; an invalid player goes to pyspiel (its error).
        """
        if player is None:
            player = self.current_player()
        if not 0 <= player < self.shared.players:
            return list(super().observation_tensor(player))
        return _as_list(self.shared.tensor(self, player), self.shared.zeros)

    def _legal_actions(self, player: int) -> list[int]:
        enc, state = self.shared.encoder, self.box.state
        ids = enc.legal_ids(state.legal_actions(player), self.prefix)
        if self.clock is not None and self.clock.may_wait(state):
            ids = sorted({*ids, enc.action_id(WAIT)})
        return ids

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.dealing:
            return _BYTE_OUTCOMES
        if self.clock is not None and self.pending is None:
            return self.clock.order_outcomes(self.box.state)
        assert self.pending is not None
        seat, action = self.pending
        return self.shared.encoder.chance_outcomes(self.box.state, seat, action)

    def _apply_action(self, action_id: int) -> None:
        try:
            self._apply(action_id)
        finally:
            self._player = self._legal = None

    def _apply(self, action_id: int) -> None:
        enc = self.shared.encoder
        if self.box is self.shared.blank and not self.dealing:
            self.box = EngineBox(self.box.state.clone())
        state = self.box.state
        if self.digests and not self.trail and not self.dealing:
            # Views are folded into the digests lazily (search rarely asks for them):
            # keep a copy of the state the trail starts from.
            self.mark = EngineBox(state.clone())
        if self.dealing:
            shared = self.shared
            if not 0 <= action_id < 256:
                raise pyspiel.SpielError(f"{action_id} is not a seed byte")
            self.seed_drawn = self.seed_drawn * 256 + action_id
            self.seed_count += 1
            if self.seed_count < shared.seed_bytes:
                return
            seed = self.seed_drawn
            self.box = EngineBox(shared.engine.new_state(players=shared.players, seed=seed))
            self.dealing = False
            if self.digests:
                self._fold(self.box.state, -1, ())
            return
        entry: tuple[Any, ...]
        if self.clock is not None and self.pending is None and self.clock.needs_order(state):
            self.clock.set_order(state, action_id)
            entry = ("mark", f"|order{self.clock.order}")
        elif self.pending is not None:
            seat, action = self.pending
            enc.apply_chance(state, seat, action, action_id)
            state.play(seat, action)
            self.pending = None
            entry = ("chance", seat, action, action_id)
        else:
            seat = self.current_player()
            self.plies += 1
            steps = (*self.prefix, action_id)
            action = enc.finish(steps)
            self.prefix = () if action is not None else steps
            if action is None:
                entry = ("same", seat, steps)
            elif enc.needs_chance(state, seat, action):
                if action not in state.legal_actions(seat):
                    raise pyspiel.SpielError(f"{action} is not legal for seat {seat}")
                self.pending = (seat, action)
                entry = ("same", -1, ())
            elif self.clock is not None and action == WAIT:
                self.clock.apply(state, seat, action)
                entry = ("mark", f"|wait{seat}")  # the model's decisions are public
            elif self.clock is not None:
                self.clock.apply(state, seat, action)
                entry = ("act", seat, action)
            else:
                # Like OpenSpiel's own games, applying an id legal_actions did not give
                # is undefined: the engine's unchecked play skips the rules' check.
                state.play(seat, action)
                entry = ("act", seat, action)
        if self.digests:
            self.trail.append(entry)

    def _fold(self, state: State, actor: int, prefix: tuple[int, ...], note: str = "") -> None:
        """Fold each seat's view of ``state`` (and a public ``note``) into its digest."""
        for seat, before in enumerate(self.digests):
            text = before + view_text(state, seat) + note
            if seat == actor:  # only the acting seat knows its unfinished action
                text += f"|{prefix}"
            self.digests[seat] = hashlib.blake2b(text.encode(), digest_size=16).hexdigest()

    def sync(self) -> None:
        """Bring the digests up to date by replaying the trail on the marked copy."""
        if not self.trail:
            return
        assert self.mark is not None
        replay, enc = self.mark.state, self.shared.encoder
        for entry in self.trail:
            if entry[0] == "act":
                replay.play(entry[1], entry[2])
                self._fold(replay, -1, ())
            elif entry[0] == "mark":
                self._fold(replay, -1, (), entry[1])
            elif entry[0] == "chance":
                enc.apply_chance(replay, entry[1], entry[2], entry[3])
                replay.play(entry[1], entry[2])
                self._fold(replay, -1, ())
            else:
                self._fold(replay, entry[1], entry[2])
        self.trail = []
        self.mark = None

    def _action_to_string(self, player: int, action_id: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self.shared.encoder.chance_to_string(action_id)
        return self.shared.encoder.action_to_string(action_id)

    def is_terminal(self) -> bool:
        return (
            self.pending is None
            and not self.dealing
            and (self.box.state.is_over() or self.plies >= self.shared.max_plies)
        )

    def returns(self) -> list[float]:
        state = self.box.state
        return rank_returns(state.result(), self.shared.players)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state the seat cannot tell from this one: hidden parts drawn by sample_state."""
        seed = int(probability_sampler() * 2**31)
        self.sync()
        view = self.box.state.view(player_id)
        own = self.box
        # Clone with the sampled engine state in place: cheaper than copying our own.
        self.box = EngineBox(self.shared.engine.sample_state(view, player_id, seed))
        try:
            world = self.clone()
        finally:
            self.box = own
        world._player = world._legal = None  # another world: ask again
        return world

    def __str__(self) -> str:
        view = self.box.state.view(None)
        pending = f" pending={self.pending[1]}" if self.pending else ""
        return json.dumps(view, sort_keys=True, separators=(",", ":")) + pending


class SpieltischObserver:
    """OpenSpiel's PyObserver: observations from a seat's view, info states from history.

    The information-state tensor (perfect recall) is the observation tensor of the seat's
    current view followed by ``recall``: the ``RECALL_BITS`` bits of a digest of the
    information state string, i.e. of every view the seat has seen (or, where every action
    is public, of the history). Two states give the same tensor exactly when the seat
    cannot tell them apart (barring digest collisions); the view part carries the
    learnable features, the recall part the distinction between histories that end in
    the same view. Observation types other than a seat's own (public-only, all players)
    are refused.
    """

    def __init__(self, shared: _Shared, perfect_recall: bool, params: _Params | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.shared = shared
        self.perfect_recall = perfect_recall
        enc = shared.encoder
        size = int(np.prod(enc.observation_shape))
        self.tensor = np.zeros(size + (RECALL_BITS if perfect_recall else 0), np.float32)
        self.dict: dict[str, Any] = {}
        start = 0
        pieces = list(enc.observation_names())
        if perfect_recall:
            pieces.append(("recall", (RECALL_BITS,)))
        for piece, shape in pieces:
            n = int(np.prod(shape))
            self.dict[piece] = self.tensor[start : start + n].reshape(shape)
            start += n

    def set_from(self, state: SpieltischState, player: int) -> None:
        size = self.tensor.size - (RECALL_BITS if self.perfect_recall else 0)
        self.tensor[:size] = self.shared.tensor(state, player)
        if self.perfect_recall:
            self.tensor[size:] = recall_bits(self.string_from(state, player))

    def string_from(self, state: SpieltischState, player: int) -> str:
        if self.perfect_recall:
            if self.shared.chain:
                state.sync()
                return f"p{player}:{len(state.history())}:{state.digests[player]}"
            history = ",".join(str(a) for a in state.history())
            return f"p{player}:{history}"
        text = view_text(state.box.state, player)
        if state.prefix and player == state.current_player():
            text += f"|{state.prefix}"
        return text


def _as_list(tensor: Any, zeros: list[float]) -> list[float]:
    """``tensor.tolist()`` for a mostly zero float32 tensor, at a fraction of its cost:
    a copy of ``zeros`` with the non-zero entries written in. They are found in a
    boolean copy of the bit patterns: numpy scans booleans several times faster than
    floats or integers (a ``-0.0`` would be written as itself)."""
    out = zeros.copy()
    where = tensor.view(np.int32).astype(np.bool_).nonzero()[0]
    for i, value in zip(where.tolist(), tensor[where].tolist(), strict=True):
        out[i] = value
    return out


def _one_seat(kind: Any) -> bool:
    """Whether an observation type is what one seat sees (public and its own private)."""
    return bool(kind.public_info) and kind.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER


def _seeded(chance: bool, enc: Encoder) -> bool:
    """Whether the game's chance is told as one draw of the engine seed."""
    return chance and not enc.max_chance_outcomes


_TYPES: dict[str, Any] = {}
_BYTE_OUTCOMES = [(b, 1.0 / 256) for b in range(256)]


def _game_class(name: str) -> type[SpieltischGame]:
    """A subclass per game, registered like OpenSpiel's own Python games.

    A class rather than a closure: a closure holding a ``GameType`` object would be freed
    by pyspiel's registry at interpreter exit without the GIL, which aborts Python.
    """

    def init(self: SpieltischGame, params: _Params | None = None) -> None:
        SpieltischGame.__init__(self, name, _TYPES[name], params)

    title = "".join(part.capitalize() for part in name.split("_"))
    return type(f"Spieltisch{title}Game", (SpieltischGame,), {"__init__": init})


def register_all() -> list[str]:
    """Register every encoded game with pyspiel (done on import); returns the short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for name in encoded_games():
        if name not in game_names():
            continue
        short = PREFIX + name
        if short not in registered:
            _TYPES[name] = game_type(name)
            pyspiel.register_game(_TYPES[name], _game_class(name))
        names.append(short)
    return names


def load_game(name: str, **params: Any) -> Any:
    """``pyspiel.load_game("spieltisch_<name>", params)``, with plain keyword arguments."""
    return pyspiel.load_game(PREFIX + name, params)


def _load_with_params(name: str, params: _Params) -> Any:
    """Unpickling a game: load it again (registering the games in a fresh process)."""
    return pyspiel.load_game(PREFIX + name, params)


def history_from_record(record: dict[str, Any], seed_bytes: int = DEFAULT_SEED_BYTES) -> list[int]:
    """The OpenSpiel action history (chance outcomes included) of an engine record.

    Replaying the record through the engine tells what each chance event drew, so a game
    played on the table can be followed move by move in OpenSpiel. For a game whose
    chance is the engine seed, the history starts with that seed, which must then be
    below ``256 ** seed_bytes``.

    :raises ValueError: for Halli Galli, whose table records know no reaction rounds.
    """
    engine = load(record["game"], **record["options"])
    enc = encoder(engine)
    if enc.make_clock() is not None:
        raise ValueError(
            f"{engine.info.name} records have no reaction rounds to follow in OpenSpiel"
        )
    state = engine.new_state(players=record["players"], seed=record["seed"])
    history: list[int] = []
    if _seeded(engine.info.chance, enc):
        seed = int(record["seed"])
        if not 0 <= seed < 256**seed_bytes:
            raise ValueError(f"seed {seed} does not fit in {seed_bytes} bytes")
        history = list(seed.to_bytes(seed_bytes, "big"))
    for step in record["actions"]:
        seat = int(step["seat"])
        action = engine.action_from_json(step["action"])
        chance = enc.needs_chance(state, seat, action)
        events = state.apply(seat, action)
        history.extend(enc.split(action))
        if chance:
            history.append(enc.revealed_outcome(events))
    return history


SHORT_NAMES = register_all()
