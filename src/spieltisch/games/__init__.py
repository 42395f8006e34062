"""The games, one package each (their descriptors register them with the engine).

``spieltisch.games()`` lists the registered games: the engine's public contract since the
first release, which outside suites call. The same name is this subpackage, so the
package itself answers the call; whatever was imported first, ``spieltisch.games`` is one
object that both lists the games and holds them. New code calls ``game_names()``.
"""

import sys
import types


class _GamesPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from spieltisch.engine.registry import game_names

        return game_names()


sys.modules[__name__].__class__ = _GamesPackage
