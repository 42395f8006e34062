"""Hostile clients against password sign-in: strangers guessing a name's password from
other addresses cannot lock its owner out, one address guessing is slowed, the key never
waits, and an unknown name costs the same argon2 work as a known one."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spieltisch.server import Settings
from spieltisch.server import players as players_module

from .bothdbs import DATABASES, database
from .test_players import auth, new_player

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # as in conftest: Starlette's note on its HTTP client
    from fastapi.testclient import TestClient


@pytest.fixture(params=DATABASES)
def settings(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Settings]:
    """The server's settings on SQLite and on PostgreSQL (this module's ``client`` uses
    them)."""
    with database(request.param, tmp_path) as found:
        yield found


PASSWORD = "Rotkäppchen-1"


def from_address(client: TestClient, address: str) -> TestClient:
    """Another client of the same running app, seen from ``address``."""
    return TestClient(client.app, client=(address, 40000))


def sign_in(client: TestClient, name: str, password: str) -> Any:
    return client.post("/api/players/login", json={"name": name, "password": password})


def code(response: Any) -> str:
    if response.status_code == 200:
        return "ok"
    found: str = response.json()["error"]["code"]
    return found


def test_guessing_from_other_addresses_does_not_lock_the_owner_out(client: TestClient) -> None:
    ada = new_player(client, "Ada", PASSWORD)
    owner = from_address(client, "198.51.100.7")
    attackers = [from_address(client, f"203.0.113.{i}") for i in range(1, 11)]
    answers = [
        code(sign_in(attacker, "Ada", f"guess-{i:03}")) for i in range(3) for attacker in attackers
    ]
    assert set(answers) == {"player/bad_login"}  # three guesses each, from ten addresses
    mine = sign_in(owner, "ada", PASSWORD)
    assert mine.status_code == 200, mine.text  # before: player/sign_in_limited
    assert mine.json()["player"]["id"] == ada["player"]["id"]


def test_one_address_guessing_is_slowed_and_the_key_never_waits(client: TestClient) -> None:
    ada = new_player(client, "Ada", PASSWORD)
    attacker = from_address(client, "203.0.113.9")
    answers = [code(sign_in(attacker, "Ada", f"guess-{i:03}")) for i in range(8)]
    burst = players_module.SIGN_IN_BURST
    assert answers == ["player/bad_login"] * burst + ["player/sign_in_limited"] * (8 - burst)
    many = [code(sign_in(attacker, f"Name{i}", "guess-0000")) for i in range(30)]
    assert many.count("player/sign_in_limited") >= 30 - players_module.ADDRESS_BURST
    # The owner's key is never limited by the guesses at his name. (The attacker's own
    # address has spent its lobby-wide write allowance on 38 requests by now: that
    # flood limit is per address and refills with time, so the key is tried from others.)
    for i in range(3):
        r = from_address(client, f"203.0.113.{10 + i}").post(
            "/api/players/session", headers=auth(ada["key"])
        )
        assert r.status_code == 200 and r.json()["player"]["id"] == ada["player"]["id"]
    assert sign_in(client, "Ada", PASSWORD).status_code == 200  # and from his own address


def test_an_unknown_name_costs_the_same_argon2_work_as_a_wrong_password(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_player(client, "Ada", PASSWORD)
    new_player(client, "Eve")  # no password
    verified: list[str] = []
    real = players_module.PASSWORDS

    class Counting:
        def verify(self, stored: str, password: str) -> bool:
            verified.append(stored)
            return bool(real.verify(stored, password))

    monkeypatch.setattr(players_module, "PASSWORDS", Counting())
    for name in ("Ada", "Nobody", "Eve"):
        verified.clear()
        r = sign_in(client, name, "falsch-falsch")
        assert r.json()["error"]["code"] == "player/bad_login"
        assert len(verified) == 1, name  # before: no argon2 work for an unknown name
        assert verified[0].startswith("$argon2id$")
