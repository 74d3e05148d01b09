"""Mozilla's HTTP Observatory (tests/tools: @mdn/mdn-http-observatory from npm, its own tests and
grader) scores the site A+, behind a TLS front as in production: https with a certificate from a local
CA the scanner trusts (NODE_EXTRA_CA_CERTS), and plain http answering with a redirect to https.

The front is a small TLS-terminating TCP proxy on loopback (below); behind it runs one more backend
process of the suite's already built app, told that its public URL is https (so it sends HSTS)."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import ssl
import subprocess
import threading
from pathlib import Path

import pytest

from tests.conftest import REPO_ROOT, free_port, stop_process_group, wait_http

TOOLS = REPO_ROOT / "tests" / "tools"


def make_certificates(folder: Path) -> tuple[Path, Path, Path]:
    """(ca.pem, localhost.pem, localhost.key): a throwaway CA and a localhost certificate it signed."""
    def openssl(*args: str) -> None:
        subprocess.run(["openssl", *args], cwd=folder, check=True, capture_output=True, timeout=60)

    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
            "-subj", "/CN=Learnsite test CA", "-addext", "basicConstraints=critical,CA:TRUE",
            "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "localhost.key", "-out", "localhost.csr",
            "-subj", "/CN=localhost")
    (folder / "ext.cnf").write_text("subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n")
    openssl("x509", "-req", "-in", "localhost.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", "localhost.pem", "-days", "2", "-extfile", "ext.cnf")
    return folder / "ca.pem", folder / "localhost.pem", folder / "localhost.key"


class TlsFront:
    """https://localhost:<https_port> -> the backend's plain port; http://localhost:<http_port> -> 301 to https."""

    def __init__(self, backend_port: int, cert: Path, key: Path):
        self.backend_port = backend_port
        self.http_port, self.https_port = free_port(), free_port()
        self.tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.tls.load_cert_chain(cert, key)
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        assert self.ready.wait(10), "TLS front did not start"

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._start())
        self.ready.set()
        self.loop.run_forever()

    async def _start(self) -> None:
        self.servers = [
            await asyncio.start_server(self._proxy, "127.0.0.1", self.https_port, ssl=self.tls),
            await asyncio.start_server(self._redirect, "127.0.0.1", self.http_port),
        ]

    async def _proxy(self, client_reader, client_writer) -> None:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.backend_port)
        except OSError:
            client_writer.close()
            return

        async def pipe(src, dst):
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, ssl.SSLError):
                pass
            finally:
                dst.close()

        await asyncio.gather(pipe(client_reader, writer), pipe(reader, client_writer))

    async def _redirect(self, reader, writer) -> None:
        try:
            request_line = (await reader.readline()).decode("latin-1").split()
            while (await reader.readline()).strip():
                pass  # the headers
            path = request_line[1] if len(request_line) > 1 and request_line[1].startswith("/") else "/"
            location = f"https://localhost:{self.https_port}{path}"
            writer.write(f"HTTP/1.1 301 Moved Permanently\r\nLocation: {location}\r\nContent-Length: 0\r\n"
                         "Connection: close\r\n\r\n".encode())
            await writer.drain()
        except ConnectionError:
            pass
        finally:
            writer.close()

    def close(self) -> None:
        for server in self.servers:
            self.loop.call_soon_threadsafe(server.close)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture(scope="module")
def https_site(app_server, tmp_path_factory):
    """The built app behind the TLS front, its public URL https://localhost:<port>; yields (front, ca.pem)."""
    if not shutil.which("node") or not (TOOLS / "node_modules" / "@mdn" / "mdn-http-observatory").is_dir():
        pytest.fail("tests/tools not installed: `make test` runs npm install --ignore-scripts there")
    folder = tmp_path_factory.mktemp("tls")
    ca, cert, key = make_certificates(folder)
    backend_port = free_port()
    front = TlsFront(backend_port, cert, key)
    env = {**app_server.env, "LEARNSITE_PUBLIC_URL": f"https://localhost:{front.https_port}",
           "REFLEX_ENV_MODE": "prod", "__REFLEX_SKIP_COMPILE": "true", "__REFLEX_MOUNT_FRONTEND_COMPILED_APP": "true"}
    log = open(folder / "backend.log", "w")
    proc = subprocess.Popen(
        [str(REPO_ROOT / ".venv" / "bin" / "python"), "-m", "uvicorn", "--factory", "learnsite.learnsite:app",
         "--host", "127.0.0.1", "--port", str(backend_port), "--log-level", "warning"],
        cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    try:
        wait_http(f"http://127.0.0.1:{backend_port}/ping", proc, timeout=120)
        yield front, ca
    finally:
        front.close()
        stop_process_group(proc)
        log.close()


def observatory(front: TlsFront, ca: Path) -> dict:
    done = subprocess.run(["node", str(TOOLS / "observatory.mjs"), "localhost", str(front.http_port),
                           str(front.https_port)],
                          env={**os.environ, "NODE_EXTRA_CA_CERTS": str(ca)},
                          capture_output=True, text=True, timeout=120, cwd=TOOLS)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def test_observatory_grades_the_site_a_plus(https_site):
    front, ca = https_site
    report = observatory(front, ca)
    failed = {name: t["result"] for name, t in report["tests"].items() if not t["pass"]}
    print(json.dumps(report, indent=1))
    assert report["url"] == f"https://localhost:{front.https_port}/"  # scored over verified https
    assert report["tests"]["redirection"]["result"] == "redirection-to-https"
    assert report["tests"]["strict-transport-security"]["result"] == "hsts-implemented-max-age-at-least-six-months"
    # the one accepted deduction: 'unsafe-eval', which Reflex's state.js needs (README "Security")
    assert failed == {"content-security-policy": "csp-implemented-with-unsafe-eval"}, failed
    assert report["grade"] == "A+", report["score"]
