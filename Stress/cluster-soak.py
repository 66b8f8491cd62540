#!/usr/bin/env python3
"""Clients for the cluster soak (Stress/run.sh, part `cluster`): the soak through nginx in front of
several todo-demo-postgres instances, one of them killed with kill -9 and restarted during it.
HTTP only, through the cluster's URL (nginx), from 127.0.0.2 like Stress/client.py (whose `login`
signs the soak's sessions in).

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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import client as stress  # noqa: E402  (Stress/client.py: SOURCE, run_workers, run_threads)
sb = stress.sb  # Tests/EndToEnd/signalbox_http.py

LIST = "/authenticated/todos"


class InDoubt(Exception):
    """The request may or may not have been carried out: no answer, or nginx's 502."""


class Browser(sb.Session):
    """One session on one keep-alive connection (from stress.SOURCE); never re-sends a request."""

    def __init__(self, url):
        super().__init__(url, source=stress.SOURCE[0], resend=False)

    def send(self, method, path, fields=None, json_answer=False):
        """(status, location, JSON state or None); raises InDoubt."""
        try:
            status, state = self.request(method, path, fields, json_answer=json_answer)
        except (OSError, http.client.HTTPException) as error:
            raise InDoubt(f"no answer: {type(error).__name__}: {error}") from error
        if status == 502:
            raise InDoubt("502 from nginx")
        return status, self.headers.get("location"), state if isinstance(state, dict) else None

    def sign_in(self, username, password):
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

    def still_signed_in(self):
        """signed_in(), asked again (up to 100 times) while the answer is in doubt."""
        for _ in range(100):
            try:
                return self.signed_in()
            except InDoubt:
                time.sleep(0.05)
        return False, "no answer"


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
        ok, answer = self.browser.still_signed_in()
        if not ok:
            self.counts["sessions lost"] += 1
            self.log.write(f"session lost\t{answer}\n")
            while not self.try_login():
                time.sleep(0.1)

    def try_login(self):
        try:
            return self.browser.sign_in(self.user, self.password)
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
            ok, answer = self.browser.still_signed_in()
            self.final = "kept" if ok else f"lost ({answer})"
        except Exception as error:  # a bug here, not the cluster's
            self.final = f"client error: {error!r}"
            ready()
        finally:
            self.log.close()


def command_writers(url, user, password, projects, count, pause, folder):
    writers = [Writer(i, url, user, password, projects, pause, folder) for i in range(count)]
    stress.run_workers(writers, folder)
    # What the cluster has: USER's list, through a new session.
    checker = Browser(url)
    assert checker.sign_in(user, password), "the checker could not sign in"
    status, _, state = checker.send("GET", LIST, json_answer=True)
    assert status == 200 and state, status
    logs = [os.path.join(folder, f"writer-{writer.index}.log") for writer in writers]
    report = {"writers": count, **stress.outcome_report(writers, logs, stress.crash_todos(state))}
    with open(os.path.join(folder, "writers.json"), "w") as file:
        json.dump(report, file, indent=1)
    print(json.dumps({k: v for k, v in report.items() if k not in ("final sessions",)}, indent=1))


def command_sessions(url, sessions_file, out, threads=8):
    ids = [line.split()[0] for line in open(sessions_file) if line.strip()]
    results = {"sessions": len(ids), "signed in": 0, "lost": 0, "in doubt": 0, "examples": []}
    lock = threading.Lock()
    cursor = iter(ids)

    def worker(_):
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

    stress.run_threads(worker, threads)
    with open(out, "w") as file:
        json.dump(results, file)
    print("sessions:", results)


def main(args):
    if not args:
        sys.exit(__doc__)
    command, rest = args[0], args[1:]
    if command == "writers":
        projects = [int(p) for p in rest[3].split(",")]
        command_writers(rest[0], rest[1], rest[2], projects, int(rest[4]), float(rest[5]), rest[6])
    elif command == "sessions":
        command_sessions(rest[0], rest[1], rest[2], *(int(a) for a in rest[3:4]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
