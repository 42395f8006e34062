"""Shared test factories: build positions directly instead of replaying long games.

``contract`` holds game-agnostic helpers (refusals that must not change the state,
random playouts), ``golden`` records and replays every game's golden playthroughs; one
module per game builds that game's states from compact diagrams.
"""
