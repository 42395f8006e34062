"""Research faces: fixed action ids, observation tensors, PettingZoo, OpenSpiel, datasets.

Nothing here is imported by the rules core. The modules need the optional ``research``
extra (``pip install spieltisch[research]``: numpy, pettingzoo, open_spiel); importing
this package itself needs none of them, so ``spieltisch.interop.dataset`` works without.

- :mod:`spieltisch.interop.encoders` - per game: integer action ids, legal-action masks,
  observation tensors of a seat's view, explicit chance outcomes.
- :mod:`spieltisch.interop.pettingzoo` - ``env(game, **options)``, an AEC environment.
- :mod:`spieltisch.interop.openspiel` - the games registered with ``pyspiel``.
- :mod:`spieltisch.interop.infostate` - perfect-recall information-state tensors.
- :mod:`spieltisch.interop.policies` - the ladder bots as PettingZoo policies and
  OpenSpiel bots (baselines).
- :mod:`spieltisch.interop.bell` - Halli Galli's bell in discrete time (reaction rounds).
- :mod:`spieltisch.interop.dataset` - finished games as JSON Lines, and their replay.

See ``docs/research.md``.
"""
