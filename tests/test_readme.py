"""Every command line in the README's ```sh blocks works exactly as written, in a plain
shell, after `make run` (and the manage.py commands after `make test` alone).

The README's commands run in a copy of the project (its own `.env`, database, static
files and output files; the code, templates and `.venv` are shared by links), set up as
`make run` sets it up, with an environment holding nothing but PATH, HOME and LANG: no
DEBUG, no SECRET_KEY. Blocks run in README order, each in a fresh shell (a block's
`export` lasts to its end), sharing the database as a terminal session would.

How a few kinds of line are run, and why:
* `make ...`: not run here, but for `make setup` (what `make run` and `make test` do
  first: the .env and the database). The rest of `make run` is the set-up below and
  its server is `manage.py serve`, run here and in
  tests/tournaments/management/test_serve.py; `make test` is this suite itself (CI runs
  it); `make dev` is Django's runserver; `make lock` asks PyPI (tests/test_lock.py
  checks the lock files it makes).
* `.venv/bin/pytest ...`: with `--collect-only` added, which proves the files, `-k` and
  `-m` select tests without running the suite inside itself.
* Commands that ask for a password get their answers typed at their prompts, on a
  terminal (a pseudo-terminal).
* `manage.py serve` runs until it prints the address for the tablets, then is stopped
  as Ctrl+C stops it; the environment names a free port (PORT) so a site already
  running on 8000 does not get in the way.
* `manage.py db_worker` runs until it is stopped: here with `--batch` added, it starts,
  runs whatever is queued and exits (tests/events/booklet/test_making.py shows what a worker
  claims).
"""

from __future__ import annotations

import os
import pty
import re
import select
import shlex
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.classroom_site import free_port

BASE_DIR = Path(__file__).resolve().parents[1]
README = BASE_DIR / "README.md"
SHARED = [
    "tournaments",
    "games",
    "events",
    "scoring",
    "templates",
    "static",
    "locale",
    "seeds",
    "tests",
    "requirements",
    "deploy",
]
SHARED_FILES = ["pyproject.toml", ".venv"]

PASSWORD = "a-long-classroom-password"
#: What a person types at each prompt of the interactive commands.
ANSWERS = {
    "createteacher": [("Password: ", PASSWORD), ("Password (again): ", PASSWORD)],
    "createorganiser": [("Password: ", PASSWORD), ("Password (again): ", PASSWORD)],
    "createsuperuser": [
        ("Username", "admin"),
        ("Email address: ", "admin@school.example"),
        ("Password: ", PASSWORD),
        ("Password (again): ", PASSWORD),
    ],
}


@dataclass(frozen=True)
class Line:
    block: int
    text: str

    @property
    def command(self) -> str:
        """The line without its trailing comment (nor settings given before it)."""
        words = shlex.split(self.text, comments=True)
        while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):
            words.pop(0)
        return shlex.join(words)

    @property
    def shell_text(self) -> str:
        """The line as a shell runs it: settings before it included."""
        return shlex.join(shlex.split(self.text, comments=True))


def readme_blocks() -> list[list[Line]]:
    """The ```sh blocks, those indented in a list item too, line by line."""
    blocks = re.findall(r"^( *)```sh\n(.*?)^\1```", README.read_text(encoding="utf-8"), re.M | re.S)
    return [
        [
            Line(n, text.strip())
            for text in block.splitlines()
            if text.strip() and not text.strip().startswith("#")
        ]
        for n, (_indent, block) in enumerate(blocks)
    ]


def test_the_readme_shows_the_commands_this_test_knows_how_to_run() -> None:
    lines = [line for block in readme_blocks() for line in block]
    kinds = {line.command.split()[0] for line in lines}
    assert kinds == {"make", "export", ".venv/bin/python", ".venv/bin/pytest"}
    shown = {line.command for line in lines}
    for needed in [
        "make run",
        "make test",
        "make dev",
        "make lock",
        ".venv/bin/python manage.py make_boards 16 --dd --output week3.pbn",
    ]:
        assert needed in shown


def project_copy(folder: Path) -> Path:
    """A copy of the project in ``folder``: its own settings package (hence its own
    .env, database and static files), the rest linked."""
    shutil.copy(BASE_DIR / "manage.py", folder / "manage.py")
    shutil.copy(BASE_DIR / "Makefile", folder / "Makefile")
    # The settings package is copied, not linked: its BASE_DIR (hence .env, the database,
    # the static files) is then the copy.
    shutil.copytree(
        BASE_DIR / "minibridge",
        folder / "minibridge",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    for name in SHARED + SHARED_FILES:
        (folder / name).symlink_to(BASE_DIR / name)
    (folder / "home").mkdir()
    return folder


#: `make setup` as `make run` and `make test` run it, but neither installing into the
#: shared .venv nor compiling the shared translations (the suite has done both).
MAKE_SETUP = "make -o .venv/.runtime-installed -o translations setup"


def test_make_setup_alone_lets_the_readmes_commands_run(tmp_path: Path) -> None:
    """`make test` runs `make setup` before the suite: after it alone (no `make run`),
    a plain shell's manage.py commands find the .env and the database."""
    assert re.search(r"^pytest:.*\bsetup\b", (BASE_DIR / "Makefile").read_text(), re.M)
    folder = project_copy(tmp_path)
    before = shell(folder, ".venv/bin/python manage.py check")
    assert before.returncode != 0
    assert "SECRET_KEY must be set" in before.stderr
    made = shell(folder, MAKE_SETUP)
    assert made.returncode == 0, made.stdout + made.stderr
    assert (folder / ".env").is_file()
    for command in [
        ".venv/bin/python manage.py check",
        ".venv/bin/python manage.py migrate --check",
    ]:
        result = shell(folder, command)
        assert result.returncode == 0, command + result.stdout + result.stderr


# The suite's worker processes (pytest-xdist, --dist loadgroup) run this file's tests in
# one process: the project's copy (a module fixture) is made once.
pytestmark = pytest.mark.xdist_group("readme_project")


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project after `make run`'s set-up, in a plain environment."""
    folder = project_copy(tmp_path_factory.mktemp("readme"))
    # `make run` before `serve` (see the Makefile).
    for command in [
        MAKE_SETUP,
        ".venv/bin/python manage.py collectstatic --no-input --verbosity 0",
        ".venv/bin/python manage.py load_demo",
    ]:
        result = shell(folder, command)
        assert result.returncode == 0, result.stdout + result.stderr
    return folder


def plain_env(folder: Path) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(folder / "home"),
        "LANG": "C.UTF-8",
        "PORT": str(free_port()),
    }


def shell(folder: Path, script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", script],
        cwd=folder,
        env=plain_env(folder),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def run_at_a_terminal(folder: Path, script: str, answers: list[tuple[str, str]]) -> str:
    """Run ``script`` on a pseudo-terminal, typing each answer after its prompt."""
    main, child = pty.openpty()
    process = subprocess.Popen(
        ["bash", "-c", script],
        cwd=folder,
        env=plain_env(folder),
        stdin=child,
        stdout=child,
        stderr=child,
        start_new_session=True,
    )
    os.close(child)
    output, seen, waiting = b"", 0, list(answers)
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            ready, _w, _x = select.select([main], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(main, 4096)
                except OSError:  # the terminal closed: the command ended
                    break
                if not chunk:
                    break
                output += chunk
            if waiting and waiting[0][0].encode() in output[seen:]:
                seen = len(output)
                os.write(main, waiting.pop(0)[1].encode() + b"\n")
            elif process.poll() is not None and not ready:
                break
        assert process.wait(timeout=30) == 0, output.decode(errors="replace")
    finally:
        os.close(main)
        if process.poll() is None:
            process.kill()
            process.wait()
    assert waiting == [], output.decode(errors="replace")
    return output.decode(errors="replace")


def serve_until_ready(folder: Path, script: str) -> str:
    """Start the server, wait for the address it prints, stop it as Ctrl+C would."""
    process = subprocess.Popen(
        ["bash", "-c", script],
        cwd=folder,
        env=plain_env(folder),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    assert process.stdout is not None
    lines = []
    try:
        for line in process.stdout:
            lines.append(line)
            if "Stop with Ctrl+C." in line:
                break
        os.killpg(process.pid, signal.SIGINT)
        lines += process.stdout.readlines()
        assert process.wait(timeout=60) == 0, "".join(lines)
    finally:
        process.stdout.close()
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return "".join(lines)


def test_every_readme_command_works_as_written(project: Path) -> None:
    ran = []
    for block in readme_blocks():
        exports: list[str] = []
        for line in block:
            words = line.command.split()
            if words[0] == "make":
                continue  # see the module's docstring
            if words[0] == "export":
                exports.append(line.command)
                continue
            script = "; ".join([*exports, line.shell_text])
            if words[0] == ".venv/bin/pytest":
                result = shell(project, f"{script} --collect-only -q -p no:cacheprovider")
                assert result.returncode == 0, line.text + "\n" + result.stdout + result.stderr
                assert re.search(r"^[1-9]\d*(/\d+)? tests? collected", result.stdout, re.M), (
                    result.stdout
                )
            elif words[:3] == [".venv/bin/python", "manage.py", "db_worker"]:
                result = shell(project, f"{script} --batch")
                assert result.returncode == 0, line.text + "\n" + result.stdout + result.stderr
            elif words[:3] == [".venv/bin/python", "manage.py", "serve"]:
                printed = serve_until_ready(project, script)
                assert re.search(r"Tablets open: https?://\S+/", printed), printed
            elif len(words) > 2 and words[2] in ANSWERS:
                run_at_a_terminal(project, script, ANSWERS[words[2]])
            else:
                result = shell(project, script)
                assert result.returncode == 0, line.text + "\n" + result.stdout + result.stderr
            ran.append(line.command)
    # The commands were real: their work is there.
    assert (project / "week3.pbn").read_text(encoding="utf-8").count("[Deal ") == 16
    assert (project / "again.pbn").is_file()
    assert "Spill 1 · " in (project / "week3-feedback.txt").read_text(encoding="utf-8")
    check = (
        "from django.contrib.auth import get_user_model as u; "
        "print(sorted(u().objects.values_list('username', flat=True)), "
        "u().objects.get(username='admin').is_superuser, "
        "u().objects.get(username='kari').board_sets.count(), "
        "repr(u().objects.get(username='nbf').organiser.name))"
    )
    shown = shell(project, f".venv/bin/python manage.py shell --no-imports -c {shlex.quote(check)}")
    assert shown.stdout.split("]")[0] == "['admin', 'kari', 'nbf', 'teacher'"
    assert shown.stdout.split("]")[1].strip().split(maxsplit=2) == [
        "True",
        "1",
        "'Norwegian Bridge Federation'",
    ]
    assert len(ran) >= 10


def test_the_plain_shell_has_no_settings_but_the_env_file(project: Path) -> None:
    env = plain_env(project)
    assert set(env) == {"PATH", "HOME", "LANG", "PORT"}
    text = (project / ".env").read_text(encoding="utf-8")
    assert "DEBUG=false" in text
