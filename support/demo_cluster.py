"""The demo on several servers behind Debian's nginx, on 127.0.0.1: ``make demo-cluster N=2``
(``python -m support.demo_cluster N [--port PORT] [voila options]``), and the cluster tests.

Demo server ``i`` (from 1) is splendor_nb.server --demo with ``--Voila.base_url=/s<i>/`` on a
free port; nginx, configured by deploy/nginx-cluster.conf with the ports filled in, listens on
``PORT`` and sends a page to any server (the next one when a server is full or down) and every
other address, which starts with its server's ``/s<i>/``, to that server (docs/deploy.md).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from splendor_nb.server import busy_page
from support.voila_server import (
    APP_NOTEBOOK,
    REPO_ROOT,
    SERVER_MODULE,
    STARTUP_TIMEOUT,
    VoilaServer,
    free_port,
    port_open,
    start_voila,
)

CONFIG_TEMPLATE = REPO_ROOT / "deploy" / "nginx-cluster.conf"
BUSY_RETRY_SECONDS = 5
"""The busy page nginx shows when no server answered retries as the servers' does."""
NGINX_PATHS = ("/usr/sbin/nginx", "/usr/bin/nginx")


def find_nginx() -> str | None:
    """Debian's nginx (``$NGINX`` wins when set), or None.

    >>> find_nginx() is None or Path(find_nginx()).is_file()
    True
    """
    for candidate in (os.environ.get("NGINX", ""), *NGINX_PATHS, shutil.which("nginx") or ""):
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def base_url(index: int) -> str:
    """Where server ``index`` serves everything but the page (``/`` is the proxy's).

    >>> base_url(2)
    '/s2/'
    """
    return f"/s{index}/"


def nginx_config(template: str, prefix: Path, listen: str, ports: Sequence[int]) -> str:
    """deploy/nginx-cluster.conf with its fields filled in for servers on ``ports``.

    >>> config = nginx_config(CONFIG_TEMPLATE.read_text(), Path("/tmp/x"), "127.0.0.1:80",
    ...                       [9001, 9002])
    >>> "server 127.0.0.1:9002 max_fails=0;" in config, "location /s2/ {" in config
    (True, True)
    """
    servers = "\n".join(f"        server 127.0.0.1:{port} max_fails=0;" for port in ports)
    routes = "\n".join(f"""        location {base_url(index)} {{
            proxy_pass http://127.0.0.1:{port};
            proxy_set_header Host $http_host;
            proxy_set_header X-Real-IP $remote_addr;
            proxy_set_header Upgrade $http_upgrade;     # the websockets
            proxy_set_header Connection $connection_upgrade;
            proxy_read_timeout 1h;                      # an open page keeps its websockets
        }}""" for index, port in enumerate(ports, start=1))
    return (template.replace("@PREFIX@", str(prefix)).replace("@LISTEN@", listen)
            .replace("@SERVERS@", servers).replace("@ROUTES@", routes))


@dataclass
class Cluster:
    """Demo servers and the nginx in front of them."""

    servers: list[VoilaServer]
    nginx: subprocess.Popen[bytes]
    port: int
    prefix: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def server_of(self, page_base_url: str) -> int:
        """The index (from 0) of the server whose base URL a page names."""
        return int(page_base_url.strip("/").removeprefix("s")) - 1

    def kill(self, index: int) -> None:
        """SIGKILL server ``index`` (from 0) and its kernels, as a machine that dies."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.servers[index].process.pid, signal.SIGKILL)
        self.servers[index].process.wait()

    def nginx_log(self) -> str:
        return "\n".join(path.read_text(errors="replace") for path in
                         (self.prefix / "error.log", self.prefix / "access.log")
                         if path.exists())

    def stop(self) -> None:
        if self.nginx.poll() is None:
            self.nginx.terminate()
            try:
                self.nginx.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.nginx.kill()
        for server in self.servers:
            server.stop()
        shutil.rmtree(self.prefix, ignore_errors=True)


def start_cluster(count: int, *, port: int | None = None,
                  extra_args: Sequence[str] = ()) -> Cluster:
    """``count`` demo servers and nginx in front on 127.0.0.1:``port`` (a free one by
    default), once all of them listen. Raises RuntimeError without nginx."""
    nginx = find_nginx()
    if nginx is None:
        raise RuntimeError("no nginx: scripts/ensure-nginx, or apt-get install nginx")
    servers: list[VoilaServer] = []
    try:
        for index in range(1, count + 1):
            servers.append(start_voila(APP_NOTEBOOK, module=SERVER_MODULE, extra_args=[
                "--demo", f"--Voila.base_url={base_url(index)}", *extra_args]))
        port = port or free_port()
        prefix = Path(tempfile.mkdtemp(prefix="splendor-nginx-"))
        prefix.chmod(0o755)
        (prefix / "busy.html").write_text(busy_page(BUSY_RETRY_SECONDS, None), encoding="utf-8")
        config = prefix / "nginx.conf"
        config.write_text(nginx_config(CONFIG_TEMPLATE.read_text(), prefix,
                                       f"127.0.0.1:{port}", [s.port for s in servers]))
        process = subprocess.Popen([nginx, "-p", str(prefix), "-c", str(config),
                                    "-g", "daemon off;"], stdin=subprocess.DEVNULL)
        cluster = Cluster(servers, process, port, prefix)
    except BaseException:
        for server in servers:
            server.stop()
        raise
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while not port_open(port):
        if process.poll() is not None or time.monotonic() > deadline:
            log = cluster.nginx_log()
            cluster.stop()
            raise RuntimeError(f"nginx did not listen on {port}:\n{log}")
        time.sleep(0.1)
    return cluster


@contextlib.contextmanager
def running_cluster(count: int, *, extra_args: Sequence[str] = ()) -> Iterator[Cluster]:
    """:func:`start_cluster` as a context manager that always stops it."""
    cluster = start_cluster(count, extra_args=extra_args)
    try:
        yield cluster
    finally:
        cluster.stop()


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m support.demo_cluster N [--port PORT] [voila options]``: serve until Ctrl-C."""
    parser = argparse.ArgumentParser(prog="python -m support.demo_cluster")
    parser.add_argument("count", type=int, help="how many demo servers")
    parser.add_argument("--port", type=int, default=8866, help="nginx's port on 127.0.0.1")
    known, voila_options = parser.parse_known_args(argv)
    cluster = start_cluster(known.count, port=known.port,
                            extra_args=["--show_tracebacks=False", *voila_options])
    print(f"The demo on {known.count} servers: {cluster.url} (Ctrl-C stops it)", flush=True)
    signal.signal(signal.SIGTERM, lambda _signal, _frame: sys.exit(0))
    try:
        while cluster.nginx.poll() is None:
            time.sleep(1)
    except KeyboardInterrupt:
        pass
    finally:
        cluster.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
