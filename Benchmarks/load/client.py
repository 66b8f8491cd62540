#!/usr/bin/env python3
"""Sets up the load benchmark through the servers' public HTTP interfaces (no hooks).

  client.py demo URL OUT_DIR [--todos 20] [--sessions 64] [--mount /todo]
      (--mount: the demo is served under that path, as the embedding examples serve it.)
      Logs in as alice (JSON: GET a page without a cookie → csrf + cookie; POST the login form
      with X-CSRF-Token; the id rotates), adds todos titled "Todo number N" through the
      new-todo dialog until the list holds --todos, then writes OUT_DIR/demo-one.txt (one
      logged-in session on /authenticated/todos), OUT_DIR/demo-many.txt (--sessions more),
      OUT_DIR/demo-csrf.txt (those sessions, each with its CSRF token, for POSTs),
      OUT_DIR/demo-revalidate.txt (each with its list page's ETag) and OUT_DIR/demo-page.html
      (the list page's body).
  client.py hummingbird URL OUT_DIR [--sessions 64]
      POST /login for 1 + --sessions sessions: OUT_DIR/hb-one.txt, OUT_DIR/hb-many.txt,
      OUT_DIR/hb-page.html.
  client.py get URL PATH COOKIE
      Prints the status and body size of one GET with that session (a sanity check).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "EndToEnd"))
import signalbox_http as sb  # noqa: E402

LIST = "/authenticated/todos"
MOUNT = ""  # --mount: the path the demo is served under ("" at /)
Client = sb.Session


def demo(url, out, todos, sessions):
    client = Client(url)
    state = client.login("alice", "wonderland", mount=MOUNT, start=LIST)
    count = state["screen"]["count"]
    while count < todos:
        number = count + 1
        status, created = client.request("POST", MOUNT + LIST + "/createTodo", {"title": f"Todo number {number}"})
        assert status == 200 and created["path"] == f"{MOUNT}{LIST}/todo/{number}", (status, created)
        status, state = client.request("GET", MOUNT + LIST)
        count = state["screen"]["count"]
    assert count == todos, f"the list holds {count} todos, wanted {todos} (restart the demo)"
    status, page = client.request("GET", MOUNT + LIST, json_answer=False)
    assert status == 200, status
    open(f"{out}/demo-page.html", "wb").write(page)
    open(f"{out}/demo-one.txt", "w").write(client.cookie + "\n")
    others = sb.login_sessions(url, sessions, mount=MOUNT, start=LIST)
    ids = [other.cookie for other in others]
    open(f"{out}/demo-many.txt", "w").write("".join(i + "\n" for i in ids))
    sb.write_sessions(f"{out}/demo-csrf.txt", others)
    # Each session's validator of its list page, for revalidation (If-None-Match → 304).
    lines = []
    for cookie in ids:
        other = Client(url, cookie)
        status, _ = other.request("GET", MOUNT + LIST, json_answer=False)
        etag = other.headers.get("etag")
        assert status == 200 and etag, (status, other.headers)
        status, body = other.request("GET", MOUNT + LIST, headers={"If-None-Match": etag}, json_answer=False)
        assert status == 304 and not body, status
        lines.append(f"{cookie} {etag}\n")
    open(f"{out}/demo-revalidate.txt", "w").write("".join(lines))
    print(f"demo: {count} todos, 1 + {sessions} sessions on {MOUNT}{LIST}, page {len(page)} bytes")


def hb_login(url):
    client = Client(url)
    status, _ = client.request("POST", "/login", {"username": "alice", "password": "wonderland"}, json_answer=False)
    assert status == 303 and client.cookie, status
    return client


def hummingbird(url, out, sessions):
    client = hb_login(url)
    status, page = client.request("GET", LIST, json_answer=False)
    assert status == 200, status
    open(f"{out}/hb-page.html", "wb").write(page)
    open(f"{out}/hb-one.txt", "w").write(client.cookie + "\n")
    ids = [hb_login(url).cookie for _ in range(sessions)]
    open(f"{out}/hb-many.txt", "w").write("".join(i + "\n" for i in ids))
    print(f"hummingbird: 1 + {sessions} sessions, page {len(page)} bytes")


def option(args, name, default):
    return int(args[args.index(name) + 1]) if name in args else default


def main(args):
    global MOUNT
    command = args[0]
    if "--mount" in args:
        MOUNT = args[args.index("--mount") + 1].rstrip("/")
    if command == "demo":
        demo(args[1], args[2], option(args, "--todos", 20), option(args, "--sessions", 64))
    elif command == "hummingbird":
        hummingbird(args[1], args[2], option(args, "--sessions", 64))
    elif command == "get":
        client = Client(args[1], args[3])
        status, data = client.request("GET", args[2], json_answer=False)
        print(status, len(data))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
