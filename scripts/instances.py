"""What scripts/fault-test and scripts/load-test share: `arbiter serve`
instances on loopback, plain HTTP calls, a minimal WebSocket client and the
throwaway PostgreSQL cluster of scripts/with-postgres. Standard library
only."""

import base64
import glob
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def under_postgres(script):
    """The cluster's URL; re-runs `script` under scripts/with-postgres when
    there is none yet."""
    url = os.environ.get("ARBITER_TEST_POSTGRES")
    if not url:
        os.execv(os.path.join(ROOT, "scripts", "with-postgres"),
                 ["with-postgres", sys.executable, os.path.abspath(script)] + sys.argv[1:])
    return url


def build(release=False):
    """Builds the arbiter binary and returns its path."""
    profile = ["--release"] if release else []
    subprocess.run(["cargo", "build", "--quiet", "--locked", *profile, "-p", "arbiter-cli",
                    "--bin", "arbiter"], cwd=ROOT, check=True)
    target = os.path.join(ROOT, os.environ.get("CARGO_TARGET_DIR") or "target")
    return os.path.join(target, "release" if release else "debug", "arbiter")


class Instance:
    """One `arbiter serve` on a fixed loopback port; with `advertise`, one of
    several on one PostgreSQL database."""

    def __init__(self, binary, db, workdir, n, advertise=True, extra=()):
        self.binary, self.db, self.n = binary, db, n
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = os.path.join(workdir, f"instance{n}.log")
        self.flags = ["--advertise", self.base] if advertise else []
        self.flags += list(extra)
        self.proc = None

    def start(self, preexec=None):
        out = open(self.log_path, "a")
        self.proc = subprocess.Popen(
            [self.binary, "serve", "--addr", f"127.0.0.1:{self.port}", "--db", self.db,
             "--bot-delay-ms", "0", *self.flags],
            stdout=out, stderr=subprocess.STDOUT, preexec_fn=preexec)
        for _ in range(600):
            try:
                call(self.base, "GET", "/api/kinds")
                return
            except OSError:
                if self.proc.poll() is not None:
                    sys.exit(f"instance {self.n} exited at start; see {self.log_path}")
                time.sleep(0.05)
        sys.exit(f"instance {self.n} did not answer within 30 s")

    def kill(self):
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()


def call(base, method, path, body=None, token=None, key=None, timeout=15):
    """One request: (status, JSON body). Raises OSError when nobody answers."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("content-type", "application/json")
    if token:
        req.add_header("authorization", f"Bearer {token}")
    if key:
        req.add_header("idempotency-key", key)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as e:
        try:
            return e.code, json.load(e)
        except ValueError:
            return e.code, {}


def ws_open(port, path, timeout=10):
    """A connected WebSocket (its socket and a buffered reader), or None if
    the server did not switch protocols."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    stream = sock.makefile("rb")
    if b" 101 " not in stream.readline():
        sock.close()
        return None
    while stream.readline() not in (b"\r\n", b""):
        pass
    return sock, stream


def read_frame(stream):
    """(opcode, payload) of the next frame; OSError when the socket closed."""
    head = stream.read(2)
    if len(head) < 2:
        raise OSError("closed")
    opcode, size = head[0] & 0x0F, head[1] & 0x7F
    if size == 126:
        size = int.from_bytes(stream.read(2), "big")
    elif size == 127:
        size = int.from_bytes(stream.read(8), "big")
    payload = stream.read(size)
    if len(payload) < size:
        raise OSError("closed")
    return opcode, payload


def masked(opcode, payload):
    """A client frame (clients mask theirs): a pong, say."""
    mask = os.urandom(4)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + body


def postgres_tool(name):
    return sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))[-1]


def postgres_restart(url):
    """Restarts the cluster of scripts/with-postgres at once, as a crash would."""
    host = urllib.parse.parse_qs(urllib.parse.urlparse(url).query)["host"][0]
    run_as = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
    subprocess.run(run_as + [postgres_tool("pg_ctl"), "-D", os.path.join(host, "data"), "-m",
                             "immediate", "-w", "-t", "30", "restart"],
                   cwd=host, check=True, stdout=subprocess.DEVNULL, timeout=60)


def psql_rows(url, sql):
    out = subprocess.run([postgres_tool("psql"), url, "-At", "-F", "\t", "-c", sql], check=True,
                         capture_output=True, text=True, timeout=60).stdout
    return [line.split("\t") for line in out.splitlines() if line]


def fresh_database(url, name):
    """A new empty database on the cluster of `url`, and its URL."""
    db = f"{name}_{os.getpid()}_{int(time.time() * 1000) % 1000000000}"
    psql_rows(url, f"CREATE DATABASE {db}")
    head, _, params = url.partition("?")
    server = head.rsplit("/", 1)[0]
    return f"{server}/{db}" + (f"?{params}" if params else "")
