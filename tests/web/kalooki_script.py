"""A scripted Kalooki deal for the browser test, planned with the engine.

The browser test needs one deal in which, within the first turns, a player opens with
several melds (KA-R3), the other takes the pile, tries to throw the taken card back
(refused, KA-R4), opens, builds on the first player's meld (KA §Bauen) and somebody swaps
a joker (KA-R5). ``plan(seed)`` plays such a deal greedily from the seat views and returns
the actions, or ``None`` when the seed's cards do not allow it; ``find_seed`` searches.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from spieltisch.engine import IllegalAction
from spieltisch.engine.game import State
from spieltisch.engine.registry import load
from spieltisch.games.kalooki.cards import counts_of, parse_face
from spieltisch.games.kalooki.melds import token_name
from spieltisch.games.kalooki.meldsearch import best_opening


@dataclass
class Script:
    seed: int
    steps: list[tuple[int, str]] = field(default_factory=list)
    """(seat, action) in order; a refused attempt is marked with ``refused:``."""


def _legal(state: State, seat: int, text: str) -> str | None:
    """The legal action's own spelling of ``text`` (cards may be listed in any order)."""
    want = state.game.parse_action(text)
    for a in state.legal_actions(seat):
        if a == want:
            return str(a)
    return None


def _open(state: State, seat: int, script: Script, min_melds: int) -> bool:
    hand = state.view(seat)["hand"]
    value, melds = best_opening(counts_of([parse_face(c) for c in hand]), 1)
    if value < 51 or len(melds) < min_melds:
        return False
    for meld in melds:
        text = _legal(state, seat, "meld " + " ".join(token_name(t) for t in meld))
        if text is None:
            return False
        state.apply(seat, state.game.parse_action(text))
        script.steps.append((seat, text))
    return True


def _first(state: State, seat: int, prefix: str, owner: int | None = None) -> str | None:
    view = state.view(seat)
    owners = {m["id"]: m["owner"] for m in view["melds"]}
    for a in view["legal_actions"]:
        if not a.startswith(prefix):
            continue
        if owner is not None and owners.get(int(a.split()[1])) != owner:
            continue
        if prefix == "build " and "JK" in a:
            continue
        return str(a)
    return None


def _do(state: State, seat: int, text: str | None, script: Script) -> bool:
    if text is None or state.is_over():
        return False
    state.apply(seat, state.game.parse_action(text))
    script.steps.append((seat, text))
    return not state.is_over()


def _swap_and_place(state: State, seat: int, script: Script) -> bool:
    swap = _first(state, seat, "swap ")
    if swap is None or not _do(state, seat, swap, script):
        return False
    view = state.view(seat)
    place = next((a for a in view["legal_actions"] if "JK" in a and a.startswith("build ")), None)
    place = place or next((a for a in view["legal_actions"] if a.startswith("meld ")), None)
    return _do(state, seat, place, script)


def plan(seed: int) -> Script | None:
    state = load("kalooki").new_state(2, seed=seed)
    script = Script(seed)
    _do(state, 0, "draw stock", script)
    if not _open(state, 0, script, 2):
        return None
    discard = _first(state, 0, "discard ")
    if not _do(state, 0, discard, script) or discard is None:
        return None
    _do(state, 1, "draw discard", script)
    taken = discard.split()[1]
    try:
        state.apply(1, state.game.parse_action(f"discard {taken}"))
        return None
    except IllegalAction as exc:
        if exc.rule != "KA-R4":
            return None
    script.steps.append((1, f"refused:discard {taken}"))
    if not _open(state, 1, script, 1):
        return None
    if not _do(state, 1, _first(state, 1, "build ", owner=0), script):
        return None
    swapped = _swap_and_place(state, 1, script)
    if not _do(state, 1, _first(state, 1, "discard "), script):
        return None
    if not swapped:
        if not _do(state, 0, "draw stock", script) or not _swap_and_place(state, 0, script):
            return None
        if not _do(state, 0, _first(state, 0, "discard "), script):
            return None
    return script


def find_seed(start: int = 0, tries: int = 20_000) -> Script | None:
    for seed in range(start, start + tries):
        script = plan(seed)
        if script is not None:
            return script
    return None


if __name__ == "__main__":
    found = find_seed()
    print(found)
