#!/usr/bin/env python3
"""Clients for the cluster soak (Stress/run.sh, part `cluster`): the soak through nginx in front of
several todo-demo-postgres instances, one of them killed with kill -9 and restarted during it.
HTTP only, through the cluster's URL (nginx), from 127.0.0.2 like Stress/client.py.

  cluster-soak.py login URL N OUT [THREADS]
      Logs N sessions in as alice, THREADS at a time (default 8); OUT gets "ID CSRF" lines (the
      format of Stress/soak.lua).
  cluster-soak.py writers URL USER PASSWORD PROJECT,PROJECT CLIENTS PAUSE FOLDER
      CLIENTS sessions signed in as USER create todos and pick their projects (alternately the two
      PROJECT ids), one change every PAUSE seconds each, until FOLDER/stop exists. Each logs to
      FOLDER/writer-N.log what the cluster acknowledged (its 303) and what is in doubt: no answer,
      or a 502 from nginx (the instance died with the request) — the change may or may not have
      been made. After a request in doubt the writer checks that its session is still signed in.
      FOLDER/ready appears once all are signed in. At the end each writer's session must still be
      signed in, and a new session of USER reads the list: FOLDER/writers.json gets the counts
      (acknowledged creates found / lost, wrong ids, duplicates; picks lost; sessions lost;
      unexpected answers, i.e. anything but the expected status or a 502 from nginx).
  cluster-soak.py sessions URL SESSIONS_FILE OUT [THREADS]
      Asks every session of SESSIONS_FILE for GET / (a signed-in session is sent on to its page,
      303 to /authenticated/…; a lost one to the login page): OUT gets the counts.
"""
import http.client
import json
import os
import re
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import client as stress  # noqa: E402  (Stress/client.py: login(), SOURCE)
sb = stress.sb  # Tests/EndToEnd/signalbox_http.py

COOKIE = sb.COOKIE
LIST = "/authenticated/todos"


class InDoubt(Exception):
    """The request may or may not have been carried out: no answer, or nginx's 502."""


class Browser:
    """One session on one keep-alive connection; never re-sends a request."""

    def __init__(self, url):
        parts = urllib.parse.urlsplit(url)
        self.host, self.port = parts.hostname, parts.port
        self.conn = None
        self.cookie = None
        self.csrf = ""

    def send(self, method, path, fields=None, json_answer=False):
        """(status, location, JSON state or None); raises InDoubt."""
        headers = {"Accept": "application/json"} if json_answer else {}
        if self.cookie:
            headers["Cookie"] = f"{COOKIE}={self.cookie}"
        body = None
        if fields is not None:
            body = urllib.parse.urlencode(dict(fields, _csrf=self.csrf))
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if self.conn is None:
            self.conn = http.client.HTTPConnection(self.host, self.port, timeout=60, source_address=stress.SOURCE)
        try:
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.conn.close()
            self.conn = None
            raise InDoubt(f"no answer: {type(error).__name__}: {error}") from error
        if response.will_close:
            self.conn.close()
            self.conn = None
        self.cookie = sb.session_id(sb.set_cookies(response)) or self.cookie
        if response.status == 502:
            raise InDoubt("502 from nginx")
        state = None
        if data.startswith(b"{"):
            state = json.loads(data)
            self.csrf = state.get("csrf", self.csrf)
        return response.status, response.getheader("Location"), state

    def login(self, username, password):
        """True once signed in (303 to an /authenticated/ page)."""
        status, _, _ = self.send("GET", "/unauthenticated", json_answer=True)
        if status != 200:
            return False
        status, location, _ = self.send("POST", "/unauthenticated", {"username": username, "password": password})
        return status == 303 and (location or "").startswith("/authenticated/")

    def signed_in(self):
        """GET /: where a signed-in session is sent on to its page."""
        status, location, _ = self.send("GET", "/")
        return status == 303 and (location or "").startswith("/authenticated/"), f"{status} {location}"


def command_login(url, count, out, threads=8):
    ids = [None] * count
    errors = []
    cursor = iter(range(count))
    lock = threading.Lock()

    def worker():
        while True:
            with lock:
                index = next(cursor, None)
            if index is None:
                return
            try:
                client = stress.login(url)
                ids[index] = f"{client.cookie} {client.csrf}\n"
                client.conn.close()
            except Exception as error:  # reported below
                with lock:
                    errors.append(repr(error))

    workers = [threading.Thread(target=worker) for _ in range(threads)]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join()
    if errors:
        sys.exit(f"login failed {len(errors)} times: {errors[:3]}")
    with open(out, "w") as file:
        file.writelines(ids)
    print(f"logged in {count} sessions")


class Writer:
    def __init__(self, index, url, user, password, projects, pause, folder):
        self.index, self.url, self.user, self.password = index, url, user, password
        self.projects, self.pause = projects, pause
        self.browser = Browser(url)
        self.log = open(os.path.join(folder, f"writer-{index}.log"), "w", buffering=1)
        self.counts = {"requests": 0, "in doubt": 0, "502 from nginx": 0, "no answer": 0, "unexpected": 0,
                       "session checks": 0, "sessions lost": 0}
        self.unexpected = []
        self.final = None

    def request(self, what, method, path, fields=None, expect=303, location=None):
        """The answer, or None when in doubt (logged) or unexpected (counted)."""
        self.counts["requests"] += 1
        try:
            status, where, state = self.browser.send(method, path, fields, json_answer=(method == "GET"))
        except InDoubt as doubt:
            self.counts["in doubt"] += 1
            self.counts["502 from nginx" if "502" in str(doubt) else "no answer"] += 1
            if what:
                self.log.write(f"doubt\t{what}\n")
            self.check_session()
            return None
        if status != expect or (location and not re.fullmatch(location, where or "")):
            self.counts["unexpected"] += 1
            if len(self.unexpected) < 20:
                self.unexpected.append(f"{method} {path}: {status} {where or ''} {(state or {}).get('message', '')}".strip())
            return None
        return status, where, state

    def check_session(self):
        """After a request in doubt: the session must still be signed in."""
        self.counts["session checks"] += 1
        for _ in range(100):
            try:
                ok, answer = self.browser.signed_in()
                break
            except InDoubt:
                time.sleep(0.05)
        else:
            ok, answer = False, "no answer"
        if not ok:
            self.counts["sessions lost"] += 1
            self.log.write(f"session lost\t{answer}\n")
            while not self.try_login():
                time.sleep(0.1)

    def try_login(self):
        try:
            return self.browser.login(self.user, self.password)
        except InDoubt:
            return False

    def run(self, stopfile, ready):
        try:
            while not self.try_login():
                time.sleep(0.1)
            ready()
            n = 0
            while not os.path.exists(stopfile):
                n += 1
                time.sleep(self.pause)
                # The list's JSON gives the CSRF token (and puts the session on the list).
                if not self.request(None, "GET", LIST, expect=200):
                    continue
                title = f"cluster w{self.index} n{n}"
                answer = self.request(f"create\t{title}", "POST", LIST + "/createTodo", {"title": title},
                                      location=re.escape(LIST) + r"/todo/\d+")
                if not answer:
                    continue
                todo = int(answer[1].rsplit("/", 1)[1])
                self.log.write(f"ack\tcreate\t{title}\t{todo}\n")
                if n % 2:
                    continue
                project = self.projects[n // 2 % 2]
                page = f"{LIST}/todo/{todo}/pickProject"
                if not self.request(None, "GET", page, expect=200):
                    continue
                if self.request(f"pick\t{todo}\t{project}", "POST", page, {"project": project},
                                location=re.escape(f"{LIST}/todo/{todo}")):
                    self.log.write(f"ack\tpick\t{todo}\t{project}\n")
            for _ in range(100):
                try:
                    ok, answer = self.browser.signed_in()
                    break
                except InDoubt:
                    time.sleep(0.05)
            else:
                ok, answer = False, "no answer"
            self.final = "kept" if ok else f"lost ({answer})"
        except Exception as error:  # a bug here, not the cluster's
            self.final = f"client error: {error!r}"
            ready()
        finally:
            self.log.close()


def command_writers(url, user, password, projects, count, pause, folder):
    writers = [Writer(i, url, user, password, projects, pause, folder) for i in range(count)]
    stress.run_workers(writers, folder)
    acked, doubted, picks, acked_picks, picks_in_doubt = stress.read_outcomes(
        os.path.join(folder, f"writer-{writer.index}.log") for writer in writers)

    # What the cluster has: USER's list, through a new session.
    checker = Browser(url)
    assert checker.login(user, password), "the checker could not sign in"
    status, _, state = checker.send("GET", LIST, json_answer=True)
    assert status == 200 and state, status
    todos = [{"id": t["id"], "title": t["title"], "project": (t.get("project") or {}).get("id")}
             for t in state["screen"]["todos"]]
    by_title = {}
    for todo in todos:
        by_title.setdefault(todo["title"], []).append(todo)
    lost = sorted(t for t in acked if t not in by_title)
    wrong_id = sorted(t for t, i in acked.items() if t in by_title and i not in [x["id"] for x in by_title[t]])
    duplicated = sorted(t for t, xs in by_title.items() if len(xs) > 1)
    by_id = {t["id"]: t for t in todos}
    picks_wrong = sorted(i for i, allowed in picks.items() if (by_id.get(i) or {}).get("project") not in allowed)
    totals = {key: sum(w.counts[key] for w in writers) for key in writers[0].counts}
    finals = [w.final for w in writers]
    report = {
        "writers": count,
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
        "picks lost ids": picks_wrong[:20],
        "picks in doubt": len(picks_in_doubt),
        "todos in the list": len(todos),
        **totals,
        "final sessions kept": sum(1 for f in finals if f == "kept"),
        "final sessions": finals,
        "unexpected answers": [u for w in writers for u in w.unexpected][:20],
    }
    with open(os.path.join(folder, "writers.json"), "w") as file:
        json.dump(report, file, indent=1)
    print(json.dumps({k: v for k, v in report.items() if k not in ("final sessions",)}, indent=1))


def command_sessions(url, sessions_file, out, threads=8):
    ids = [line.split()[0] for line in open(sessions_file) if line.strip()]
    results = {"sessions": len(ids), "signed in": 0, "lost": 0, "in doubt": 0, "examples": []}
    lock = threading.Lock()
    cursor = iter(ids)

    def worker():
        browser = Browser(url)
        while True:
            with lock:
                session = next(cursor, None)
            if session is None:
                return
            browser.cookie = session
            try:
                ok, answer = browser.signed_in()
            except InDoubt as doubt:
                ok, answer, kind = False, str(doubt), "in doubt"
            else:
                kind = "signed in" if ok else "lost"
            with lock:
                results[kind] += 1
                if not ok and len(results["examples"]) < 5:
                    results["examples"].append(answer)

    workers = [threading.Thread(target=worker) for _ in range(threads)]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join()
    with open(out, "w") as file:
        json.dump(results, file)
    print("sessions:", results)


def main(args):
    if not args:
        sys.exit(__doc__)
    command, rest = args[0], args[1:]
    if command == "login":
        command_login(rest[0], int(rest[1]), rest[2], *(int(a) for a in rest[3:4]))
    elif command == "writers":
        projects = [int(p) for p in rest[3].split(",")]
        command_writers(rest[0], rest[1], rest[2], projects, int(rest[4]), float(rest[5]), rest[6])
    elif command == "sessions":
        command_sessions(rest[0], rest[1], rest[2], *(int(a) for a in rest[3:4]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
