#!/usr/bin/env python3
"""HTTP helpers for the stress scripts; they use only the demo's public HTTP interface.

  client.py login URL N OUT [THREADS]
                                     log N sessions in as alice, THREADS at a time (default 1);
                                     OUT gets "ID CSRF" lines (the format of Stress/soak.lua)
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
  client.py crash URLFILE CLIENTS FOLDER
                                     CLIENTS sessions (a new connection per request) register a user
                                     each (an account keeps at most 500 todos), make it two
                                     projects, and create todos and pick their projects until FOLDER/stop
                                     exists, following the server through restarts (URLFILE holds
                                     its current address). FOLDER/client-N.log gets every change
                                     the server acknowledged (its 303) and every one in doubt (no
                                     answer); FOLDER/ready appears once all are signed in. Then
                                     it compares the server's data and sessions with the logs;
                                     FOLDER/crash.json gets the counts.
  client.py abuse URL PART OUT       re-runs one of issue 34's four abuse findings against a
                                     running demo and writes what it measured to OUT (JSON):
                                     m1 (returning visitors at a cap of 5 sessions), m2 (bodies
                                     trickled from 40 addresses), m3 (19 s of failed logins, then
                                     alice from her own address), m4 (another visitor's page
                                     times while 8 connections flood failed logins)
"""
import http.client
import json
import os
import re
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "EndToEnd"))
import signalbox_http as sb  # noqa: E402

COOKIE = sb.COOKIE
LIST = "/authenticated/todos"
rss_kib = sb.rss_kib


# The load generator (wrk, 64 connections) fills the server's per-address connection limit on
# 127.0.0.1; these clients connect from another loopback address so they are never refused.
SOURCE = (os.environ.get("STRESS_SOURCE_ADDRESS", "127.0.0.2"), 0)


class Client(sb.Session):
    """One keep-alive connection with a cookie jar of one session (signalbox_http.Session),
    from SOURCE unless another address is given."""

    def __init__(self, url, cookie=None, source=None, **options):
        super().__init__(url, cookie=cookie, source=source or SOURCE[0], **options)


def run_threads(target, count, meanwhile=None):
    """Runs target(0) … target(count - 1), each in a thread of its own, and `meanwhile()` (if
    given) in this one; then waits for the threads."""
    threads = [threading.Thread(target=target, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    result = meanwhile() if meanwhile else None
    for thread in threads:
        thread.join()
    return result


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
    client.login("alice", "wonderland", start=LIST)
    return client


def command_login(url, count, out, threads=1):
    sb.write_sessions(out, sb.login_sessions(url, count, start=LIST, threads=threads, source=SOURCE[0]))
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

    def answer(method, path, fields=None, key="message"):
        """[status, the JSON answer's `key`]"""
        status, state = client.request(method, path, fields)
        return [status, state.get(key) if isinstance(state, dict) else None]

    for depth in (63, 64, 65, 1000):
        report[f"GET depth {depth}"] = answer("GET", deep(depth))

    # 10 000 pushes in one session through the router API.
    client.request("GET", "/authenticated/testbed")
    statuses = {}
    for _ in range(10_000):
        status, last = answer("POST", "/_nav/route", {"to": "pushScreen"})
        statuses[status] = statuses.get(status, 0) + 1
    report["10000 x POST /_nav/route"] = statuses
    report["last refusal"] = last
    report["afterwards GET list"] = answer("GET", LIST, key="path")
    depth = answer("GET", "/authenticated/testbed", key="path")[1]
    report["afterwards testbed depth"] = depth.count("/pushScreen") if depth is not None else None

    # Huge inputs: a 100 KB route input, a 100 KB form field, a 2 MB body, a 100 KB URL.
    big = "x" * 100_000
    report["100 KB route input"] = answer("POST", "/_nav/route", {"to": "todo", "input": big, "from": LIST})
    report["100 KB title"] = answer("POST", LIST + "/createTodo", {"title": big})
    cookie = f"Cookie: {COOKIE}={client.cookie}\r\nX-CSRF-Token: {client.csrf}\r\n".encode()
    head = (f"POST {LIST}/createTodo HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: 2000006\r\n").encode() + cookie + b"\r\n"
    report["2 MB body"] = [raw_status(url, head, b"title=" + b"y" * 2_000_000), None]
    head = f"GET {LIST}/todo/{'9' * 100_000} HTTP/1.1\r\nHost: x\r\n".encode() + cookie + b"\r\n"
    report["100 KB URL"] = [raw_status(url, head), None]
    report["30-digit todo id"] = answer("GET", LIST + "/todo/" + "9" * 30)
    report["finally GET list"] = answer("GET", LIST, key="path")
    report["rss_kib_end"] = rss_kib(pid)
    with open(out, "w") as file:
        json.dump(report, file, indent=1)
    print(json.dumps(report, indent=1))


def command_until_stopped(url, sessions_file, threads, out):
    sessions = [line.split() for line in open(sessions_file) if line.strip()]
    counts = {"answered": 0, "refused": 0, "lost": 0, "unexpected": 0}
    lost = []
    lock = threading.Lock()

    def worker(index):
        session_id, csrf = sessions[index % len(sessions)]
        client = Client(url, session_id, csrf=csrf, timeout=30, resend=False)
        step = 0
        refusals = 0
        while refusals < 20:
            if client.conn.sock is None:  # a new connection (the first, or the last one closed)
                try:
                    client.conn.connect()
                except OSError:
                    with lock:
                        counts["refused"] += 1
                    refusals += 1
                    time.sleep(0.01)
                    continue
            step += 1
            if step % 3 == 0:
                method, path, fields, expected = "POST", "/_nav/route", {"to": "todo", "input": 1, "from": LIST}, 303
            else:
                method, path, fields, expected = "GET", LIST if step % 3 == 1 else LIST + "/todo/1", None, 200
            try:
                status, _ = client.request(method, path, fields, json_answer=False)
            except (OSError, http.client.HTTPException) as error:
                with lock:
                    counts["lost"] += 1
                    lost.append(f"{method} {path}: {type(error).__name__}: {error}")
                continue
            with lock:
                counts["answered"] += 1
                if status != expected:
                    counts["unexpected"] += 1

    run_threads(worker, threads)
    counts["lost requests"] = lost[:20]
    with open(out, "w") as file:
        json.dump(counts, file)
    print("precise clients:", counts)


class CrashClient:
    """A browser-like client for the crash part: a signalbox_http.Session that never re-sends, a
    new connection per request. It remembers the page its session is on (the last answer the
    server gave it) and the pages it may be on after a request that got no answer."""

    def __init__(self, index, urlfile, folder):
        self.index = index
        self.urlfile = urlfile
        self.page = None  # where the session is, as far as the server told us
        self.maybe = []  # regexes of pages a request in doubt may have left it on
        self.log = open(os.path.join(folder, f"client-{index}.log") if folder else os.devnull, "a", buffering=1)
        self.counts = {"requests": 0, "unanswered": 0, "unexpected": 0, "outages": 0,
                       "sessions kept": 0, "sessions on their page": 0, "sessions lost": 0, "logins": 0}
        self.unexpected = []
        self.final = None
        self.url = self.read_url()
        self.session = sb.Session(self.url, timeout=30, resend=False)
        # Each client its own user, so the burst stays within one account's 500 todos.
        self.username = f"crash{index}"
        self.registered = False
        self.projects = []

    def read_url(self):
        with open(self.urlfile) as file:
            return file.read().strip()

    def send(self, method, path, fields=None):
        """(status, location, JSON or None); raises OSError when the server gave no answer."""
        if urllib.parse.urlsplit(self.url).port != self.session.port:  # the server restarted elsewhere
            self.session = sb.Session(self.url, self.session.cookie, timeout=30, csrf=self.session.csrf, resend=False)
        self.counts["requests"] += 1
        try:
            # Pages in JSON (for the CSRF token); forms and GET / like a browser's: they answer 303.
            status, state = self.session.request(method, path, fields, json_answer=method == "GET" and path != "/")
        except http.client.HTTPException as error:
            raise OSError(str(error)) from error
        finally:
            self.session.conn.close()
        return status, self.session.headers.get("location"), state if isinstance(state, dict) else None

    def expect(self, what, answer, status, location=None):
        got, where, state = answer
        if got == status and (location is None or (where and re.fullmatch(location, where))):
            return True
        self.counts["unexpected"] += 1
        if len(self.unexpected) < 20:
            self.unexpected.append(f"{what}: {got} {where or ''} {(state or {}).get('message', '')}".strip())
        return False

    PASSWORD = "crash-password"

    def login(self):
        """GET the login page (cookie, CSRF token), POST the form (registering the user the first
        time), then make the user's two projects if it has none yet; False to try again."""
        self.counts["logins"] += 1
        try:
            answer = self.send("GET", "/unauthenticated")
            if not self.expect("GET /unauthenticated", answer, 200):
                return False
            # Registering signs in; a failed login first would count against this address.
            answer = self.register() if not self.registered else None
            if answer is None:
                answer = self.send("POST", "/unauthenticated",
                                   {"username": self.username, "password": self.PASSWORD})
            if not self.expect("login", answer, 303, "/authenticated/.*"):
                return False
            self.page, self.maybe = answer[1], []
            while len(self.projects) < 2:
                if not self.expect("GET createProject", self.send("GET", "/authenticated/projects/createProject"), 200):
                    return False
                answer = self.send("POST", "/authenticated/projects/createProject", {"name": f"p{len(self.projects)}"})
                if not self.expect("create a project", answer, 303, r"/authenticated/projects/project/\d+"):
                    return False
                self.projects.append(int(answer[1].rsplit("/", 1)[1]))
                self.page = answer[1]
        except OSError:  # the server is restarting
            self.url = self.read_url()
            return False
        return True

    def register(self):
        """The two registration steps; the answer of the last (303 signed in), or None when the
        user turns out to exist already (a registration whose answer a restart lost)."""
        path = "/unauthenticated/registration"
        if not self.expect("GET registration", self.send("GET", path), 200):
            return None
        answer = self.send("POST", path, {"username": self.username})
        if answer[0] == 422:
            self.registered = True
            self.send("GET", "/unauthenticated")  # back to the login form
            return None
        if not self.expect("registration: username", answer, 303, f"{path}/password/{self.username}"):
            return None
        if not self.expect("GET registration password", self.send("GET", answer[1]), 200):
            return None
        answer = self.send("POST", answer[1], {"password": self.PASSWORD, "confirmation": self.PASSWORD})
        self.registered = answer[0] == 303
        return answer

    def reconnect(self):
        """After a request without an answer: until the server (maybe restarted elsewhere)
        answers GET /, then checks that the session is still signed in and on its page."""
        self.counts["outages"] += 1
        while True:
            self.url = self.read_url()
            try:
                status, location, _ = self.send("GET", "/")
                break
            except OSError:
                time.sleep(0.05)
        self.check_session(status, location)

    def check_session(self, status, location):
        if status == 303 and location and location.startswith("/authenticated/"):
            self.counts["sessions kept"] += 1
            if location == self.page or any(re.fullmatch(m, location) for m in self.maybe):
                self.counts["sessions on their page"] += 1
                verdict = "kept"
            else:
                verdict = "elsewhere"
            self.page, self.maybe = location, []
        else:
            self.counts["sessions lost"] += 1
            verdict = "lost"
        self.log.write(f"session\t{verdict}\t{location}\t{self.page}\n")
        if verdict == "lost":
            while not self.login():
                time.sleep(0.1)

    def step(self, path, fields, status, location, doubt=None):
        """One request; its answer becomes the page (GET 200 or a 303), or, without an answer,
        the request is in doubt: logged, and the client reconnects. Returns the answer or None."""
        method = "GET" if fields is None else "POST"
        try:
            answer = self.send(method, path, fields)
        except OSError:
            self.counts["unanswered"] += 1
            if doubt:
                self.log.write(f"doubt\t{doubt}\n")
            self.maybe.append(re.escape(path) if method == "GET" else location)
            self.reconnect()
            return None
        if not self.expect(f"{method} {path}", answer, status, location):
            return None
        self.page, self.maybe = (path if method == "GET" else answer[1]), []
        return answer

    def run(self, stopfile, ready):
        try:
            self.burst(stopfile, ready)
        except Exception as error:  # a bug here, not the server's: reported as this client's end
            self.final = f"client error: {error!r}"
            if not getattr(self, "ready_done", False):
                ready()

    def burst(self, stopfile, ready):
        while not self.login():
            time.sleep(0.1)
        ready()
        self.ready_done = True
        n = 0
        while not os.path.exists(stopfile):
            n += 1
            title = f"crash c{self.index} n{n}"
            if not self.step(LIST + "/createTodo", None, 200, None):
                continue
            answer = self.step(LIST + "/createTodo", {"title": title}, 303, LIST + r"/todo/\d+",
                               doubt=f"create\t{title}")
            if not answer:
                continue
            todo = answer[1].rsplit("/", 1)[1]
            self.log.write(f"ack\tcreate\t{title}\t{todo}\n")
            if n % 2:
                continue
            project = self.projects[n // 2 % 2]  # the user's two projects, alternately
            pick = f"{LIST}/todo/{todo}/pickProject"
            if not self.step(pick, None, 200, None):
                continue
            if self.step(pick, {"project": project}, 303, re.escape(f"{LIST}/todo/{todo}"),
                         doubt=f"pick\t{todo}\t{project}"):
                self.log.write(f"ack\tpick\t{todo}\t{project}\n")
        # The last word on the session: still signed in, still on its page?
        while True:
            try:
                status, location, _ = self.send("GET", "/")
                break
            except OSError:  # the server is restarting
                time.sleep(0.05)
                self.url = self.read_url()
        on_page = location == self.page or any(re.fullmatch(m, location or "") for m in self.maybe)
        if status == 303 and (location or "").startswith("/authenticated/"):
            self.final = "kept" if on_page else f"elsewhere ({location}, not {self.page})"
        else:
            self.final = f"lost ({status} {location})"
        self.log.close()


def run_workers(workers, folder):
    """Starts every worker (`run(stopfile, signed_in)`), writes FOLDER/ready once each has signed
    in or failed, and waits until they all stop (the driver creates FOLDER/stop)."""
    stopfile = os.path.join(folder, "stop")
    signed_in = threading.Semaphore(0)  # released once per worker, signed in or failed

    def ready():
        for _ in workers:
            signed_in.acquire()
        open(os.path.join(folder, "ready"), "w").close()

    run_threads(lambda index: workers[index].run(stopfile, signed_in.release), len(workers), ready)


def read_outcomes(logs):
    """What the server acknowledged and what was in doubt, from the workers' logs:
    (acked creates by title, titles in doubt, picks by todo, acknowledged picks, todos with a pick in doubt)."""
    acked, doubted, picks, acked_picks, picks_in_doubt = {}, set(), {}, 0, []
    for log in logs:
        for line in open(log):
            kind, *rest = line.rstrip("\n").split("\t")
            if kind == "ack" and rest[0] == "create":
                acked[rest[1]] = int(rest[2])
            elif kind == "ack" and rest[0] == "pick":
                picks[int(rest[1])] = [int(rest[2])]  # the last acknowledged pick…
                acked_picks += 1
            elif kind == "doubt" and rest[0] == "create":
                doubted.add(rest[1])
            elif kind == "doubt" and rest[0] == "pick":
                picks.setdefault(int(rest[1]), [None]).append(int(rest[2]))  # …or one in doubt after it
                picks_in_doubt.append(int(rest[1]))
    return acked, doubted, picks, acked_picks, picks_in_doubt


def command_crash(urlfile, count, folder):
    clients = [CrashClient(i, urlfile, folder) for i in range(count)]
    run_workers(clients, folder)
    # What the server has: each client's user's list, page after page, through a new login
    # (the passwords survived too).
    todos = []
    for client in clients:
        checker = CrashClient("check", urlfile, None)
        checker.username, checker.projects, checker.registered = client.username, client.projects, True
        assert checker.login(), checker.unexpected
        path = LIST
        while path:
            status, _, state = checker.send("GET", path)
            assert status == 200 and state, status
            todos += crash_todos(state)
            path = state["screen"].get("nextPage")
    logs = [os.path.join(folder, f"client-{client.index}.log") for client in clients]
    report = {"clients": count, **outcome_report(clients, logs, todos, lambda title: title.startswith("crash "))}
    with open(os.path.join(folder, "crash.json"), "w") as file:
        json.dump(report, file, indent=1)
    print(json.dumps(report, indent=1))


def outcome_report(workers, logs, todos, counted=lambda title: True):
    """What the server has (`todos`, as crash_todos gives them) against what the workers' logs
    say it acknowledged or left in doubt; with the workers' counts, ends and unexpected answers.
    Titles that `counted` refuses are not counted as duplicates."""
    acked, doubted, picks, acked_picks, picks_in_doubt = read_outcomes(logs)
    by_title = {}
    for todo in todos:
        by_title.setdefault(todo["title"], []).append(todo)
    lost = sorted(title for title in acked if title not in by_title)
    wrong_id = sorted(t for t, i in acked.items() if t in by_title and i not in [x["id"] for x in by_title[t]])
    duplicated = sorted(t for t, xs in by_title.items() if len(xs) > 1 and counted(t))
    by_id = {todo["id"]: todo for todo in todos}
    # A todo's project is its last acknowledged pick or one in doubt after it; never picked
    # (None) only when no pick was acknowledged.
    picks_wrong = sorted(i for i, allowed in picks.items()
                         if (by_id.get(i) or {}).get("project") not in allowed)
    finals = [w.final for w in workers]
    return {
        "acknowledged creates": len(acked),
        "found": len(acked) - len(lost),
        "lost": len(lost),
        "lost titles": lost[:20],
        "wrong id": len(wrong_id),
        "duplicated titles": len(duplicated),
        "creates in doubt": len(doubted),
        "in doubt and found": len(doubted & set(by_title)),
        "acknowledged picks": acked_picks,
        "picks lost": len(picks_wrong),
        "picks in doubt": len(picks_in_doubt),
        "in doubt and committed": sum(1 for i in picks_in_doubt if (by_id.get(i) or {}).get("project") is not None),
        "picks lost ids": picks_wrong[:20],
        "todos in the list": len(todos),
        **{key: sum(w.counts[key] for w in workers) for key in workers[0].counts},
        "final sessions kept": sum(1 for f in finals if f == "kept"),
        "final sessions": finals,
        "unexpected answers": [u for w in workers for u in w.unexpected][:20],
    }


def crash_todos(state):
    """The todos (id, title, project id) of one list page's JSON answer."""
    return [{"id": todo["id"], "title": todo["title"], "project": (todo.get("project") or {}).get("id")}
            for todo in state["screen"]["todos"]]


# ---------------------------------------------------------------- abuse (issue 34)


def abuse_m1(url):
    """The server runs with --max-sessions 5: alice signs in, five visitors each come back once."""
    alice = Client(url, source="127.0.1.1")
    alice.login("alice", "wonderland")
    for index in range(5):
        visitor = Client(url, source=f"127.0.1.{10 + index}")
        visitor.request("GET", "/unauthenticated")
        visitor.request("GET", "/unauthenticated/forgotPassword")  # comes back with its cookie
    status, state = alice.request("GET", LIST)
    return {"alice after five returning visitors": status,
            "alice still signed in": status == 200 and state.get("path") == LIST}


def abuse_m2(url, clients=40, seconds=45):
    """Each client sends a head announcing 100 bytes, then one byte every 5 s."""
    import socket
    outcomes = {}

    def trickle(index):
        parts = urllib.parse.urlsplit(url)
        sock = socket.create_connection((parts.hostname, parts.port), timeout=seconds + 10,
                                        source_address=(f"127.0.2.{index + 1}", 0))
        started = time.monotonic()
        sock.sendall(b"POST /unauthenticated HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n")
        answer, closed = b"", False
        sock.settimeout(5)
        while time.monotonic() - started < seconds:
            try:
                chunk = sock.recv(4096)
                if not chunk:
                    closed = True
                    break
                answer += chunk
            except socket.timeout:
                try:
                    sock.sendall(b"a")
                except OSError:
                    closed = True
                    break
            except OSError:
                closed = True
                break
        match = re.match(rb"HTTP/1\.1 (\d{3})", answer)
        outcomes[index] = {"status": int(match.group(1)) if match else 0, "closed": closed,
                           "after": round(time.monotonic() - started, 1)}
        sock.close()

    run_threads(trickle, clients)
    closed = [o for o in outcomes.values() if o["closed"]]
    return {"clients": clients, f"still open after {seconds} s": clients - len(closed),
            "answered 408": sum(1 for o in outcomes.values() if o["status"] == 408),
            "closed after (s, median)": sorted(o["after"] for o in closed)[len(closed) // 2] if closed else None}


def abuse_m3(url, seconds=19):
    """One client fails alice's password for `seconds`; then alice signs in from her own address."""
    attacker = Client(url, source="127.0.3.1")
    attacker.request("GET", "/unauthenticated")
    statuses = {}
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        status, _ = attacker.request("POST", "/unauthenticated", {"username": "alice", "password": "guess"})
        statuses[status] = statuses.get(status, 0) + 1
    alice = Client(url, source="127.0.3.2")
    alice.request("GET", "/unauthenticated")
    status, state = alice.request("POST", "/unauthenticated", {"username": "alice", "password": "wonderland"})
    own, _ = attacker.request("POST", "/unauthenticated", {"username": "alice", "password": "wonderland"})
    return {"attacker's answers": statuses, "alice from her own address": status,
            "alice signed in": status == 200 and state.get("path", "").startswith("/authenticated"),
            "the attacker with the right password": own}


def abuse_m4(url, seconds=20, flooders=8):
    """Another visitor's page times, alone and while `flooders` connections send failed logins
    with random usernames, each from a new address (so no per-client count applies)."""
    import random
    visitor = Client(url, source="127.0.4.1")
    visitor.login("alice", "wonderland")

    def page_times(duration):
        times = []
        started = time.monotonic()
        while time.monotonic() - started < duration:
            before = time.monotonic()
            status, _ = visitor.request("GET", LIST, json_answer=False)
            times.append((time.monotonic() - before) * 1000)
            assert status == 200, status
        times.sort()
        return {"requests": len(times), "median ms": round(times[len(times) // 2], 2),
                "p90 ms": round(times[int(len(times) * 0.9)], 2)}

    alone = page_times(seconds / 2)
    stop = threading.Event()
    answers = {}
    lock = threading.Lock()

    def flood(index):
        session = Client(url, source=f"127.5.{index}.1")
        session.request("GET", "/unauthenticated")
        while not stop.is_set():
            address = f"127.{random.randint(6, 250)}.{random.randint(1, 250)}.{random.randint(1, 250)}"
            attacker = Client(url, session.cookie, source=address, csrf=session.csrf)
            try:
                status, _ = attacker.request("POST", "/unauthenticated",
                                             {"username": f"nobody{random.randint(0, 10**9)}", "password": "guess"})
            except OSError:
                status = 0
            attacker.conn.close()
            with lock:
                answers[status] = answers.get(status, 0) + 1

    def during_the_flood():
        time.sleep(1)
        times = page_times(seconds)
        stop.set()
        return times

    flooded = run_threads(flood, flooders, during_the_flood)
    return {"visitor alone": alone, f"visitor during {flooders} flooding connections": flooded,
            "flood answers": answers}


def command_abuse(url, part, out):
    result = {"m1": abuse_m1, "m2": abuse_m2, "m3": abuse_m3, "m4": abuse_m4}[part](url)
    with open(out, "w") as file:
        json.dump(result, file, indent=1)
    print(json.dumps(result), flush=True)


def main(args):
    if not args:
        sys.exit(__doc__)
    command, rest = args[0], args[1:]
    if command == "login":
        command_login(rest[0], int(rest[1]), rest[2], *(int(a) for a in rest[3:4]))
    elif command == "watch":
        command_watch(rest[0], int(rest[1]), float(rest[2]), rest[3])
    elif command == "legit":
        command_legit(*rest[:4])
    elif command == "until-stopped":
        command_until_stopped(rest[0], rest[1], int(rest[2]), rest[3])
    elif command == "crash":
        command_crash(rest[0], int(rest[1]), rest[2])
    elif command == "bombs":
        command_bombs(rest[0], int(rest[1]), rest[2])
    elif command == "abuse":
        command_abuse(*rest[:3])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
