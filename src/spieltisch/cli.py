"""The ``spieltisch`` command line: play in the terminal, list games, measure.

``play`` runs a game against bots through the public engine API only (views in, actions
out), so it works for every registered game; a game looks good when it has a drawing in
``spieltisch.terminal``. Input is read line by line, so a game can be piped in.
``bench`` and ``duel`` print measurements made by :mod:`spieltisch.benchmark`.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from spieltisch import bots
from spieltisch.arena.cli import arena as arena_command
from spieltisch.benchmark import duel as run_duel
from spieltisch.engine import (
    Event,
    Game,
    IllegalAction,
    InvalidNotation,
    SpieltischError,
    State,
    game_class,
    game_names,
    load,
)
from spieltisch.review.cli import review as review_command
from spieltisch.rulescore import core_build
from spieltisch.terminal import LANGS, Face, face, text

app = typer.Typer(
    name="spieltisch",
    help="A games table for Halali, Halli-Galli-Extreem, Hydra and Kalooki.",
    no_args_is_help=True,
    add_completion=False,
)

HELP_WORDS = ("help", "?", "hilfe")
QUIT_WORDS = ("quit", "exit", "q", "ende")
BOARD_WORDS = ("board", "brett")


def _fail(message: str) -> typer.Exit:
    Console(stderr=True).print(f"[bold red]error:[/] {escape(message)}", highlight=False)
    return typer.Exit(2)


SERVER_EXTRA = "pip install 'spieltisch[server]'"
_SERVER_PACKAGES = frozenset(
    {
        "fastapi",
        "starlette",
        "uvicorn",
        "sqlalchemy",
        "psycopg",
        "asyncpg",
        "redis",
        "argon2",
        "orjson",
    }
)


def _without_server(exc: ModuleNotFoundError) -> typer.Exit:
    """The one line a light install (no extra ``server``) gets from a server command."""
    if (exc.name or "").split(".")[0] not in _SERVER_PACKAGES:
        raise exc
    return _fail(f"this command needs the web server's packages: {SERVER_EXTRA}")


def _load(name: str, options: list[str] | None) -> Game:
    """Load ``name`` with ``key=value`` options typed according to the game's metadata."""
    given: dict[str, Any] = {}
    declared = {o.name: o for o in game_class(name).info.options}
    for item in options or []:
        key, sep, raw = item.partition("=")
        if not sep:
            raise InvalidNotation(f"an option is written key=value, not {item!r}")
        kind = declared[key].kind if key in declared else str
        value: Any = raw
        if kind is int:
            value = int(raw)
        elif kind is bool:
            value = raw.lower() in ("1", "true", "yes", "on")
        given[key] = value
    return load(name, **given)


# -- play --------------------------------------------------------------------------------
@app.command()
def play(
    game: Annotated[str, typer.Argument(help="The game, e.g. halali.")],
    seat: Annotated[int, typer.Option("--seat", "-s", help="Your seat (0 moves first).")] = 0,
    bot: Annotated[
        str | None, typer.Option("--bot", "-b", help="Bot level (default: the rules bot).")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the deal (default: random).")] = None,
    lang: Annotated[str, typer.Option("--lang", "-l", help="Language: de or en.")] = "en",
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Rule option key=value.")
    ] = None,
) -> None:
    """Play GAME in the terminal against bots in the other seats."""
    if lang not in LANGS:
        raise _fail(f"--lang must be one of {', '.join(LANGS)}")
    console = Console(highlight=False)
    try:
        rules = _load(game, option)
        state = rules.new_state(seed=secrets.randbelow(10**6) if seed is None else seed)
        if not 0 <= seat < state.players:
            raise SpieltischError(
                text(lang, "no_seat", game=game, last=state.players - 1, seat=seat)
            )
        level = bot or _default_level(rules)
        players = {
            s: bots.make(rules, level, seed=state.seed * 31 + s)
            for s in range(state.players)
            if s != seat
        }
    except (SpieltischError, KeyError, ValueError) as exc:
        raise _fail(str(exc)) from None
    look = face(rules)
    console.print(
        text(
            lang,
            "welcome",
            title=rules.info.title,
            seat=seat,
            bots=len(players),
            level=level,
        )
        + f"  (seed {state.seed})",
        style="bold",
    )
    try:
        finished = _play_loop(console, state, seat, players, look, lang, _read_line(console))
    except KeyboardInterrupt:
        console.print(f"\n{text(lang, 'quit')}")
        return
    if not finished:
        return
    view = state.view(seat)
    console.print(look.render(view, lang))
    console.print(look.result(view, lang, seat))


def _default_level(game: Game) -> str:
    """The game's rules bot: it answers at once, where the search levels think for seconds."""
    ladder = bots.levels(game)
    return "rules" if "rules" in ladder else ladder[-1]


def _read_line(console: Console) -> Callable[[str], str | None]:
    def read(prompt: str) -> str | None:
        try:
            return console.input(f"[bold]{prompt}>[/] ")
        except EOFError:
            return None

    return read


def _play_loop(
    console: Console,
    state: State,
    human: int,
    players: dict[int, bots.Bot],
    look: Face,
    lang: str,
    read: Callable[[str], str | None],
) -> bool:
    """Run the game to its end; False if the human quit."""
    game = state.game
    drawn = False
    last: str | None = None
    while not state.is_over():
        active = state.active_seats()
        seat = human if human in active else active[0]
        if seat != human:
            who = f"{text(lang, 'bot')} {seat}"
            action = _think(console, players[seat], state, seat, text(lang, "thinking", who=who))
            _tell(console, look, lang, human, who, str(action), state.apply(seat, action))
            last = str(action)
            drawn = False
            continue
        view = state.view(human)
        if not drawn:
            console.print(look.render(view, lang, last=last))
            drawn = True
        line = read(text(lang, "prompt"))
        if line is None:
            console.print(text(lang, "eof"))
            return False
        entry = line.strip()
        word = entry.lower()
        if not entry:
            continue
        if word in QUIT_WORDS:
            console.print(text(lang, "quit"))
            return False
        if word in HELP_WORDS:
            _help(console, view["legal_actions"], lang)
            continue
        if word in BOARD_WORDS:
            drawn = False
            continue
        try:
            action = game.parse_action(entry)
        except InvalidNotation as exc:
            console.print(text(lang, "unreadable", text=entry, message=exc), style="red")
            continue
        try:
            events = state.apply(human, action)
        except IllegalAction as exc:
            message = text(lang, "illegal", rule=exc.rule, message=exc.message)
            console.print(message, style="red")
            continue
        _tell(console, look, lang, human, text(lang, "you"), str(action), events)
        drawn = False
    return True


def _think(console: Console, bot: bots.Bot, state: State, seat: int, message: str) -> Any:
    """The bot's action; a spinner shows that it is thinking when someone is watching."""
    if not console.is_terminal:
        return bot.plan(state.view(seat), seat, 0.0).action
    with console.status(message):
        return bot.plan(state.view(seat), seat, 0.0).action


def _tell(
    console: Console,
    look: Face,
    lang: str,
    human: int,
    who: str,
    action: str,
    events: list[Event],
) -> None:
    """Print an action and what it caused, one line each."""
    console.print(f"[bold]{text(lang, 'plays', who=who, action=action)}[/]")
    for event in events:
        line = look.describe(event, lang, human)
        if line:
            console.print(f"  {line}")


def _help(console: Console, legal: list[str], lang: str) -> None:
    """Legal actions grouped by their first word (``flip``, a square, ...)."""
    groups: dict[str, list[str]] = {}
    for action in legal:
        head = action.replace("-", " ").split(" ", 1)[0]
        groups.setdefault(head, []).append(action)
    console.print(f"[bold]{text(lang, 'help_title')}[/] ({len(legal)}):")
    for head, actions in groups.items():
        if head.isalpha() and len(actions) > 1:
            rest = " ".join(a.split(" ", 1)[-1] for a in actions)
            console.print(f"  {head}: {rest}")
        else:
            console.print(Columns(actions, padding=(0, 2)))
    console.print(text(lang, "help_syntax"), style="dim")


# -- games -------------------------------------------------------------------------------
@app.command(name="games")
def list_games(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the games with their players, rule options and bot levels."""
    infos = [game_class(name).info for name in game_names()]
    ladders = {info.name: bots.levels(load(info.name)) for info in infos}
    if as_json:
        data = [{**i.to_json(), "bot_levels": ladders[i.name]} for i in infos]
        typer.echo(json.dumps(data, indent=2))
        return
    table = Table(title="spieltisch")
    for column in ("game", "players", "options", "levels"):
        table.add_column(text("en", column))
    for info in infos:
        players = f"{info.min_players}–{info.max_players}"
        if info.min_players == info.max_players:
            players = str(info.min_players)
        options = "\n".join(
            f"{o.name} = {o.default!r}"
            + (f"  ({' | '.join(map(str, o.values() or ()))})" if o.choices else "")
            for o in info.options
        )
        table.add_row(
            f"[bold]{info.name}[/]\n{info.title}",
            players,
            options,
            ", ".join(ladders[info.name]),
        )
    Console().print(table)


# -- measurements ------------------------------------------------------------------------
@app.command()
def bench(
    count: Annotated[
        int, typer.Option("--games", "-n", min=1, help="Games per row and round.")
    ] = 50,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    game: Annotated[
        list[str] | None, typer.Option("--game", "-g", help="Only this game (repeatable).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the games and of the random choices.")] = 0,
    peers: Annotated[
        bool,
        typer.Option(
            "--peers", help="Also OpenSpiel's and RLCard's games, if installed, and the ratios."
        ),
    ] = False,
    rounds: Annotated[
        int,
        typer.Option(
            "--rounds", "-r", min=1, help="Rounds; every other round runs the rows reversed."
        ),
    ] = 3,
) -> None:
    """Random playouts per second (CPU time), min/median/max over rounds.

    With --peers, Kalooki (2 players) is measured against gin rummy and Hydra against
    hearts, bare engines and learning environments apart; see spieltisch.peers for
    what is counted.
    """
    from spieltisch.peers import PEER_ROWS, Row, measure, our_rows

    names = game or game_names()
    for name in names:
        try:
            game_class(name)
        except SpieltischError as exc:
            raise _fail(str(exc)) from None
    rows = our_rows(names, with_peers=peers)
    if peers:
        rows.extend(PEER_ROWS)
    console = Console(stderr=as_json)
    if not console.is_terminal:  # piped into a file or a document: no wrapped cells
        console = Console(stderr=as_json, width=max(console.width, 150))
    try:
        with console.status("measuring ...") as status:

            def progress(n: int, row: Row) -> None:
                which = "warm-up" if n < 0 else f"round {n + 1}/{rounds}"
                status.update(f"{which}: {row.label}, {count} random games")

            measured = measure(rows, count, rounds, seed=seed, progress=progress)
    except SpieltischError as exc:
        raise _fail(str(exc)) from None
    data = measured.to_json()
    if peers:  # a ratio to a C++ peer means little without knowing which core ran
        data["core"] = core_build().describe()
        console.print(f"spieltisch: {data['core']}", markup=False)
    for label in measured.missing:
        console.print(f"{label}: not installed (pip install 'spieltisch[peers]')", markup=False)
    if as_json:
        typer.echo(json.dumps({"seed": seed, "rounds": rounds, "games": count, **data}, indent=2))
        return

    def mmm(values: dict[str, float], fmt: str) -> str:
        return " / ".join(format(values[k], fmt) for k in ("min", "median", "max"))

    table = Table(
        title=f"Random playouts, CPU time: {count} games per row, {rounds} rounds, seed {seed}"
    )
    table.add_column(text("en", "game"))
    table.add_column("kind")
    table.add_column(text("en", "plies"), justify="right")
    table.add_column("Deals/game", justify="right")
    table.add_column("Playouts/s min / median / max", justify="right")
    table.add_column("Steps/s min / median / max", justify="right")
    for row in data["results"]:
        table.add_row(
            row["game"],
            row["kind"],
            f"{row['plies_per_game']:.1f}",
            f"{row['deals_per_game']:.2f}",
            mmm(row["playouts_per_second"], ",.1f"),
            mmm(row["steps_per_second"], ",.0f"),
        )
    console.print(table)
    if data["ratios"]:
        ratios = Table(title="Ours / peer, ratio per round: min / median / max")
        for column in ("ours", "peer", "kind", "per game", "per deal", "per step"):
            ratios.add_column(column, justify="left" if column in ("ours", "peer") else "right")
        for r in data["ratios"]:
            ratios.add_row(
                r["ours"],
                r["peer"],
                r["peer_kind"],
                *(mmm(r[f"per_{m}"], ".2f") + "x" for m in ("game", "deal", "step")),
            )
        console.print(ratios)


@app.command()
def duel(
    game: Annotated[str, typer.Argument(help="The game, e.g. halali.")],
    first: Annotated[str, typer.Argument(help="Bot level measured, e.g. rules.")],
    second: Annotated[str, typer.Argument(help="Bot level in the other seats, e.g. random.")],
    count: Annotated[int, typer.Option("--games", "-n", min=1, help="Matches to play.")] = 200,
    seed: Annotated[int, typer.Option(help="Seed of the first match.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Play FIRST against SECOND, seats rotated, and report FIRST's results."""
    console = Console(stderr=as_json)
    try:
        with console.status(f"{game}: {first} vs {second}") as status:

            def progress(done: int) -> None:
                status.update(f"{game}: {first} vs {second}, {done}/{count} matches")

            stats = run_duel(game, first, second, count, seed=seed, progress=progress)
    except SpieltischError as exc:
        raise _fail(str(exc)) from None
    if as_json:
        typer.echo(json.dumps(stats.to_json(), indent=2))
        return
    table = Table(title=f"{game}: {first} vs {second}, {count} matches from seed {seed}")
    for column in ("won", "drawn", "lost", "win rate", "points", "ms/move"):
        table.add_column(column, justify="right")
    data = stats.to_json()
    table.add_row(
        str(stats.wins),
        str(stats.draws),
        str(stats.losses),
        f"{stats.win_rate:.1%}",
        f"{stats.points_a:g} : {stats.points_b:g}",
        f"{data['ms_per_move_a']:.2f}",
    )
    console.print(table)
    for colour, (won, drawn, lost) in (stats.per_colour or {}).items():
        console.print(f"  single games as {colour}: {won} won, {drawn} drawn, {lost} lost")


# -- the games table ----------------------------------------------------------------------
SettingsFile = Annotated[
    str | None,
    typer.Option(
        help="A settings file of SPIELTISCH_NAME=value lines.", envvar="SPIELTISCH_SETTINGS_FILE"
    ),
]
SetOption = Annotated[
    list[str] | None,
    typer.Option("--set", help="NAME=VALUE: one setting (spieltisch config lists them)."),
]


def _pairs(items: list[str] | None) -> dict[str, str]:
    """``--set NAME=VALUE`` options as a mapping; a malformed one stops with a message."""
    pairs: dict[str, str] = {}
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise _fail(f"--set takes NAME=VALUE, not {item!r}")
        pairs[name.strip().lower()] = value
    return pairs


@app.command()
def serve(
    host: Annotated[
        str,
        typer.Option(
            help="Address to listen on; 0.0.0.0 lets friends on the network join.",
            envvar="SPIELTISCH_HOST",
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None, typer.Option(help="SQLAlchemy URL (default: SQLite file spieltisch.db).")
    ] = None,
    bot_delay: Annotated[
        float | None, typer.Option(help="Seconds a bot waits before moving.")
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            help="Address friends use (a name or a proxy); invite links start there.",
            envvar="SPIELTISCH_PUBLIC_URL",
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            help="Redis URL: serve beside other processes on the same PostgreSQL --db.",
            envvar="SPIELTISCH_REDIS",
        ),
    ] = None,
    settings: SettingsFile = None,
    set_: SetOption = None,
) -> None:
    """Serve the games table in the browser (lobby, live tables, replays)."""
    try:
        from spieltisch.server.main import serve as run_server
        from spieltisch.server.settings import public_url as checked_url
    except ModuleNotFoundError as exc:
        raise _without_server(exc) from None

    try:
        public = checked_url(public_url)
    except ValueError as exc:
        raise _fail(str(exc)) from None
    typer.echo(f"spieltisch: {core_build().describe()}", err=True)
    run_server(
        host,
        port,
        db,
        bot_delay=bot_delay,
        public=public,
        redis=redis,
        settings_file=settings,
        overrides=_pairs(set_),
    )


@app.command()
def config(
    settings: SettingsFile = None,
    set_: SetOption = None,
    markdown: Annotated[
        bool, typer.Option(help="Print the table of every setting (docs/operations.md).")
    ] = False,
    update_docs: Annotated[
        str | None, typer.Option(help="Rewrite the settings table in this Markdown file.")
    ] = None,
) -> None:
    """Print the settings a server started here would use (passwords masked): the
    environment, the settings file and --set, over the defaults."""
    from pathlib import Path

    from spieltisch.server.settings import SettingsError, load
    from spieltisch.server.settingsdoc import effective, table, update

    if markdown:
        typer.echo(table(), nl=False)
        return
    if update_docs:
        try:
            changed = update(Path(update_docs))
        except (OSError, ValueError) as exc:
            raise _fail(str(exc)) from None
        typer.echo(f"{update_docs}: {'updated' if changed else 'already current'}")
        return
    try:
        found = load(settings, _pairs(set_))
    except SettingsError as exc:
        raise _fail(str(exc)) from None
    width = max(len(name) for name, _ in effective(found))
    for name, value in effective(found):
        typer.echo(f"{name:<{width}}  {value}")


@app.command(name="export")
def export_dataset(
    files: Annotated[
        list[str],
        typer.Argument(
            help="SOURCE TARGET: JSON Lines of records or arena lines, and the dataset file "
            "to write; with --db only TARGET.",
            show_default=False,
        ),
    ],
    seat: Annotated[int | None, typer.Option(help="Redact to what this seat saw.")] = None,
    db: Annotated[
        str | None,
        typer.Option(help="Read the server's finished games from this SQLAlchemy URL."),
    ] = None,
    schema: Annotated[str | None, typer.Option(help="PostgreSQL schema of the tables.")] = None,
    salt: Annotated[
        str | None,
        typer.Option(
            help="Key of the players' pseudonyms (with --db); the same salt gives the same "
            "pseudonyms in every export. Default: a new random one.",
            envvar="SPIELTISCH_EXPORT_SALT",
        ),
    ] = None,
) -> None:
    """Export finished games as a replayable dataset (see docs/research.md); with --db, the
    server's games, each seat's view redacted and players pseudonymised."""
    if db is not None:
        if len(files) != 1:
            raise _fail("with --db give only the dataset file to write")
        _export_store(db, files[0], seat=seat, schema=schema, salt=salt)
        return
    if len(files) != 2:
        raise _fail("give the records file and the dataset file to write (or --db URL OUT)")
    from spieltisch.interop.dataset import export_file

    source, target = files
    try:
        typer.echo(f"{export_file(source, target, seat=seat)} games written to {target}")
    except (SpieltischError, OSError) as exc:
        raise _fail(str(exc)) from None


def _export_store(
    db: str, target: str, *, seat: int | None, schema: str | None, salt: str | None
) -> None:
    """``export --db``: the store's finished tables (:mod:`spieltisch.storeexport`)."""
    try:
        from sqlalchemy import make_url
        from sqlalchemy.exc import SQLAlchemyError

        from spieltisch.store import Store
        from spieltisch.storeexport import export_tables
    except ModuleNotFoundError as exc:
        raise _without_server(exc) from None
    if seat is not None and seat < 0:
        raise _fail(f"--seat {seat} is not a seat")
    key = salt.encode() if salt else secrets.token_bytes(32)
    try:
        store = Store(db, schema=schema, create=False)
        try:
            with open(target, "w", encoding="utf-8") as out:
                done = export_tables(store, out, salt=key, seat=seat)
        finally:
            store.close()
    except (SQLAlchemyError, OSError) as exc:
        shown = make_url(db).render_as_string(hide_password=True)
        raise _fail(f"cannot export from {shown}: {str(exc).splitlines()[0]}") from None
    typer.echo(f"{done.lines} lines of {done.tables} finished games written to {target}")
    for table, why in done.skipped:
        typer.echo(f"left out table {table}: {why}", err=True)
    if not salt:
        typer.echo(
            "pseudonyms were keyed with a random salt: they link games within this file "
            "only (--salt keeps them across exports)",
            err=True,
        )


ratings_app = typer.Typer(
    help="Players' ratings: operator commands (docs/operations.md).", no_args_is_help=True
)
app.add_typer(ratings_app, name="ratings")


@ratings_app.command(name="reset")
def reset_rating(
    game: Annotated[str, typer.Option(help="The game, e.g. halali.")],
    player: Annotated[str, typer.Option(help="The player's name (any case) or id.")],
    db: Annotated[
        str | None, typer.Option(help="SQLAlchemy URL (default: SQLite file spieltisch.db).")
    ] = None,
    schema: Annotated[str | None, typer.Option(help="PostgreSQL schema of the tables.")] = None,
) -> None:
    """Reset a player's rating in a game (e.g. one farmed): his next rated game starts from
    the default again; his past games and their changes stay on his profile."""
    try:
        from spieltisch.server.ratings import display, ratable
        from spieltisch.server.settings import default_db_url
        from spieltisch.store import Store
        from spieltisch.store.players import Players
    except ModuleNotFoundError as exc:
        raise _without_server(exc) from None

    if not ratable(game):
        raise _fail(f"{game!r} is not a rated game")
    store = Store(db or default_db_url(), schema=schema)
    try:
        players = Players(store)
        found = players.credentials_by_name(player)
        record = found.player if found is not None else players.get(player)
        if record is None:
            raise _fail(f"there is no player {player!r}")
        before = players.reset_rating(game, record.id)
    finally:
        store.close()
    if before is None:
        typer.echo(f"{record.name} has no {game} rating; nothing to reset")
        return
    was = display(before.mu, before.sigma)
    typer.echo(f"{record.name}: {game} rating {was} after {before.games} games reset")


DbUrl = Annotated[
    str | None, typer.Option(help="SQLAlchemy URL (default: SQLite file spieltisch.db).")
]
DbSchema = Annotated[str | None, typer.Option(help="PostgreSQL schema of the tables.")]

admin_app = typer.Typer(
    help="Moderators: players who may moderate (docs/operations.md).", no_args_is_help=True
)
app.add_typer(admin_app, name="admin")


def _set_admin(name: str, admin: bool, db: str | None, schema: str | None) -> None:
    from spieltisch.server.settings import default_db_url
    from spieltisch.store import Store
    from spieltisch.store.moderation import Moderation
    from spieltisch.store.players import Players

    store = Store(db or default_db_url(), schema=schema)
    try:
        found = Players(store).credentials_by_name(name)
        if found is None:
            raise _fail(f"there is no player {name!r}")
        changed = Moderation(store).set_admin(found.player.id, admin, "command line")
    finally:
        store.close()
    state = "a moderator" if admin else "no moderator"
    typer.echo(f"{found.player.name} is {state}{'' if changed else ' already'}")


@admin_app.command(name="grant")
def grant_admin(
    name: Annotated[str, typer.Argument(help="The player's name (any case).")],
    db: DbUrl = None,
    schema: DbSchema = None,
) -> None:
    """Make a player a moderator: his player key opens the admin page (/admin)."""
    _set_admin(name, True, db, schema)


@admin_app.command(name="revoke")
def revoke_admin(
    name: Annotated[str, typer.Argument(help="The player's name (any case).")],
    db: DbUrl = None,
    schema: DbSchema = None,
) -> None:
    """Take a player's moderation powers away."""
    _set_admin(name, False, db, schema)


db_app = typer.Typer(
    help="The database's schema: upgrade it, see its revision (docs/operations.md).",
    no_args_is_help=True,
)
app.add_typer(db_app, name="db")


@db_app.command(name="upgrade")
def db_upgrade(db: DbUrl = None, schema: DbSchema = None) -> None:
    """Bring the database to the newest schema (what ``serve`` does at start): create
    it, adopt one made before migrations, or migrate it."""
    from spieltisch.server.settings import default_db_url
    from spieltisch.store import SchemaError, Store

    try:
        store = Store(db or default_db_url(), schema=schema)
    except SchemaError as exc:
        raise _fail(str(exc)) from None
    store.close()
    assert store.migration is not None
    typer.echo(store.migration.line())


@db_app.command(name="current")
def db_current(db: DbUrl = None, schema: DbSchema = None) -> None:
    """Print the database's schema revision and the newest this version knows."""
    from sqlalchemy import create_engine

    from spieltisch.server.settings import default_db_url
    from spieltisch.store import schema as migrations

    engine = create_engine(db or default_db_url())
    try:
        found = migrations.current(engine, schema)
    finally:
        engine.dispose()
    newest = migrations.head()
    if found is None:
        typer.echo(f"no schema revision recorded (newest known: {newest})")
    elif found not in migrations.known():
        typer.echo(f"{found} (newer than this spieltisch, which knows up to {newest})")
    else:
        typer.echo(f"{found}{' (current)' if found == newest else f' (newest: {newest})'}")


@db_app.command(name="revision")
def db_revision(
    message: Annotated[str, typer.Option("--message", "-m", help="What the change does.")],
    db: DbUrl = None,
    schema: DbSchema = None,
) -> None:
    """For developers: write a new migration in the package, generated from how the
    models differ from the database (which must be at the newest revision)."""
    from alembic import command

    from spieltisch.server.settings import default_db_url
    from spieltisch.store import schema as migrations

    number = f"{int(migrations.head()) + 1:04d}"
    cfg = migrations.config(db or default_db_url(), schema)
    command.revision(cfg, message=message, autogenerate=True, rev_id=number)


PG_BACKUP = (
    "a PostgreSQL database is backed up with pg_dump -Fc and brought back with pg_restore "
    "(docs/operations.md, Backups)"
)


def _sqlite_file(db: str | None) -> str:
    """The SQLite file of ``--db`` (default: the server's), or why there is none."""
    from spieltisch.server.settings import default_db_url, sqlite_file

    path = sqlite_file(db or default_db_url())
    if path is None:
        raise _fail(PG_BACKUP)
    return path


@app.command()
def backup(
    target: Annotated[str, typer.Argument(help="The backup file to write.")],
    db: DbUrl = None,
    force: Annotated[bool, typer.Option(help="Overwrite the backup file if it exists.")] = False,
) -> None:
    """Copy the SQLite database, also while a server runs on it: one consistent moment,
    with every commit up to it (SQLite's online backup)."""
    from spieltisch.store.backup import BackupError
    from spieltisch.store.backup import backup as copy_out

    try:
        typer.echo(copy_out(_sqlite_file(db), target, force=force).line("backed up to"))
    except BackupError as exc:
        raise _fail(str(exc)) from None


@app.command()
def restore(
    source: Annotated[str, typer.Argument(help="A backup made by spieltisch backup.")],
    db: DbUrl = None,
    force: Annotated[bool, typer.Option(help="Replace the database if it exists.")] = False,
) -> None:
    """Bring a backup back as the SQLite database, with no server running on it; the
    next start upgrades its schema if it is older."""
    from spieltisch.store.backup import BackupError
    from spieltisch.store.backup import restore as copy_in

    try:
        typer.echo(copy_in(source, _sqlite_file(db), force=force).line("restored into"))
    except BackupError as exc:
        raise _fail(str(exc)) from None


app.command(name="arena")(arena_command)
app.command(name="review")(review_command)

if __name__ == "__main__":  # pragma: no cover
    app()
