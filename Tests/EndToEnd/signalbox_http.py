"""The scripts' one HTTP toolkit (Tests/EndToEnd, Stress, Benchmarks): starting a server and
reading its "Listening on" line, the session cookie, CSRF, forms and logging in. Standard
library only; scripts outside this folder add it to sys.path:

    sys.path.insert(0, os.path.join(REPO, "Tests", "EndToEnd"))
    import signalbox_http as sb

    process, url = sb.start([binary, "--port", "0", "--in-memory"], cwd=REPO)
    session = sb.Session(url)
    session.login("alice", "wonderland")
    status, state = session.request("GET", "/authenticated/todos")   # state: the JSON state
"""
import http.client
import json
import re
import subprocess
import time
import urllib.parse

COOKIE = "signalbox_session"
LISTENING = "Listening on "


def listening_url(line):
    """The URL of a server's "Listening on http://HOST:PORT[/mount]" line, or None."""
    line = line.strip()
    return line[len(LISTENING):] if line.startswith(LISTENING + "http://") else None


def start(command, cwd=None, env=None, timeout=30, stderr=subprocess.DEVNULL):
    """Starts a server (`--port 0`) and returns (process, URL) once it prints where it listens.
    Raises RuntimeError, the process killed, when it exits or stays silent for `timeout` s."""
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=stderr, text=True)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        url = listening_url(line)
        if url:
            return process, url
        if not line and process.poll() is not None:
            break
    process.kill()
    raise RuntimeError(f"{command[0]} did not print '{LISTENING}…'")


def session_id(set_cookies, name=COOKIE):
    """The session id the last of these Set-Cookie values sets, or None when none names it."""
    found = None
    for header in set_cookies:
        first = header.split(";", 1)[0].strip()
        if first.startswith(name + "="):
            found = first[len(name) + 1:]
    return found


def set_cookies(response):
    """Every Set-Cookie value of an http.client response."""
    return [value for header, value in response.getheaders() if header.lower() == "set-cookie"]


class Session:
    """One browser session on one keep-alive connection: its cookie, and the CSRF token of the
    last JSON state or HTML form (sent as X-CSRF-Token with every POST). A request the server
    answered by closing the connection (a 413, a 414) is sent once more on a new one, unless
    `resend` is False: then any request that got no answer raises (OSError or
    http.client.HTTPException), for clients that must know what is in doubt."""

    def __init__(self, url, cookie=None, source=None, timeout=60, csrf=None, resend=True):
        parts = urllib.parse.urlsplit(url)
        self.host, self.port = parts.hostname, parts.port
        # The address its connections come from (any 127.x.y.z is this machine), or any.
        self.source = (source, 0) if source else None
        self.timeout = timeout
        self.resend = resend
        self.conn = self.connect()
        self.cookie = cookie
        self.csrf = csrf
        self.headers = {}

    def connect(self):
        return http.client.HTTPConnection(self.host, self.port, timeout=self.timeout, source_address=self.source)

    def request(self, method, path, fields=None, json_answer=True, body=None, headers=None):
        """(status, the JSON state when the answer is one, else the body's bytes). `fields` is a
        form (a dict or pairs); the answer's headers are in `self.headers`, names lowercased."""
        headers = dict(headers or {})
        if json_answer:
            headers["Accept"] = "application/json"
        if self.cookie:
            headers["Cookie"] = f"{COOKIE}={self.cookie}"
        if self.csrf and method == "POST":
            headers.setdefault("X-CSRF-Token", self.csrf)
        if fields is not None:
            body = urllib.parse.urlencode(fields)
        if body is not None:
            headers.setdefault("Content-Type", "application/x-www-form-urlencoded")
        try:
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.conn.close()
            if not self.resend or not isinstance(error, (ConnectionError, http.client.HTTPException)):
                raise
            self.conn = self.connect()
            self.conn.request(method, path, body=body, headers=headers)
            response = self.conn.getresponse()
            data = response.read()
        self.headers = {name.lower(): value for name, value in response.getheaders()}
        self.cookie = session_id(set_cookies(response)) or self.cookie
        if json_answer and data.startswith(b"{"):
            state = json.loads(data)
            if "csrf" in state:
                self.csrf = state["csrf"]
            return response.status, state
        token = re.search(rb'name="_csrf" value="([^"]*)"', data)
        if token:
            self.csrf = token.group(1).decode()
        return response.status, data

    def login(self, username, password, mount="", page="/unauthenticated", start=None):
        """Signs in through the login form (JSON: the state after the redirect). Returns it;
        raises RuntimeError when the login page or the login fails. With `start`, GETs that
        page first (the guard keeps it and sends the visitor to the login page), and the login
        must continue to it."""
        status, state = self.request("GET", mount + (start or page))
        if status != 200 or not isinstance(state, dict) or (start and state.get("path") != mount + page):
            raise RuntimeError(f"GET {mount}{start or page}: {status} {str(state)[:200]}")
        status, state = self.request("POST", mount + page, {"username": username, "password": password})
        path = state.get("path", "") if isinstance(state, dict) else ""
        if status != 200 or "/authenticated" not in path or (start and path != mount + start):
            raise RuntimeError(f"login as {username}: {status} {str(state)[:200]}")
        return state


def live_validator(html):
    """The validator a page carries for its live stream (<body data-live>), or None."""
    match = re.search(rb'data-live="([^"]*)"', html if isinstance(html, bytes) else html.encode())
    return match.group(1).decode().replace("&quot;", '"') if match else None


class EventStream:
    """A live page's event stream (GET /_live), read one event at a time: a dict of its fields
    ("event", "data", "id"), or {"comment": text} for a heartbeat. `cookie` is the session's.

    Every read has a bound: `timeout` seconds (10) unless a call gives its own. When it passes,
    the read raises ``EventStream.Timeout`` (a TimeoutError) whose message names the stream
    (`label`, by default the URL and page) and what it waited for; the stream cannot be read
    after that (close it, open another)."""

    class Timeout(TimeoutError):
        """Nothing arrived in time; the message says on which stream and what was awaited."""

    def __init__(self, url, cookie, page, validator=None, source=None, timeout=10, label=None):
        parts = urllib.parse.urlsplit(url)
        mount = parts.path.rstrip("/")
        query = {"page": mount + page}
        if validator:
            query["v"] = validator
        self.label = label or f"the stream of {page} on {url}"
        self.timeout = timeout
        self.target = mount + "/_live?" + urllib.parse.urlencode(query)
        self.broken = None
        self.conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout,
                                               source_address=(source, 0) if source else None)
        try:
            self.conn.request("GET", self.target,
                              headers={"Accept": "text/event-stream", "Cookie": f"{COOKIE}={cookie}"})
            # The socket, kept: the connection forgets it when the answer ends with the connection.
            self.sock = self.conn.sock
            self.response = self.conn.getresponse()
        except TimeoutError:
            self.conn.close()
            raise self.Timeout(f"{self.label}: no answer to GET {self.target} within {timeout:g} s") from None
        self.status = self.response.status
        self.headers = {name.lower(): value for name, value in self.response.getheaders()}

    def next_event(self, timeout=None):
        """The next event, or None once the stream ended; raises ``EventStream.Timeout`` when
        none arrives within `timeout` s (the stream's own by default)."""
        return self._next_event(self._bound(timeout, "event"))

    def next_change(self, timeout=None):
        """The next event that is not the opening `retry` or a heartbeat, or None once the stream
        ended; raises ``EventStream.Timeout`` when none arrives within `timeout` s in all (the
        stream's own by default), heartbeats or not."""
        bound = self._bound(timeout, "change event")
        while True:
            event = self._next_event(bound)
            if event is None or "event" in event:
                return event

    def _bound(self, timeout, what):
        """(deadline, what was awaited and how long) for one wait."""
        seconds = self.timeout if timeout is None else timeout
        return time.monotonic() + seconds, f"{what} within {seconds:g} s"

    def _next_event(self, bound):
        fields = {}
        while True:
            line = self._readline(bound)
            if not line:
                return None
            line = line.decode().rstrip("\n")
            if not line:
                if fields:
                    return fields
                continue
            if line.startswith(":"):
                return {"comment": line[1:].strip()}
            name, _, value = line.partition(":")
            fields[name] = value[1:] if value.startswith(" ") else value

    def _readline(self, bound):
        deadline, awaited = bound
        if self.broken:
            raise self.Timeout(f"{self.label}: cannot wait for a {awaited}: it {self.broken}")
        try:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            self.sock.settimeout(remaining)
            return self.response.readline()
        except TimeoutError:
            self.broken = f"timed out before, waiting for a {awaited}"
            raise self.Timeout(f"{self.label}: no {awaited} (GET {self.target})") from None

    def close(self):
        self.conn.close()
        self.response.close()


def login_sessions(url, count, username="alice", password="wonderland", threads=1, source=None, **where):
    """`count` new sessions (from `source`) signed in as `username` (Session.login, `where` its
    mount and start), `threads` at a time; each connection closed. Raises RuntimeError naming
    the failures."""
    from concurrent.futures import ThreadPoolExecutor

    def signed_in(_):
        try:
            session = Session(url, source=source)
            session.login(username, password, **where)
            session.conn.close()
            return session
        except Exception as error:  # reported below
            return error

    with ThreadPoolExecutor(max_workers=threads) as pool:
        results = list(pool.map(signed_in, range(count)))
    errors = [repr(result) for result in results if isinstance(result, Exception)]
    if errors:
        raise RuntimeError(f"login failed {len(errors)} times: {errors[:3]}")
    return results


def write_sessions(path, sessions):
    """One "COOKIE CSRF" line per session (the format of the wrk scripts' session files)."""
    with open(path, "w") as file:
        file.writelines(f"{s.cookie} {s.csrf}\n" for s in sessions)


def rss_kib(pid):
    """A process's resident set size (VmRSS) in KiB."""
    return int(re.search(r"VmRSS:\s+(\d+)", open(f"/proc/{pid}/status").read()).group(1))


if __name__ == "__main__":
    # For shell scripts: signalbox_http.py login URL USER PASSWORD prints "COOKIE CSRF PATH" of a
    # new session signed in (PATH: where the login led).
    import sys
    if sys.argv[1:2] != ["login"] or len(sys.argv) != 5:
        sys.exit("usage: signalbox_http.py login URL USER PASSWORD")
    signed_in = Session(sys.argv[2])
    path = signed_in.login(sys.argv[3], sys.argv[4])["path"]
    print(f"{signed_in.cookie} {signed_in.csrf} {path}")
