"""Tips: the rules bot's move for a seat, on request (``POST
/api/tables/{id}/seats/{seat}/tip``, :mod:`.lobby`).

The first real game after a lesson is played with tips: its table is made with
``tips`` (:class:`.setup.TableSetup`), never rated, and only for games with turns
(Halli Galli's bell is a race; its coach already says when to ring). A tip is what the
game's ``rules`` bot would play for the asking seat, worked out from that seat's own
view exactly as a bot at the table is asked (``plan(view, seat, clock)``), so it shows
nothing the seat does not already see. Only the seat's own token asks; each seat gets
a few tips per second (``hint_rate``, ``hint_burst``), so a flood costs a refusal, not
a bot's thinking.
"""

from __future__ import annotations

import asyncio
from typing import Any

from spieltisch.bots.ladder import RULES
from spieltisch.engine import load

from .context import TableContext
from .errors import ApiError, ErrorCode
from .security import KeyedLimiter, hash_token


class Tips:
    """Answers tips for the tables this process runs (see the module)."""

    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx
        settings = ctx.settings
        self.limiter = KeyedLimiter(settings.hint_rate, settings.hint_burst)

    async def on(self, table_id: str) -> bool:
        """Whether the table gives tips (public: it is how the table was made).

        :raises ApiError: ``table/not_found``.
        """
        record = await self.ctx.record(table_id)
        stored = await self.ctx.db(self.ctx.store.table_settings, record.id)
        return bool(stored.get("tips")) and not stored.get("rated")

    async def tip(self, table_id: str, seat: int, token: str) -> dict[str, Any]:
        """The rules bot's move for ``seat`` now, in the game's notation.

        :raises ApiError: ``auth/bad_token`` (not this seat's token),
            ``request/rate_limited``, ``hint/tips_rated``, ``hint/tips_off``,
            ``table/not_running``, ``hint/not_your_turn``; ``table/not_found``, and
            ``table/not_live`` where the table does not run here.
        """
        ctx = self.ctx
        if table_id not in ctx.tables:
            await ctx.record(table_id)  # no such table: table/not_found
        live = ctx.live(table_id)
        seats = live.record.seats
        if not 0 <= seat < len(seats) or not seats[seat].holds(hash_token(token)):
            raise ApiError(ErrorCode.AUTH_BAD_TOKEN, f"this token is not seat {seat}'s")
        if not self.limiter.take(f"{table_id}:{seat}"):
            raise ApiError(ErrorCode.REQUEST_RATE_LIMITED, "too many tips; slow down")
        stored = await ctx.db(ctx.store.table_settings, table_id)
        if stored.get("rated"):
            raise ApiError(ErrorCode.HINT_TIPS_RATED, "a rated table gives no tips")
        if not stored.get("tips"):
            raise ApiError(ErrorCode.HINT_TIPS_OFF, "this table was made without tips")
        rt = live.runtime
        if rt is None or rt.is_over():
            raise ApiError(ErrorCode.TABLE_NOT_RUNNING, "the game is not running")
        view = rt.view(seat)
        if not view.get("legal_actions"):
            raise ApiError(ErrorCode.HINT_NOT_YOUR_TURN, f"seat {seat} has nothing to do now")
        ply = rt.ply
        game = load(live.record.game, **live.record.options)
        bot = ctx.bot(game, table_id, seat, RULES, table_seed=live.record.seed)
        plan = await asyncio.to_thread(bot.plan, view, seat, 0.0)
        return {"seat": seat, "ply": ply, "action": str(plan.action)}
