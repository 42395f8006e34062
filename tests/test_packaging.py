"""The light core install: engine, games, CLI and research faces without the web server.

The server's packages are the extra ``server``; nothing outside ``spieltisch.server`` and
``spieltisch.store`` may import them, and the commands that need them say in one line how
to install them. Checked in subprocesses where those packages cannot be imported, and
(slow) on a wheel built from the working tree as a fresh clone would have it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import tomllib
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SERVER_PACKAGES: tuple[str, ...] = ("fastapi", "starlette", "uvicorn", "sqlalchemy", "psycopg")
SERVER_PACKAGES += ("asyncpg", "redis", "argon2", "orjson")

BLOCKER = textwrap.dedent(
    f"""
    import importlib.abc, sys

    class Blocked(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name.split(".")[0] in {SERVER_PACKAGES!r}:
                raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
            return None

    sys.meta_path.insert(0, Blocked())
    """
)
CORE = textwrap.dedent(
    """
    import spieltisch, spieltisch.cli, spieltisch.arena.cli, spieltisch.review.cli
    import spieltisch.benchmark, spieltisch.peers, spieltisch.interop.dataset
    from spieltisch.engine import game_names, load
    for name in game_names():
        game = load(name)
        for face in ("bots", "encoder", "terminal", "review", "hints"):
            game.face(face)
        state = game.new_state(seed=1)
    try:
        import pettingzoo, pyspiel
    except ImportError:
        pass
    else:
        import spieltisch.interop.pettingzoo, spieltisch.interop.openspiel
        import spieltisch.interop.gym, spieltisch.interop.vector, spieltisch.interop.policies
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in {blocked!r})
    assert not loaded, loaded
    print("core ok")
    """
).format(blocked=SERVER_PACKAGES)


def _run(
    python: str, code: str, *args: str, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [python, "-c", code, *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
        check=False,
    )


def test_the_core_never_imports_the_server_packages() -> None:
    done = _run(sys.executable, BLOCKER + CORE)
    assert done.returncode == 0, done.stderr
    assert "core ok" in done.stdout


@pytest.mark.parametrize(
    "args", [["serve"], ["ratings", "reset", "--game", "halali", "--player", "ada"]]
)
def test_server_commands_say_in_one_line_to_install_the_extra(args: list[str]) -> None:
    code = BLOCKER + "from spieltisch.cli import app\napp(sys.argv[1:])\n"
    done = _run(sys.executable, code, *args)
    assert done.returncode == 2
    said = " ".join(done.stderr.split())  # rich wraps long lines at the terminal's width
    assert "pip install 'spieltisch[server]'" in said
    assert "Traceback" not in done.stderr


def test_the_core_dependencies_leave_the_server_to_its_extra() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    core = " ".join(project["dependencies"]).lower()
    for package in ("fastapi", "uvicorn", "sqlalchemy", "psycopg", "asyncpg", "redis", "argon2"):
        assert package not in core
        assert any(package in dep for dep in project["optional-dependencies"]["server"])
    assert "spieltisch[server]" in project["optional-dependencies"]["dev"]
    makefile = (ROOT / "Makefile").read_text()
    assert "pip install --quiet -e '.[server]'" in makefile


@pytest.mark.slow
def test_a_wheel_from_a_fresh_clone_installs_and_runs_without_the_server(tmp_path: Path) -> None:
    """Build the wheel from the files a clone holds (tracked and new, not ignored), install
    it without its dependencies into a new venv that sees this venv's packages only on a
    path line (so no editable install leaks in), and run the core with the server's
    packages blocked. Offline: nothing is downloaded."""
    files = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    clone = tmp_path / "clone"
    for name in filter(None, files):
        source = ROOT / name.decode()
        if source.is_file():
            target = clone / name.decode()
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source.read_bytes())
    dist = tmp_path / "dist"
    built = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist)],
        cwd=clone,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "SPIELTISCH_PURE": "1"},  # the pure wheel: compiling takes minutes
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    (wheel,) = dist.glob("spieltisch-*.whl")
    env = tmp_path / "venv"
    venv.create(env, with_pip=True)
    python = str(env / "bin" / "python")
    installed = subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", str(wheel)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert installed.returncode == 0, installed.stderr
    site = _run(python, "import sysconfig; print(sysconfig.get_path('purelib'))")
    ours = _run(sys.executable, "import sysconfig; print(sysconfig.get_path('purelib'))")
    Path(site.stdout.strip(), "dev-packages.pth").write_text(ours.stdout.strip() + "\n")
    where = _run(python, "import spieltisch; print(spieltisch.__file__)", cwd=tmp_path)
    assert where.stdout.startswith(site.stdout.strip()), where.stdout + where.stderr
    done = _run(python, BLOCKER + CORE, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    requires = _run(
        python,
        "from importlib.metadata import requires; print('\\n'.join(requires('spieltisch')))",
        cwd=tmp_path,
    ).stdout.splitlines()
    core = [r for r in requires if "extra ==" not in r]
    assert core and not [r for r in core if r.split(">")[0] in SERVER_PACKAGES]
    assert any(r.startswith("fastapi") and 'extra == "server"' in r for r in requires)
    cli = str(env / "bin" / "spieltisch")
    blocked_cli = BLOCKER + "from spieltisch.cli import app\napp(sys.argv[1:])\n"
    games = _run(python, blocked_cli, "games", cwd=tmp_path)
    assert games.returncode == 0 and "Halali" in games.stdout, games.stderr
    served = _run(python, blocked_cli, "serve", cwd=tmp_path)
    assert served.returncode == 2 and "spieltisch[server]" in served.stderr
    assert Path(cli).exists()  # the console script came with the wheel
