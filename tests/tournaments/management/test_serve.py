"""`manage.py serve` (what `make run` starts): gunicorn on every interface and the
worker beside it, DEBUG off and the .env that `make run` made; the address printed for
the tablets is this computer's LAN address; Ctrl+C or SIGTERM stops both. A worker
that stops by itself is replaced (up to a limit, the site answering all along);
gunicorn stopping by itself stops the worker too."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest

from minibridge import network
from tests.classroom_site import BASE_DIR, Served, Site, free_port
from tournaments.management.commands import serve

# The suite's worker processes (pytest-xdist, --dist loadgroup) run the tests of the one
# classroom site (tests/conftest.py's session fixture: migrated, the demo analysed) in
# one process, so it is set up once.
pytestmark = pytest.mark.xdist_group("classroom_site")


@pytest.fixture
def site(classroom_site: Site) -> Site:
    return classroom_site


def children_of(served: Served) -> list[psutil.Process]:
    return psutil.Process(served.process.pid).children(recursive=True)


def names(processes: list[psutil.Process]) -> set[str]:
    found = set()
    for process in processes:
        command = " ".join(process.cmdline())
        found |= {name for name in ("gunicorn", "db_worker") if name in command}
    return found


def listens_on_every_interface(served: Served) -> bool:
    """Whether the site's gunicorn holds a listening socket on 0.0.0.0 at its port."""
    return any(
        connection.status == psutil.CONN_LISTEN
        and connection.laddr.ip == "0.0.0.0"
        and connection.laddr.port == served.port
        for process in children_of(served)
        for connection in process.net_connections(kind="tcp4")
    )


def get(url: str, host: str | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, ""


def test_two_sites_serve_the_lan_address_and_stop_on_sigterm_and_ctrl_c(
    site: Site, served: list[Served]
) -> None:
    lan = network.lan_address()
    assert lan is not None, "this test needs a machine with a network address"
    # Two at once, by the same user: gunicorn's control sockets must not collide.
    first = site.serve()
    second = site.serve(new_group=True)
    served += [first, second]
    for one in (first.ready(), second.ready()):
        assert one.address == f"http://{lan}:{one.port}/"
        assert "Demo login: teacher / minibridge-demo" in one.output
        # It listens on every interface, so the LAN address reaches it; the requests go
        # to 127.0.0.1 with the LAN address as their Host (traffic stays on loopback).
        assert listens_on_every_interface(one)
        here, lan_host = f"http://127.0.0.1:{one.port}/", f"{lan}:{one.port}"
        status, html = get(f"{here}accounts/login/", host=lan_host)
        assert status == 200
        assert "Log in" in html
        # DEBUG is off: static files come from collectstatic's manifest via whitenoise.
        assert "/static/css/site." in html
        css = html.split('href="/static/css/site.')[1].split('"')[0]
        assert get(f"{here}static/css/site.{css}", host=lan_host)[0] == 200
        # Any other host name is refused.
        assert get(f"{here}accounts/login/", host="192.0.2.99")[0] == 400
        assert names(children_of(one)) == {"gunicorn", "db_worker"}

    children = children_of(first)
    first.process.send_signal(signal.SIGTERM)
    assert first.finish() == 0
    _gone, alive = psutil.wait_procs(children, timeout=15)
    assert alive == []
    assert "Stopped the site and the background worker." in first.output

    # Ctrl+C in a terminal reaches the whole process group, children included.
    children = children_of(second)
    os.killpg(second.process.pid, signal.SIGINT)
    assert second.finish() == 0
    _gone, alive = psutil.wait_procs(children, timeout=15)
    assert alive == []


def worker_of(served: Served, *, timeout: float = 15) -> psutil.Process:
    """The one background worker serve runs. Just after serve says it started one, the
    new process may not have become the worker yet (between fork and exec its command
    line is serve's), and one just killed may still be listed: wait until exactly one
    living process runs db_worker."""
    deadline = time.monotonic() + timeout
    while True:
        workers = []
        for process in children_of(served):
            try:
                if "db_worker" in " ".join(process.cmdline()) and process.is_running():
                    workers.append(process)
            except psutil.NoSuchProcess:
                continue
        if len(workers) == 1 or time.monotonic() > deadline:
            [worker] = workers
            return worker
        time.sleep(0.05)


def test_when_the_worker_dies_a_new_one_starts_and_the_site_answers(
    site: Site, served: list[Served]
) -> None:
    one = site.serve()
    served.append(one.ready())
    first = worker_of(one)
    first.kill()
    one.wait_for(r"The background worker stopped by itself \(exit code -9\)\. The site still")
    assert get(f"http://127.0.0.1:{one.port}/accounts/login/")[0] == 200
    one.wait_for("Started a new background worker.")
    assert one.process.poll() is None
    second = worker_of(one)
    assert second.pid != first.pid
    assert get(f"http://127.0.0.1:{one.port}/accounts/login/")[0] == 200
    # It runs under an id of its own, which serve looks its tasks up by when it dies.
    assert "--worker-id" in second.cmdline()


def test_a_worker_that_keeps_stopping_is_given_up_but_the_site_answers(
    site: Site, served: list[Served]
) -> None:
    """Each new worker killed as soon as it is there, as one that fails at start."""
    one = site.serve()
    served.append(one.ready())
    for _restart in range(serve.RESTART_BURST):
        worker_of(one).kill()
        one.wait_for("stopped by itself")
        one.wait_for("Started a new background worker.", timeout=30)
    worker_of(one).kill()
    one.wait_for(r"stopped by itself again \(exit code -9\): it stopped 6 times within 60")
    assert one.process.poll() is None
    assert get(f"http://127.0.0.1:{one.port}/accounts/login/")[0] == 200
    assert names(children_of(one)) == {"gunicorn"}
    one.process.send_signal(signal.SIGTERM)
    assert one.finish() == 0


def test_when_the_web_server_stops_everything_stops(site: Site, served: list[Served]) -> None:
    one = site.serve()
    served.append(one.ready())
    children = children_of(one)
    [master] = [
        p for p in psutil.Process(one.process.pid).children() if "gunicorn" in " ".join(p.cmdline())
    ]
    master.kill()
    assert one.finish() != 0
    assert "The web server stopped by itself (exit code -9), so the site was stopped too" in (
        one.output
    )
    _gone, alive = psutil.wait_procs(children, timeout=15)
    assert alive == []


def test_a_port_in_use_is_refused_plainly(site: Site, served: list[Served]) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("0.0.0.0", free_port()))
        taken.listen()
        one = site.serve(taken.getsockname()[1])
        served.append(one)
        assert one.finish() != 0
    assert "is in use (is the site already running?)" in one.output


def test_the_env_file_it_made_holds_a_key_and_no_debug(site: Site) -> None:
    text = Path(site.env["ENV_FILE"]).read_text()
    assert "DEBUG=false" in text
    assert "ALLOW_HTTP=true" in text
    code = "from django.conf import settings as s; print(s.DEBUG, len(s.SECRET_KEY) >= 50)"
    assert site.python(code).split() == ["False", "True"]


def test_a_federations_server_runs_more_processes(site: Site, served: list[Served]) -> None:
    """`serve --workers 3 --threads 4 --task-workers 2`: gunicorn with three worker
    processes (each answering, told its threads) and two background workers beside it."""
    port = free_port()
    options = ["--workers", "3", "--threads", "4", "--task-workers", "2"]
    one = Served(
        process=subprocess.Popen(
            [sys.executable, "manage.py", "serve", "--port", str(port), *options],
            cwd=BASE_DIR,
            env=site.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        ),
        port=port,
    )
    served.append(one.ready())
    direct = psutil.Process(one.process.pid).children()
    workers = [p for p in direct if "db_worker" in " ".join(p.cmdline())]
    [master] = [p for p in direct if "gunicorn" in " ".join(p.cmdline())]
    assert len(workers) == 2
    assert len(master.children()) == 3
    # Each process knows its threads: it holds back refused logins in at most half.
    assert all(p.environ().get("SERVE_THREADS") == "4" for p in master.children())
    # The background workers yield the CPU to the site's answers.
    lower = min(master.nice() + serve.WORKER_NICENESS, 19)
    assert all(worker.nice() == lower for worker in workers)
    assert get(f"http://127.0.0.1:{port}/accounts/login/")[0] == 200


@pytest.mark.parametrize("option", ["--workers", "--threads", "--task-workers"])
def test_no_processes_is_refused_plainly(site: Site, option: str) -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", "serve", "--port", str(free_port()), option, "0"],
        cwd=BASE_DIR,
        env=site.env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert f"{option} must be 1 or more, not 0." in result.stderr
