"""The faces of this game: bots, encoder, terminal, hints, real-time adapter.

Loaded only through the game's descriptor (``game.face(kind)``); the rules modules of the
package never import them.
"""
