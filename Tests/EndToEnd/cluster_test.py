#!/usr/bin/env python3
"""Scale-out checks of the todo demo: several instances behind nginx sharing PostgreSQL (issue 15).

Usage (the cluster's instances in developer mode, so that they name themselves in X-Served-By):

    INSTANCES=3 PORT=0 INSTANCE_ARGS=--dev BINARY=Integrations/Postgres/.build/debug/todo-demo-postgres \\
        Integrations/Postgres/scripts/cluster.sh --run python3 Tests/EndToEnd/cluster_test.py [options]

    --rounds N      rounds of the concurrency check (30)
    --seed S        the seed that picks its action pairs (random; printed, to replay a failure)
    --only PARTS    a comma-separated subset of: concurrency, kill, postgres, throttle, drafts, live

cluster.sh exports CLUSTER_URL (nginx), CLUSTER_DIR (the instances file, the throwaway PostgreSQL
in CLUSTER_DIR/postgres) and CLUSTER_POSTGRES_URL. The database must hold the demo's seed data
(todos 1-4, projects 1-2): run it on a cluster of its own. Parts:

  concurrency  Two browser windows of one session (one cookie) send /_nav POSTs with their own
               `from` at the same instant, straight to two different instances, for many rounds
               of different action pairs. Each round's outcome (both redirect targets and the
               session's whole state as JSON: path and tree) must equal what one of the two serial
               orders gives, replayed on two other sessions brought to the same starting state;
               every answer must be a 303.
  kill         kill -9 one instance in the middle of a signed-in user's run through nginx (a
               second user reads all along): every next request succeeds on the others with the
               state intact (same path, same todos, still signed in); a POST nginx had already
               written to the dead instance (502) is sent again, as a user would; the instance is
               restarted and serves again.
  throttle     Failed logins for alice from one client (a forwarded address, as nginx passes it),
               spread over every instance, make that client wait on all of them (429 with
               Retry-After, even for the right password; the wait first grown from 1 s to
               THROTTLE_WAIT, 8 s, by failing again after each wait), while alice signs in from her own
               address at once (issue 34's M3); nginx's readiness probe does not answer on the
               public port.
  postgres     Writers create todos through the form (each acknowledged by a 303) while
               PostgreSQL restarts, then while it is down for a while: every answer is a 303 or a
               503 with Retry-After (never a 500, never a hang: no answer within TIMEOUT), /readyz
               says 503 while the database is down (polled until it does, 15 s at most), the
               instances recover by themselves (same processes; each step waited for with a
               deadline), and every acknowledged todo exists afterwards.
  drafts       A draft of the new-todo form saved through each instance fills the form on the
               next (issue 37); once the form is accepted on one, no instance shows it.
  live         Live pages across instances (issue 38): a stream of alice's todo list open on
               every instance and one through nginx. First it waits (RELAY_WAIT, 30 s) until every
               instance's relay listens (after the postgres part it listens again a second or more
               after PostgreSQL is back, and a NOTIFY sent meanwhile is lost for it): todos are
               created through each instance in turn, a stream that missed one is opened afresh,
               until every instance's stream heard a change made through another. Then todos
               created through each instance in turn reach every stream (PostgreSQL NOTIFY) within
               CHANGE_TIMEOUT (10 s); the latency (1 s at the 95th percentile is the goal) is
               printed as a NOTE, not checked. Another user's stream sees only their own change.

Every request and every stream read has a bound; a check of something that takes effect
asynchronously polls for it until a deadline; a failure names the instance (port), the stream or
page and what it waited for. Nothing is checked against the clock but those bounds.

Prints PASS, FAIL or NOTE lines and timings; exits non-zero when a check failed.
"""

import argparse
import http.client
import json
import os
import random
import subprocess
import sys
import threading
import time
import traceback
import urllib.parse

import signalbox_http as sb

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPTS = os.path.join(REPO, "Integrations", "Postgres", "scripts")
CLUSTER_SH = os.path.join(SCRIPTS, "cluster.sh")
POSTGRES_SH = os.path.join(SCRIPTS, "postgres.sh")
# Seconds: a request that takes longer counts as a hang (the instances give up waiting for the
# database after 2 s for a connection and 5 s for a statement, and a request may wait for both
# pools; nginx tries a GET on each instance): well above the slowest answer of a loaded machine.
TIMEOUT = 30.0
# Seconds: a change made through one instance reaches every live stream within this (a bound on
# correctness, not a latency goal: the 1 s goal is measured and printed, Benchmarks/ holds it).
CHANGE_TIMEOUT = 10.0
# Seconds: after the part starts (right after PostgreSQL restarted and paused, in a full run),
# every instance's live relay listens again within this.
RELAY_WAIT = 30.0
# Seconds: the throttle part grows the refused client's wait to this before it checks every
# instance refuses it.
THROTTLE_WAIT = 8

FAILURES = []


def passed(name):
    print(f"PASS {name}", flush=True)


def failed(name, why):
    FAILURES.append(name)
    print(f"FAIL {name} — {why}", flush=True)


def check(condition, name, why):
    if condition:
        passed(name)
    else:
        failed(name, why)
    return condition


def note(text):
    print(f"NOTE {text}", flush=True)


class Abort(Exception):
    """A failure after which the part cannot go on."""


# ---------------------------------------------------------------- HTTP


class Answer:
    def __init__(self, method, url, status, headers, body, started, ended):
        self.method = method
        self.url = url
        self.status = status
        self.headers = headers  # lower-cased names
        self.body = body
        self.started = started
        self.ended = ended

    @property
    def location(self):
        return self.headers.get("location")

    @property
    def served_by(self):
        return self.headers.get("x-served-by")

    @property
    def port(self):
        """The port of the instance that served it (from X-Served-By), or None."""
        served = self.served_by or ""
        host = served.split(" ")[0]
        return int(host.rsplit(":", 1)[1]) if ":" in host else None

    def json(self):
        try:
            return json.loads(self.body)
        except ValueError as error:
            raise Abort(f"{self.method} {self.url} answered no JSON ({error}): {self.body[:200]!r}")

    def describe(self):
        served = f", served by {self.served_by}" if self.served_by else ""
        location = f" → {self.location}" if self.location else ""
        return f"{self.method} {self.url}: {self.status}{location}{served}"


def fetch(method, base, path, headers=None, body=None, timeout=TIMEOUT):
    """One request on a connection of its own; status 0 (and the error as body) when it failed."""
    parsed = urllib.parse.urlsplit(base)
    started = time.monotonic()
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        data = response.read().decode("utf-8", "replace")
        names = {}
        cookies = []
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                cookies.append(value)
            names[name.lower()] = value
        names["set-cookie"] = cookies
        return Answer(method, base + path, response.status, names, data, started, time.monotonic())
    except (OSError, http.client.HTTPException) as error:
        return Answer(method, base + path, 0, {"set-cookie": []}, f"{type(error).__name__}: {error}",
                      started, time.monotonic())
    finally:
        connection.close()


class Session:
    """One browser's cookie (shared by its windows) and CSRF token."""

    def __init__(self, name, base):
        self.name = name
        self.base = base
        self.cookie = None
        self.csrf = None
        self.lock = threading.Lock()
        self.unexpected_cookies = []
        # The client address the request claims to a trusted proxy (X-Forwarded-For), if any.
        self.forwarded = None

    def request(self, method, path, fields=None, json_answer=False, base=None, expect_cookie=False):
        headers = {}
        if self.forwarded:
            headers["X-Forwarded-For"] = self.forwarded
        with self.lock:
            if self.cookie:
                headers["Cookie"] = f"signalbox_session={self.cookie}"
        if json_answer:
            headers["Accept"] = "application/json"
        body = None
        if fields is not None:
            pairs = list(fields.items()) + [("_csrf", self.csrf or "")]
            body = urllib.parse.urlencode(pairs)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        answer = fetch(method, base or self.base, path, headers, body)
        value = sb.session_id(answer.headers["set-cookie"])
        if value is not None:
            with self.lock:
                if value != self.cookie and not expect_cookie and self.cookie is not None:
                    self.unexpected_cookies.append((answer.describe(), value))
                self.cookie = value
        return answer

    def get(self, path, **options):
        return self.request("GET", path, **options)

    def post(self, path, fields, **options):
        return self.request("POST", path, fields=fields, **options)

    def login(self):
        answer = self.get("/unauthenticated", json_answer=True, expect_cookie=True)
        if answer.status != 200:
            raise Abort(f"{self.name}: the login page did not show: {answer.describe()}")
        self.csrf = answer.json()["csrf"]
        answer = self.post("/unauthenticated", {"username": "alice", "password": "wonderland"}, expect_cookie=True)
        if answer.status != 303 or answer.location != "/authenticated/home":
            raise Abort(f"{self.name}: login failed: {answer.describe()} {answer.body[:200]!r}")
        answer = self.get("/authenticated/home", json_answer=True)
        if answer.status != 200:
            raise Abort(f"{self.name}: home did not show after login: {answer.describe()}")
        self.csrf = answer.json()["csrf"]
        return self

    def state(self, base=None):
        """The session's current path and whole tree, as the JSON state of GET / 's target."""
        answer = self.get("/", base=base)
        if answer.status != 303 or not answer.location:
            raise Abort(f"{self.name}: GET / did not redirect to the current page: {answer.describe()}")
        page = self.get(answer.location, json_answer=True, base=base)
        if page.status != 200:
            raise Abort(f"{self.name}: the current page {answer.location} did not answer: {page.describe()}")
        data = page.json()
        return {"path": data["path"], "tree": data["tree"]}


def instances():
    """[(pid, port)] of the cluster's instances, in order (instance N is element N-1)."""
    with open(os.path.join(os.environ["CLUSTER_DIR"], "instances")) as file:
        return [tuple(int(word) for word in line.split()) for line in file if line.strip()]


def instance_url(port):
    return f"http://127.0.0.1:{port}"


def run(command, what):
    started = time.monotonic()
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True)
    if result.returncode != 0:
        raise Abort(f"{what} failed (exit {result.returncode}): {result.stderr.strip()[-600:]}")
    return time.monotonic() - started


def poll(condition, timeout, interval=0.05):
    """Calls condition() until it returns something true or timeout seconds pass; returns the last value."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value or time.monotonic() >= deadline:
            return value
        time.sleep(interval)


def all_ready(timeout):
    """Polls /readyz on every instance until each answers 200; returns the ports that did not."""
    pending = {port for _, port in instances()}

    def step():
        for port in list(pending):
            if fetch("GET", instance_url(port), "/readyz", timeout=5).status == 200:
                pending.discard(port)
        return not pending

    poll(step, timeout, interval=0.1)
    return sorted(pending)


# ---------------------------------------------------------------- concurrency

# Each action reshapes the tree to its `from`, then acts; each is valid from its `from` alone, so
# every answer is a 303 whatever ran before it.
ACTIONS = [
    ("route", {"to": "todo", "input": "3"}, "/authenticated/todos/todo/1"),
    ("route", {"to": "todo", "input": "2"}, "/authenticated/todos"),
    ("route", {"to": "pickProject"}, "/authenticated/todos/todo/2"),
    ("route", {"to": "createTodo"}, "/authenticated/todos"),
    ("pop", {}, "/authenticated/todos/todo/4"),
    ("popToRoot", {}, "/authenticated/todos/todo/1/todo/2"),
    ("dismiss", {}, "/authenticated/todos/todo/1/pickProject"),
    ("tab", {"to": "projects"}, "/authenticated/todos/todo/1/todo/2"),
    ("tab", {"to": "todos"}, "/authenticated/projects/project/1"),
    ("tab", {"to": "home"}, "/authenticated/todos/todo/1/pickProject"),
    ("tab", {"to": "testbed"}, "/authenticated/profile/settings"),
    ("route", {"to": "project", "input": "2"}, "/authenticated/projects"),
    ("route", {"to": "createProject"}, "/authenticated/projects/project/2"),
    ("pop", {}, "/authenticated/projects/project/1"),
    ("route", {"to": "pushCoordinator"}, "/authenticated/testbed/pushScreen"),
    ("route", {"to": "modalCoordinator"}, "/authenticated/testbed/pushScreen"),
    ("popToRoot", {}, "/authenticated/testbed/pushScreen/pushCoordinator/pushScreen"),
    ("route", {"to": "modalScreen"}, "/authenticated/testbed"),
    ("pop", {}, "/authenticated/testbed/modalScreen/pushScreen"),
    ("route", {"to": "settings"}, "/authenticated/profile"),
    ("pop", {}, "/authenticated/profile/settings"),
]
STARTS = [
    "/authenticated/home",
    "/authenticated/todos/todo/1",
    "/authenticated/projects/project/2",
    "/authenticated/testbed/pushScreen",
    "/authenticated/todos/todo/3/pickProject",
]
TAB_ROOTS = ["/authenticated/home", "/authenticated/todos", "/authenticated/projects", "/authenticated/profile",
             "/authenticated/testbed"]


def describe_action(action):
    name, fields, origin = action
    extra = "".join(f" {key}={value}" for key, value in fields.items())
    return f"{name}{extra} from={origin}"


def tab_of(action):
    return action[2].split("/")[2]


def perform(session, action, base=None):
    name, fields, origin = action
    return session.post(f"/_nav/{name}", dict(fields, **{"from": origin}), base=base)


def reset(session, start, base=None):
    """Brings a session to a canonical state: every tab at its root (a GET reshapes the tree to the
    path), then `start`."""
    for path in TAB_ROOTS + [start]:
        answer = session.get(path, base=base)
        if answer.status != 200:
            raise Abort(f"{session.name}: reset GET {path} answered {answer.describe()}")


def in_parallel(*calls):
    """Runs the calls in threads that start together; returns their results in order."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)
    errors = []

    def body(index, call):
        try:
            barrier.wait(timeout=10)
            results[index] = call()
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=body, args=(index, call)) for index, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    return results


def concurrency_part(options):
    base = os.environ["CLUSTER_URL"]
    ports = [port for _, port in instances()]
    if len(ports) < 2:
        raise Abort("the concurrency check needs at least two instances")
    windows = Session("windows", base).login()
    serial_ab = Session("serial A;B", base).login()
    serial_ba = Session("serial B;A", base).login()

    # Every action of the catalogue is valid on its own (a 303), else the catalogue is out of date.
    invalid = []
    for action in ACTIONS:
        reset(serial_ab, "/authenticated/home")
        answer = perform(serial_ab, action)
        if answer.status != 303:
            invalid.append(f"{describe_action(action)}: {answer.describe()}")
    if not check(not invalid, f"each of the {len(ACTIONS)} /_nav actions of the check answers 303 on its own",
                 "; ".join(invalid)):
        return

    seed = options.seed if options.seed is not None else random.randrange(1 << 30)
    print(f"concurrency: {options.rounds} rounds, seed {seed} (--seed {seed} replays them)", flush=True)
    chooser = random.Random(seed)
    bad_status, mixed, not_canonical, same_instance, cookie_changes = [], [], [], [], []
    overlapped = 0
    discriminating = 0
    orders = {"A;B": 0, "B;A": 0, "either": 0}
    for round_number in range(1, options.rounds + 1):
        start = chooser.choice(STARTS)
        # Mostly actions in different tabs: there a lost update would show (a tab keeps its stack).
        a = chooser.choice(ACTIONS)
        others = [action for action in ACTIONS if action is not a]
        if chooser.random() < 0.75:
            others = [action for action in others if tab_of(action) != tab_of(a)]
        b = chooser.choice(others)
        index = (round_number - 1) % len(ports)
        port_a, port_b = ports[index], ports[(index + 1) % len(ports)]
        url_a, url_b = instance_url(port_a), instance_url(port_b)
        label = f"round {round_number}: start {start}; A = {describe_action(a)} on :{port_a}; " \
                f"B = {describe_action(b)} on :{port_b}"

        # The three sessions in the same starting state (the windows' through the instances too).
        in_parallel(lambda: reset(windows, start, base=url_a), lambda: reset(serial_ab, start),
                    lambda: reset(serial_ba, start))
        before = [windows.state(), serial_ab.state(), serial_ba.state()]
        if not (before[0] == before[1] == before[2]):
            not_canonical.append(f"{label}: the reset left different states {before}")
            continue

        # Two windows at the same instant on two instances; the serial replays meanwhile.
        answer_a, answer_b, serial = in_parallel(
            lambda: perform(windows, a, base=url_a),
            lambda: perform(windows, b, base=url_b),
            lambda: (perform(serial_ab, a), perform(serial_ab, b), perform(serial_ba, b), perform(serial_ba, a)),
        )
        ab_a, ab_b, ba_b, ba_a = serial
        for answer in (answer_a, answer_b, ab_a, ab_b, ba_b, ba_a):
            if answer.status != 303:
                bad_status.append(f"{label}: {answer.describe()} {answer.body[:200]!r}")
        if answer_a.started < answer_b.ended and answer_b.started < answer_a.ended:
            overlapped += 1
        if answer_a.port is not None and answer_a.port == answer_b.port:
            same_instance.append(f"{label}: both served by {answer_a.served_by}")

        observed = (answer_a.location, answer_b.location, windows.state(base=url_b))
        expected_ab = (ab_a.location, ab_b.location, serial_ab.state())
        expected_ba = (ba_a.location, ba_b.location, serial_ba.state())
        # What a lost update would leave (both actions applied to the starting state, one write
        # winning): counts the rounds in which the check would have seen one.
        in_parallel(lambda: reset(serial_ab, start), lambda: reset(serial_ba, start))
        alone_a, alone_b = in_parallel(lambda: perform(serial_ab, a), lambda: perform(serial_ba, b))
        lost = {
            "B's write lost (the state is A's alone)": (alone_a.location, alone_b.location, serial_ab.state()),
            "A's write lost (the state is B's alone)": (alone_a.location, alone_b.location, serial_ba.state()),
        }
        if all(outcome not in (expected_ab, expected_ba) for outcome in lost.values()):
            discriminating += 1
        if observed == expected_ab and observed == expected_ba:
            orders["either"] += 1
        elif observed == expected_ab:
            orders["A;B"] += 1
        elif observed == expected_ba:
            orders["B;A"] += 1
        else:
            kind = next((what for what, outcome in lost.items() if outcome == observed), "a mix")
            lines = [f"{label}: {kind}"]
            for what, (at_a, at_b, state) in (("observed", observed), ("A;B gives", expected_ab),
                                              ("B;A gives", expected_ba)):
                lines.append(f"      {what}: A → {at_a}, B → {at_b}, state {json.dumps(state)}")
            mixed.append("\n".join(lines))
    for session in (windows, serial_ab, serial_ba):
        cookie_changes += session.unexpected_cookies

    rounds = options.rounds
    check(not not_canonical, "the three sessions start every round in the same state",
          "\n    ".join(not_canonical[:3]))
    check(not bad_status, f"every concurrent and serial /_nav answer is a 303 ({rounds} rounds × 6)",
          f"{len(bad_status)} other answers:\n    " + "\n    ".join(bad_status[:5]))
    check(not same_instance, "the two windows' POSTs of each round were served by different instances",
          "\n    ".join(same_instance[:3]))
    # How often the two POSTs overlap depends on the machine's load: none at all means the check
    # did not exercise concurrency; few is worth a note.
    check(overlapped > 0, f"the two windows' POSTs were in flight at once ({overlapped} of {rounds} rounds)",
          "no round overlapped: the check did not exercise concurrency")
    if 0 < overlapped < rounds // 2:
        note(f"only {overlapped} of {rounds} rounds had both POSTs in flight at once (a loaded machine?)")
    check(not mixed, f"every round ends as one serial order of its two actions "
                     f"(A;B {orders['A;B']}, B;A {orders['B;A']}, both orders alike {orders['either']})",
          f"{len(mixed)} of {rounds} rounds ended in a state no serial order gives:\n    " + "\n    ".join(mixed[:3]))
    check(discriminating >= rounds // 3,
          f"the check can see a lost update: in {discriminating} of {rounds} rounds it differs from both serial orders",
          f"only {discriminating} of {rounds} rounds could tell a lost update from a serial order")
    check(not cookie_changes, "no /_nav answer changed the session cookie",
          "; ".join(f"{what} set {value}" for what, value in cookie_changes[:3]))


# ---------------------------------------------------------------- kill -9


def todo_titles(session, base=None):
    """Every title of the session's todo list, page after page (50 a page)."""
    titles, path = set(), "/authenticated/todos"
    while path:
        answer = session.get(path, json_answer=True, base=base)
        if answer.status != 200:
            return answer, None
        screen = answer.json()["screen"]
        titles |= {todo["title"] for todo in screen["todos"]}
        path = screen.get("nextPage")
    return answer, titles


def create_todo(session, title, base=None):
    """POSTs the create form; returns (answer, id) with the id of the todo the 303 shows."""
    answer = session.post("/authenticated/todos/createTodo", {"title": title}, base=base)
    return answer, todo_id_of(answer)


def todo_id_of(answer):
    """The id of the todo a create's 303 shows, or None."""
    if answer.status == 303 and answer.location and answer.location.startswith("/authenticated/todos/todo/"):
        return int(answer.location.rsplit("/", 1)[1])
    return None


class Reader(threading.Thread):
    """A second signed-in user who reads a page through nginx over and over until stopped."""

    def __init__(self, session, path):
        super().__init__(daemon=True)
        self.session = session
        self.path = path
        self.answers = []
        self.stopping = threading.Event()

    def run(self):
        while not self.stopping.is_set():
            self.answers.append(self.session.get(self.path))

    def stop(self):
        self.stopping.set()
        self.join(TIMEOUT + 5)


def kill_part(options):
    base = os.environ["CLUSTER_URL"]
    victim = 2 if len(instances()) >= 2 else 1
    user = Session("user", base).login()
    reader = Reader(Session("reader", base).login(), "/authenticated/todos")
    titles = set()
    ids = []
    for n in range(3):
        answer, todo_id = create_todo(user, f"kill test {n}")
        if todo_id is None:
            raise Abort(f"creating a todo failed: {answer.describe()}")
        titles.add(f"kill test {n}")
        ids.append(todo_id)

    problems = []
    refused_by_the_dead = []
    served_after_kill = set()
    served_after_restart = set()
    killed_pid, killed_port = instances()[victim - 1]
    killed_name = f"127.0.0.1:{killed_port} pid {killed_pid}"
    phase = "before the kill"
    reader.start()
    kill_seconds = restart_seconds = 0.0
    steps = 36
    for step in range(1, steps + 1):
        if step == 13:
            kill_seconds = run([CLUSTER_SH, "kill-instance", str(victim), "KILL"], f"cluster.sh kill-instance {victim}")
            phase = "after the kill"
        if step == 25:
            restart_seconds = run([CLUSTER_SH, "start-instance", str(victim)], f"cluster.sh start-instance {victim}")
            phase = "after the restart"
        todo_id = ids[step % len(ids)]
        expected = f"/authenticated/todos/todo/{todo_id}"
        answers = []

        def post(send):
            """A POST through nginx, sent again once when nginx answered 502 after the kill: it
            wrote the POST on a kept-alive connection to the killed instance before it saw the
            connection close (how soon it sees it depends on the machine's load), and a POST is
            never passed on once sent (it may have acted). The dead instance did nothing;
            pressing the button again works."""
            answer = send()
            answers.append(answer)
            if answer.status == 502 and phase == "after the kill":
                refused_by_the_dead.append(step)
                answer = send()
                answers.append(answer)
            return answer

        answer = post(lambda: perform(user, ("route", {"to": "todo", "input": str(todo_id)}, "/authenticated/todos")))
        if answer.status != 303 or answer.location != expected:
            problems.append(f"step {step} ({phase}): {answer.describe()}, expected 303 → {expected}")
        answer = user.get("/")
        answers.append(answer)
        if answer.status != 303 or answer.location != expected:
            problems.append(f"step {step} ({phase}): the current page is lost: {answer.describe()}, "
                            f"expected → {expected}")
        answer = user.get(expected, json_answer=True)
        answers.append(answer)
        if answer.status != 200 or answer.json().get("path") != expected:
            problems.append(f"step {step} ({phase}): {answer.describe()}, expected 200 at {expected}")
        if step % 3 == 0:
            title = f"kill test {step}"
            answer = post(lambda: create_todo(user, title)[0])
            new_id = todo_id_of(answer)
            if new_id is None:
                problems.append(f"step {step} ({phase}): creating a todo: {answer.describe()}")
            else:
                titles.add(title)
            answer, seen = todo_titles(user)
            answers.append(answer)
            if seen is None or not titles <= seen:
                problems.append(f"step {step} ({phase}): todos missing: "
                                f"{sorted(titles - (seen or set())) if seen is not None else answer.describe()}")
        for answer in answers:
            if phase == "after the kill":
                served_after_kill.add(answer.served_by)
            elif phase == "after the restart":
                served_after_restart.add(answer.served_by)
    reader.stop()
    new_pid, new_port = instances()[victim - 1]
    new_name = f"127.0.0.1:{new_port} pid {new_pid}"

    check(not problems, f"kill -9 of instance {victim} in the middle of a signed-in run: every request before, "
                        f"after and after its restart succeeds with the state intact ({steps} steps)",
          f"{len(problems)} problems:\n    " + "\n    ".join(problems[:6]))
    bad_reads = [answer.describe() for answer in reader.answers if answer.status != 200]
    check(reader.answers and not bad_reads,
          f"a second user's reads through nginx all succeeded meanwhile ({len(reader.answers)} GETs)",
          f"{len(bad_reads)} of {len(reader.answers)} failed: " + "; ".join(bad_reads[:4]))
    check(killed_name not in served_after_kill,
          "no answer after the kill came from the killed instance", f"served by {killed_name}")
    check(new_pid != killed_pid and new_name in served_after_restart,
          f"the restarted instance serves again ({new_name})",
          f"answers after the restart came from {sorted(filter(None, served_after_restart))}")
    print(f"kill: kill-instance took {kill_seconds:.2f} s, start-instance {restart_seconds:.2f} s; "
          f"POSTs nginx had sent to the killed instance (502, then sent again): {len(refused_by_the_dead)}"
          + (f" (steps {refused_by_the_dead})" if refused_by_the_dead else ""), flush=True)


# ---------------------------------------------------------------- PostgreSQL restart and outage


class Writer(threading.Thread):
    """A signed-in user creating todos through nginx, one after the other, until stopped."""

    def __init__(self, number, session):
        super().__init__(daemon=True)
        self.number = number
        self.session = session
        self.records = []  # (title, answer)
        self.stopping = threading.Event()
        self.lock = threading.Lock()

    def run(self):
        count = 0
        while not self.stopping.is_set():
            count += 1
            title = f"pg writer {self.number} #{count}"
            answer, _ = create_todo(self.session, title)
            with self.lock:
                self.records.append((title, answer))

    def count(self, status, since=0.0):
        with self.lock:
            return sum(1 for _, answer in self.records if answer.status == status and answer.started >= since)

    def stop(self):
        self.stopping.set()
        self.join(TIMEOUT + 5)


def postgres_part(options):
    base = os.environ["CLUSTER_URL"]
    origin = time.monotonic()
    events = []

    def event(name):
        events.append((time.monotonic(), name))

    def when(answer):
        """When the answer's request started, relative to the outage's events."""
        last = "start"
        for moment, name in events:
            if moment <= answer.started:
                last = f"{answer.started - moment:.2f} s after {name}"
        return f"at {answer.started - origin:.2f} s ({last})"

    folder = os.path.join(os.environ["CLUSTER_DIR"], "postgres")
    if not os.path.isfile(os.path.join(folder, "port")):
        raise Abort(f"no throwaway PostgreSQL in {folder} (cluster.sh was given POSTGRES_URL?): cannot restart it")
    before = instances()
    writers = [Writer(number, Session(f"writer {number}", base).login()) for number in (1, 2, 3)]
    reader = Reader(Session("reader", base).login(), "/authenticated/todos")
    for writer in writers:
        writer.start()
    reader.start()

    def each_writer(status, at_least, since):
        return lambda: all(writer.count(status, since) >= at_least for writer in writers)

    try:
        if not poll(each_writer(303, 3, 0.0), 30):
            raise Abort("the writers did not get 3 creates acknowledged each within 30 s before the restart")

        # A restart (pg_ctl restart -m fast: every connection dropped) in the middle of the writes.
        restart_started = time.monotonic()
        event("the restart began")
        restart_seconds = run([POSTGRES_SH, "restart", folder], "postgres.sh restart")
        event("the restart ended")
        not_ready = all_ready(30)
        ready_seconds = time.monotonic() - restart_started
        check(not not_ready, f"after a PostgreSQL restart every instance is ready again by itself "
                             f"(restart {restart_seconds:.1f} s, all /readyz 200 after {ready_seconds:.1f} s)",
              f"/readyz of ports {not_ready} still not 200 after 30 s")
        recovered = time.monotonic()
        check(poll(each_writer(303, 3, recovered), 30),
              "the writers' creates are acknowledged again after the restart",
              "not every writer got 3 creates acknowledged within 30 s of the instances being ready")

        # A lasting outage: the server stopped until resumed.
        event("the pause began")
        run([POSTGRES_SH, "pause", folder], "postgres.sh pause")
        paused = time.monotonic()
        event("PostgreSQL stopped")
        outage_503 = poll(lambda: sum(writer.count(503, paused) for writer in writers) >= 3, 30)
        ports = [port for _, port in instances()]
        event("503s seen")
        cookie = {"Cookie": f"signalbox_session={writers[0].session.cookie}"}
        readyz = []

        def all_unready():
            """Whether every instance's /readyz says 503 (each finds out on its next ping)."""
            readyz[:] = in_parallel(*[lambda port=port: fetch("GET", instance_url(port), "/readyz")
                                      for port in ports])
            return all(answer.status == 503 for answer in readyz)

        poll(all_unready, 15, interval=0.2)
        probes = in_parallel(*[lambda port=port: fetch("GET", instance_url(port), "/healthz") for port in ports],
                             lambda: fetch("GET", instance_url(ports[0]), "/authenticated/todos", headers=cookie))
        healthz, page = probes[:-1], probes[-1]
        event("probes answered")
        event("the resume began")
        run([POSTGRES_SH, "resume", folder], "postgres.sh resume")
        event("PostgreSQL started again")
        outage_seconds = time.monotonic() - paused
        check(outage_503, "while PostgreSQL is down the creates answer 503",
              "fewer than three 503s within 30 s of the outage: "
              + ", ".join(f"writer {w.number}: {w.count(503, paused)}" for w in writers))
        check(all(answer.status == 503 and answer.headers.get("retry-after") for answer in readyz),
              "while PostgreSQL is down /readyz answers 503 with Retry-After on every instance",
              "within 15 s of the outage: " + "; ".join(f"{answer.describe()} Retry-After {answer.headers.get('retry-after')}" for answer in readyz))
        check(all(answer.status == 200 for answer in healthz),
              "while PostgreSQL is down /healthz answers 200 (the process serves)",
              "; ".join(answer.describe() for answer in healthz))
        check(page.status == 503 and page.headers.get("retry-after"),
              "while PostgreSQL is down a page answers 503 with Retry-After",
              f"{page.describe()} Retry-After {page.headers.get('retry-after')}")

        resumed = time.monotonic()
        not_ready = all_ready(30)
        check(not not_ready, f"after the outage ({outage_seconds:.1f} s) every instance is ready again by itself "
                             f"(after {time.monotonic() - resumed:.1f} s)",
              f"/readyz of ports {not_ready} still not 200 after 30 s")
        recovered = time.monotonic()
        check(poll(each_writer(303, 3, recovered), 30),
              "the writers' creates are acknowledged again after the outage",
              "not every writer got 3 creates acknowledged within 30 s of the instances being ready")
    finally:
        for writer in writers:
            writer.stop()
        reader.stop()

    after = instances()
    alive = [pid for pid, _ in after if os.path.exists(f"/proc/{pid}")]
    check(after == before and len(alive) == len(after),
          "the instances were not restarted (same processes, all alive)", f"before {before}, after {after}")

    records = [(title, answer) for writer in writers for title, answer in writer.records]
    counts = {}
    for _, answer in records:
        counts[answer.status] = counts.get(answer.status, 0) + 1
    others = [answer for _, answer in records if answer.status not in (303, 503)]
    summary = ", ".join(f"{status or 'no answer'}: {count}" for status, count in sorted(counts.items()))
    check(not others, f"every create answered 303 or 503, never a 500 or a hang ({summary})",
          "; ".join(f"{a.describe()} {when(a)}, after {a.ended - a.started:.1f} s: {a.body[:160]!r}"
                    for a in others[:5]))
    reads = {}
    for answer in reader.answers:
        reads[answer.status] = reads.get(answer.status, 0) + 1
    bad_reads = [answer for answer in reader.answers if answer.status not in (200, 503)]
    check(not bad_reads, "every read through nginx meanwhile answered 200 or 503 ("
          + ", ".join(f"{status or 'no answer'}: {count}" for status, count in sorted(reads.items())) + ")",
          "; ".join(f"{a.describe()} {a.body[:160]!r}" for a in bad_reads[:5]))
    unavailable = [answer for _, answer in records if answer.status == 503] + \
                  [answer for answer in reader.answers if answer.status == 503]
    missing_retry = [answer.describe() for answer in unavailable if not answer.headers.get("retry-after")]
    check(unavailable and not missing_retry, f"every 503 carries Retry-After ({len(unavailable)} 503s)",
          f"{len(missing_retry)} without: " + "; ".join(missing_retry[:3]) if unavailable else "no 503 at all")
    slowest = max((answer for _, answer in records), key=lambda answer: answer.ended - answer.started)
    print("postgres: timeline " + ", ".join(f"{name} {moment - origin:.1f} s" for moment, name in events), flush=True)
    print(f"postgres: {len(records)} creates; the slowest: {slowest.describe()} {when(slowest)}, "
          f"in {slowest.ended - slowest.started:.2f} s", flush=True)
    for status in (503,):
        times = sorted(answer.ended - answer.started for _, answer in records if answer.status == status)
        if times:
            print(f"postgres: {status}s answered in {times[0]:.2f}–{times[-1]:.2f} s "
                  f"(median {times[len(times) // 2]:.2f} s)", flush=True)

    # Every acknowledged create is there (read through each instance).
    checker = Session("checker", base).login()
    acknowledged = {title for title, answer in records if answer.status == 303}
    refused = {title for title, answer in records if answer.status != 303}
    ghosts = set()
    for pid, port in after:
        answer, seen = todo_titles(checker, base=instance_url(port))
        if seen is None:
            failed(f"instance :{port} lists the todos after the outage", answer.describe())
            continue
        lost = sorted(acknowledged - seen)
        check(not lost, f"instance :{port} lists every acknowledged create ({len(acknowledged)})",
              f"{len(lost)} acknowledged but missing: {lost[:5]}")
        answer, new_id = create_todo(checker, f"after the outage via :{port}", base=instance_url(port))
        check(new_id is not None, f"instance :{port} creates a todo after the outage (same process)",
              answer.describe())
        ghosts.update(refused & seen)
    if ghosts:
        answers = {title: answer for title, answer in records}
        note(f"{len(ghosts)} create(s) answered other than 303 yet exist afterwards (the user was told it failed; "
             "a retry would add a duplicate): " + "; ".join(f"{title!r}: {answers[title].describe()} "
                                                          f"{when(answers[title])}" for title in sorted(ghosts)[:4]))


# ---------------------------------------------------------------- throttle


def throttle_part(options):
    base = os.environ["CLUSTER_URL"]
    ports = [port for _, port in instances()]
    attacker = Session("attacker", base)
    # Straight to the instances (whose peer, 127.0.0.1, is the trusted proxy), so the failures
    # land on each of them in turn and the forwarded address is the client.
    attacker.forwarded = "198.51.100.7"
    page = attacker.get("/unauthenticated", json_answer=True, expect_cookie=True)
    if page.status != 200:
        raise Abort(f"the login page did not show: {page.describe()}")
    attacker.csrf = page.json()["csrf"]
    wrong = [attacker.post("/unauthenticated", {"username": "alice", "password": "guess"}, json_answer=True,
                           base=instance_url(ports[index % len(ports)])) for index in range(5)]
    check(all(answer.status == 422 for answer in wrong),
          f"five wrong passwords over {len(ports)} instances answer 422",
          "; ".join(answer.describe() for answer in wrong))
    # The fifth failure earns a 1 s wait, which a loaded machine can spend before the next
    # requests arrive: grow it past THROTTLE_WAIT first (the wait doubles with each failure made
    # once the previous wait is over), so that what follows does not race the clock.
    grown = time.monotonic()
    index = 0
    while True:
        index += 1
        answer = attacker.post("/unauthenticated", {"username": "alice", "password": "guess"}, json_answer=True,
                               base=instance_url(ports[index % len(ports)]))
        retry_after = answer.headers.get("retry-after", "")
        if answer.status == 429 and retry_after.isdigit():
            if int(retry_after) >= THROTTLE_WAIT:
                break
            time.sleep(int(retry_after))
        elif answer.status != 422:
            raise Abort(f"a wrong password while the client's wait grows: {answer.describe()}")
        if time.monotonic() - grown > 4 * THROTTLE_WAIT:
            raise Abort(f"the client's wait did not reach {THROTTLE_WAIT} s within {4 * THROTTLE_WAIT} s "
                        f"(last: {answer.describe()}, Retry-After {retry_after})")
    print(f"throttle: the client waits {retry_after} s after {time.monotonic() - grown:.1f} s of failures", flush=True)
    refused = [attacker.post("/unauthenticated", {"username": "alice", "password": "wonderland"}, json_answer=True,
                             base=instance_url(port)) for port in ports]
    check(all(answer.status == 429 and answer.headers.get("retry-after") for answer in refused),
          "then every instance refuses that client, even the right password (429 with Retry-After)",
          "; ".join(f"{answer.describe()} Retry-After {answer.headers.get('retry-after')}" for answer in refused))
    alice = Session("alice", base)
    alice.forwarded = "203.0.113.5"
    try:
        alice.login()
        passed("alice signs in from her own address meanwhile")
    except Abort as error:
        failed("alice signs in from her own address meanwhile", str(error))
    probe = fetch("GET", base, "/unauthenticated", {"Host": "cluster-sh-probe.invalid"})
    check(probe.status == 200 and "x-cluster-token" not in probe.headers,
          "the public port serves the app whatever the Host, never cluster.sh's probe",
          f"{probe.describe()} {dict(probe.headers)}")


def drafts_part(options):
    """A draft saved through one instance fills the form on the next (the sessions' table holds it)."""
    base = os.environ["CLUSTER_URL"]
    ports = [port for _, port in instances()]
    alice = Session("alice", base).login()
    create = "/authenticated/todos/createTodo"
    if alice.get(create).status != 200:
        raise Abort("the new-todo dialog did not show")
    for index, port in enumerate(ports):
        typed = f"Draft typed on instance {port}"
        saved = alice.post("/_draft", {"from": create, "title": typed}, base=instance_url(port))
        shown = alice.get(create, base=instance_url(ports[(index + 1) % len(ports)]))
        check(saved.status == 204 and shown.status == 200 and f'value="{typed}"' in shown.body,
              f"a draft saved on instance {port} fills the form on instance {ports[(index + 1) % len(ports)]}",
              f"{saved.describe()}; {shown.describe()}")
    created = alice.post(create, {"title": "Made from the draft"}, base=instance_url(ports[0]))
    shown = alice.get(create, base=instance_url(ports[-1]))
    check(created.status == 303 and "Draft typed on" not in shown.body,
          "once the form is accepted on one instance, no instance shows the draft",
          f"{created.describe()}; {shown.describe()}")


def instance_number(port):
    """Instance N (1…) of the cluster for a port, for messages that point at its log."""
    for number, (_, instance_port) in enumerate(instances(), start=1):
        if instance_port == port:
            return number
    return None


def instance_log(port):
    number = instance_number(port)
    where = os.path.join(os.environ["CLUSTER_DIR"], f"instance-{number}.log") if number else "its log"
    return f"instance {number} (:{port}), log {where}"


class LiveStreams:
    """Alice's live streams of one page: one on each instance and one through nginx, each named
    after where it is open; opened with the page's current validator (no event until it changes)."""

    def __init__(self, session, page, ports, base):
        self.session = session
        self.page = page
        self.targets = {f"instance :{port}": instance_url(port) for port in ports}
        self.targets[f"nginx ({base})"] = base
        self.streams = {}
        for name in self.targets:
            self.reopen(name)

    def reopen(self, name):
        """A fresh stream on `name` (the old one, if any, closed)."""
        old = self.streams.pop(name, None)
        if old:
            old.close()
        url = self.targets[name]
        answer = self.session.get(self.page, base=url)
        validator = sb.live_validator(answer.body)
        if answer.status != 200 or not validator:
            raise Abort(f"{self.page} on {name} for its validator: {answer.describe()}, data-live {validator!r}")
        try:
            self.streams[name] = sb.EventStream(url, self.session.cookie, self.page, validator,
                                                timeout=CHANGE_TIMEOUT, label=f"alice's live stream on {name}")
        except (OSError, http.client.HTTPException) as error:
            raise Abort(f"opening alice's live stream of {self.page} on {name}: {type(error).__name__}: {error}")

    def close(self):
        for stream in self.streams.values():
            stream.close()


def create_live(session, page, title, port):
    created = session.post(page + "/createTodo", {"title": title}, base=instance_url(port))
    if created.status != 303:
        raise Abort(f"creating the todo {title!r} through instance :{port}: {created.describe()}")


def warm_up(live, ports):
    """Waits (RELAY_WAIT) until every instance's relay passes changes on: todos are created
    through each instance in turn until every instance's stream heard one made through another
    instance, and every stream heard the last one. A stream that missed a change (its instance
    was not listening: a NOTIFY is delivered at most once) is opened afresh. Returns
    (seconds, changes made); raises Abort naming the instances that never relayed."""
    started = time.monotonic()
    deadline = started + RELAY_WAIT
    relayed = set()  # the instances whose stream heard a change made through another instance
    missed = {}  # stream name → the last change it missed
    number = 0
    while True:
        port = ports[number % len(ports)]
        number += 1
        create_live(live.session, live.page, f"Warm-up {number} via {port}", port)
        missing = []
        for name, stream in list(live.streams.items()):
            wait = round(max(0.5, min(3.0, deadline - time.monotonic())), 1)
            try:
                event = stream.next_change(timeout=wait)
            except sb.EventStream.Timeout as error:
                event, why = None, str(error)
            else:
                why = f"it answered {event!r}" if event else f"the stream (status {stream.status}) ended"
            if event and event.get("event") == "changed":
                if name != f"instance :{port}":
                    relayed.add(name)
            else:
                missing.append(name)
                missed[name] = f"change {number} (through instance :{port}): {why}"
                live.reopen(name)
        silent = [name for name in live.targets if name.startswith("instance") and name not in relayed]
        if not missing and not silent:
            return time.monotonic() - started, number
        if time.monotonic() >= deadline:
            never = [instance_log(int(name.rsplit(":", 1)[1])) for name in silent]
            raise Abort(f"within {RELAY_WAIT:g} s ({number} todos created through each instance in turn) "
                        + (f"the stream(s) on {', '.join(never)} never heard a change made through another "
                           "instance (a relay that did not listen again after PostgreSQL came back?)"
                           if never else "a stream still missed the last change")
                        + "; last misses: " + "; ".join(f"{name}: {what}" for name, what in missed.items()))


def live_part(options):
    """Streams on every instance and through nginx see each change made through any instance."""
    base = os.environ["CLUSTER_URL"]
    ports = [port for _, port in instances()]
    alice = Session("alice", base).login()
    page = "/authenticated/todos"
    live = LiveStreams(alice, page, ports, base)
    try:
        check(all(stream.status == 200 for stream in live.streams.values()),
              "a live stream opens on every instance and through nginx",
              str({name: stream.status for name, stream in live.streams.items()}))
        through_nginx = live.streams[f"nginx ({base})"]
        check("x-accel-buffering" not in through_nginx.headers,
              "nginx takes X-Accel-Buffering for itself (the stream is not buffered)", str(through_nginx.headers))

        # First wait for what is checked: every relay listening (after a PostgreSQL restart it
        # listens again a second or more later, and a change announced meanwhile is not seen).
        seconds, changes = warm_up(live, ports)
        print(f"live: every instance's relay passes changes on after {seconds:.1f} s ({changes} changes)", flush=True)

        latencies = []
        rounds = 20
        for number in range(rounds):
            port = ports[number % len(ports)]
            started = time.monotonic()
            create_live(alice, page, f"Live {number} via {port}", port)
            arrived = []
            for name, stream in live.streams.items():
                try:
                    event = stream.next_change()
                except sb.EventStream.Timeout as error:
                    raise Abort(f"change {number + 1} of {rounds}, through instance :{port}: {error}; "
                                f"the sender is {instance_log(port)}")
                if not event or event.get("event") != "changed":
                    raise Abort(f"alice's live stream on {name} answered {event!r} to change {number + 1}, "
                                f"through instance :{port}")
                arrived.append(time.monotonic() - started)
            latencies.append(max(arrived))
        passed(f"each of {rounds} changes, through each instance in turn, reached all {len(live.streams)} "
               f"streams within {CHANGE_TIMEOUT:g} s")
    finally:
        live.close()
    latencies.sort()
    p95 = latencies[int(round(0.95 * len(latencies))) - 1]
    note(f"a change through one instance on every stream: median {latencies[len(latencies) // 2] * 1000:.0f} ms, "
         f"p95 {p95 * 1000:.0f} ms, max {latencies[-1] * 1000:.0f} ms over {len(latencies)} changes"
         + ("" if p95 <= 1.0 else " — above the 1 s goal at the 95th percentile (a loaded machine? the goal "
                                  "is a benchmark's, not this test's)"))

    # Another user: their stream's first event is their own change, not alice's.
    name = f"hatter{random.randrange(10000, 99999)}"
    hatter = Session(name, base)
    hatter.csrf = hatter.get("/unauthenticated/registration", json_answer=True, expect_cookie=True).json()["csrf"]
    hatter.post("/unauthenticated/registration", {"username": name})
    registered = hatter.post(f"/unauthenticated/registration/password/{name}",
                             {"username": name, "password": "tea-party-6", "confirmation": "tea-party-6"},
                             expect_cookie=True)
    if registered.status != 303:
        raise Abort(f"registering the hatter: {registered.describe()} {registered.body[:200]!r}")
    hatter.csrf = hatter.get("/authenticated/home", json_answer=True).json()["csrf"]
    own = hatter.get(page)
    watched, alices, hatters = ports[0], ports[1 % len(ports)], ports[2 % len(ports)]
    try:
        stream = sb.EventStream(instance_url(watched), hatter.cookie, page, sb.live_validator(own.body),
                                timeout=CHANGE_TIMEOUT, label=f"the hatter's live stream on instance :{watched}")
    except (OSError, http.client.HTTPException) as error:
        raise Abort(f"opening the hatter's live stream on instance :{watched}: {type(error).__name__}: {error}")
    try:
        create_live(alice, page, "Alice's, not the hatter's", alices)
        create_live(hatter, page, "The hatter's", hatters)
        try:
            event = stream.next_change()
        except sb.EventStream.Timeout as error:
            raise Abort(f"{error}, after the hatter created a todo through instance :{hatters}")
    finally:
        stream.close()
    # (The page after a create shows a notice, once: no ETag, but its data-live.)
    after = sb.live_validator(hatter.get(page, base=instance_url(watched)).body)
    check(event is not None and event.get("id") == after,
          "another user's live page hears of their own change only", f"{event!r}, page now {after}")


# ---------------------------------------------------------------- main


PARTS = {"concurrency": concurrency_part, "kill": kill_part, "throttle": throttle_part, "postgres": postgres_part,
         "drafts": drafts_part, "live": live_part}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--seed", type=int)
    parser.add_argument("--only", default=",".join(PARTS))
    options = parser.parse_args()
    for variable in ("CLUSTER_URL", "CLUSTER_DIR"):
        if not os.environ.get(variable):
            sys.exit(f"cluster_test.py: {variable} is not set: run it through "
                     "Integrations/Postgres/scripts/cluster.sh --run (see --help)")
    selected = [part.strip() for part in options.only.split(",") if part.strip()]
    unknown = [part for part in selected if part not in PARTS]
    if unknown:
        sys.exit(f"cluster_test.py: unknown part(s) {unknown}; choose from {list(PARTS)}")
    started = time.monotonic()
    probe = fetch("GET", os.environ["CLUSTER_URL"], "/")
    if not probe.served_by:
        failed("the instances name themselves in X-Served-By", f"{probe.describe()}: run them with --dev "
               "(INSTANCE_ARGS=--dev)")
    for name in selected:
        part_started = time.monotonic()
        print(f"--- {name}", flush=True)
        try:
            PARTS[name](options)
        except Abort as error:
            failed(f"the {name} part ran to its end", str(error))
        except Exception as error:  # noqa: BLE001 - a bug or an unforeseen answer: the other parts still run
            traceback.print_exc()
            failed(f"the {name} part ran to its end", f"{type(error).__name__}: {error}")
        print(f"--- {name}: {time.monotonic() - part_started:.1f} s", flush=True)
    print(f"\ncluster test: {len(FAILURES)} failed in {time.monotonic() - started:.1f} s", flush=True)
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
