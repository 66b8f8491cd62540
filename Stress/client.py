#!/usr/bin/env python3
"""HTTP helpers for the stress scripts; they use only the demo's public HTTP interface.

  client.py login URL N OUT          log N sessions in as alice; OUT gets "ID CSRF" lines
  client.py watch URL PID SECONDS OUT
                                     every SECONDS until PID exits: a TSV line of elapsed
                                     seconds, the server's RSS (KiB) and live sessions
                                     (/_dev/sessions; the demo runs with --dev)
  client.py legit URL ID STOPFILE OUT
                                     a legitimate user: GET the todo list with session ID in a
                                     loop until STOPFILE exists; OUT gets a JSON summary of the
                                     statuses (every answer must be 200 with the list)
  client.py bombs URL PID OUT        tree bombs: deep paths, 10 000 pushes, huge inputs; OUT
                                     gets a JSON report
  client.py until-stopped URL SESSIONS_FILE THREADS OUT
                                     THREADS keep-alive clients send requests until the server
                                     is gone; each request is answered, refused (a new connection
                                     the server no longer accepts) or lost (sent on an accepted
                                     connection and never answered). OUT gets the counts.
"""
import http.client
import json
import os
import re
import sys
import time
import urllib.parse

COOKIE = "signalbox_session"
LIST = "/authenticated/todos"


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


# The load generator (wrk, 64 connections) fills the server's per-address connection limit on
# 127.0.0.1; these clients connect from another loopback address so they are never refused.
SOURCE = (os.environ.get("STRESS_SOURCE_ADDRESS", "127.0.0.2"), 0)


class Client:
    """One keep-alive connection with a cookie jar of one session."""

    def __init__(self, url, cookie=None):
        parts = urllib.parse.urlsplit(url)
        self.host, self.port = parts.hostname, parts.port
        self.conn = self.connect()
        self.cookie = cookie
        self.csrf = None

    def connect(self):
        return http.client.HTTPConnection(self.host, self.port, timeout=60, source_address=SOURCE)

    def request(self, method, path, fields=None, json_answer=True, body=None):
        headers = {}
        if json_answer:
            headers["Accept"] = "application/json"
        if self.cookie:
            headers["Cookie"] = f"{COOKIE}={self.cookie}"
        if self.csrf and method == "POST":
            headers["X-CSRF-Token"] = self.csrf
        if fields is not None:
            body = urllib.parse.urlencode(fields)
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
            data = response.read()
        except (ConnectionError, http.client.HTTPException):
            # The server closed the connection (e.g. after a 413/414): reconnect once.
            self.conn.close()
            self.conn = self.connect()
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
            data = response.read()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                match = re.match(COOKIE + r"=(\w+)", value)
                if match:
                    self.cookie = match.group(1)
        if json_answer and data.startswith(b"{"):
            state = json.loads(data)
            if "csrf" in state:
                self.csrf = state["csrf"]
            return response.status, state
        return response.status, data


def raw_status(url, head, body=b""):
    """Sends raw bytes on a new connection and returns the answer's status (0 when cut off)."""
    import socket
    parts = urllib.parse.urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=30, source_address=SOURCE) as sock:
        try:
            sock.sendall(head + body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server answered early and closed: read what it said
        answer = b""
        try:
            while b"\r\n" not in answer:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                answer += chunk
        except ConnectionResetError:
            pass
    match = re.match(rb"HTTP/1\.[01] (\d{3})", answer)
    return int(match.group(1)) if match else 0


def login(url):
    client = Client(url)
    status, state = client.request("GET", LIST)
    assert status == 200 and state["path"] == "/unauthenticated", (status, state)
    status, state = client.request("POST", "/unauthenticated", {"username": "alice", "password": "wonderland"})
    assert status == 200 and state["path"] == LIST, (status, state)
    return client


def command_login(url, count, out):
    lines = []
    for _ in range(count):
        client = login(url)
        lines.append(f"{client.cookie} {client.csrf}\n")
        client.conn.close()
    with open(out, "w") as file:
        file.writelines(lines)
    print(f"logged in {count} sessions")


def command_watch(url, pid, seconds, out):
    started = time.monotonic()
    client = Client(url)
    with open(out, "w") as file:
        file.write("seconds\trss_kib\tsessions\n")
        while os.path.exists(f"/proc/{pid}"):
            try:
                rss = rss_kib(pid)
                _, stats = client.request("GET", "/_dev/sessions")
                sessions = stats["sessions"]
            except Exception:  # the server is stopping
                break
            file.write(f"{time.monotonic() - started:.1f}\t{rss}\t{sessions}\n")
            file.flush()
            time.sleep(seconds)


def command_legit(url, cookie, stopfile, out):
    client = Client(url, cookie)
    statuses, wrong, requests = {}, 0, 0
    while not os.path.exists(stopfile):
        status, state = client.request("GET", LIST)
        requests += 1
        statuses[status] = statuses.get(status, 0) + 1
        if status != 200 or state.get("path") != LIST:
            wrong += 1
        time.sleep(0.05)
    report = {"requests": requests, "statuses": statuses, "wrong": wrong}
    with open(out, "w") as file:
        json.dump(report, file)
    print("legitimate user:", report)


def command_bombs(url, pid, out):
    report = {"rss_kib_start": rss_kib(pid)}
    client = login(url)

    # Paths at and over the depth limit (64 entries): testbed pushes.
    def deep(n):
        return "/authenticated/testbed" + "/pushScreen" * n

    for depth in (63, 64, 65, 1000):
        status, state = client.request("GET", deep(depth))
        report[f"GET depth {depth}"] = [status, state.get("message") if isinstance(state, dict) else None]

    # 10 000 pushes in one session through the router API.
    client.request("GET", "/authenticated/testbed")
    statuses = {}
    for _ in range(10_000):
        status, state = client.request("POST", "/_nav/route", {"to": "pushScreen"})
        statuses[status] = statuses.get(status, 0) + 1
        last = state
    report["10000 x POST /_nav/route"] = statuses
    report["last refusal"] = last.get("message") if isinstance(last, dict) else None
    status, state = client.request("GET", LIST)
    report["afterwards GET list"] = [status, state.get("path") if isinstance(state, dict) else None]
    status, state = client.request("GET", "/authenticated/testbed")
    report["afterwards testbed depth"] = state.get("path", "").count("/pushScreen") if isinstance(state, dict) else None

    # Huge inputs: a 100 KB route input, a 100 KB form field, a 2 MB body, a 100 KB URL.
    big = "x" * 100_000
    status, state = client.request("POST", "/_nav/route", {"to": "todo", "input": big, "from": LIST})
    report["100 KB route input"] = [status, state.get("message") if isinstance(state, dict) else None]
    status, state = client.request("POST", LIST + "/createTodo", {"title": big})
    report["100 KB title"] = [status, state.get("message") if isinstance(state, dict) else None]
    cookie = f"Cookie: {COOKIE}={client.cookie}\r\nX-CSRF-Token: {client.csrf}\r\n".encode()
    head = (f"POST {LIST}/createTodo HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: 2000006\r\n").encode() + cookie + b"\r\n"
    report["2 MB body"] = [raw_status(url, head, b"title=" + b"y" * 2_000_000), None]
    head = f"GET {LIST}/todo/{'9' * 100_000} HTTP/1.1\r\nHost: x\r\n".encode() + cookie + b"\r\n"
    report["100 KB URL"] = [raw_status(url, head), None]
    status, state = client.request("GET", LIST + "/todo/" + "9" * 30)
    report["30-digit todo id"] = [status, state.get("message") if isinstance(state, dict) else None]
    status, state = client.request("GET", LIST)
    report["finally GET list"] = [status, state.get("path") if isinstance(state, dict) else None]
    report["rss_kib_end"] = rss_kib(pid)
    with open(out, "w") as file:
        json.dump(report, file, indent=1)
    print(json.dumps(report, indent=1))


def command_until_stopped(url, sessions_file, threads, out):
    import socket
    import threading
    sessions = [line.split() for line in open(sessions_file) if line.strip()]
    counts = {"answered": 0, "refused": 0, "lost": 0, "unexpected": 0}
    lost = []
    lock = threading.Lock()
    parts = urllib.parse.urlsplit(url)

    def worker(index):
        session_id, csrf = sessions[index % len(sessions)]
        conn = None
        step = 0
        refusals = 0
        while refusals < 20:
            if conn is None:
                try:
                    sock = socket.create_connection((parts.hostname, parts.port), timeout=30, source_address=SOURCE)
                except OSError:
                    with lock:
                        counts["refused"] += 1
                    refusals += 1
                    time.sleep(0.01)
                    continue
                conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
                conn.sock = sock
            step += 1
            headers = {"Cookie": f"{COOKIE}={session_id}"}
            if step % 3 == 0:
                method, path, body = "POST", "/_nav/route", f"to=todo&input=1&from={LIST}"
                headers["Content-Type"] = "application/x-www-form-urlencoded"
                headers["X-CSRF-Token"] = csrf
                expected = 303
            else:
                method, path, body, expected = "GET", LIST if step % 3 == 1 else LIST + "/todo/1", None, 200
            try:
                conn.request(method, path, body=body, headers=headers)
                response = conn.getresponse()
                response.read()
            except (OSError, http.client.HTTPException) as error:
                with lock:
                    counts["lost"] += 1
                    lost.append(f"{method} {path}: {type(error).__name__}: {error}")
                conn.close()
                conn = None
                continue
            with lock:
                counts["answered"] += 1
                if response.status != expected:
                    counts["unexpected"] += 1
            if response.will_close:
                conn.close()
                conn = None

    workers = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join()
    counts["lost requests"] = lost[:20]
    with open(out, "w") as file:
        json.dump(counts, file)
    print("precise clients:", counts)


def main(args):
    if not args:
        sys.exit(__doc__)
    command, rest = args[0], args[1:]
    if command == "login":
        command_login(rest[0], int(rest[1]), rest[2])
    elif command == "watch":
        command_watch(rest[0], int(rest[1]), float(rest[2]), rest[3])
    elif command == "legit":
        command_legit(*rest[:4])
    elif command == "until-stopped":
        command_until_stopped(rest[0], rest[1], int(rest[2]), rest[3])
    elif command == "bombs":
        command_bombs(rest[0], int(rest[1]), rest[2])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
