#!/usr/bin/env python3
"""Return to origin in Firefox: a manual check, not part of `make test` (CI has only Chromium).

Usage: firefox_return_check.py <path-to-todo-demo>
Needs: apt-get install firefox-esr (no geckodriver: this drives Firefox's own Marionette port).

Starts the demo (--in-memory, port 0), gives alice 50 more todos, then in headless Firefox, with
the pages' scripts off and then on: the list, its last todo, the breadcrumb back. Prints where the
focus is (the link to that todo is expected) and where that link sits in the viewport.
"""

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

import signalbox_http as sb


class Marionette:
    """Marionette's protocol: `length:json` frames; a command is [0, id, name, params]."""

    def __init__(self, port):
        for _ in range(150):
            try:
                self.sock = socket.create_connection(("127.0.0.1", port))
                break
            except OSError:
                time.sleep(0.2)
        else:
            sys.exit(f"Firefox did not open its Marionette port {port}")
        self.buffer = b""
        self.last_id = 0
        self.read()  # the server's hello

    def read(self):
        while b":" not in self.buffer:
            self.buffer += self.sock.recv(65536)
        length, rest = self.buffer.split(b":", 1)
        while len(rest) < int(length):
            rest += self.sock.recv(65536)
        self.buffer = rest[int(length):]
        return json.loads(rest[:int(length)])

    def call(self, name, params=None):
        self.last_id += 1
        data = json.dumps([0, self.last_id, name, params or {}]).encode()
        self.sock.sendall(str(len(data)).encode() + b":" + data)
        _, _, error, result = self.read()
        if error:
            raise RuntimeError(f"{name}: {error}")
        return result

    def script(self, source):
        return self.call("WebDriver:ExecuteScript", {"script": source, "args": []})["value"]


def check(base, scripts):
    profile = tempfile.mkdtemp(prefix="signalbox-firefox-")
    port = 2828 if scripts else 2829
    with open(os.path.join(profile, "user.js"), "w") as prefs:
        prefs.write(f'user_pref("marionette.port", {port});\n')
        if not scripts:
            prefs.write('user_pref("javascript.enabled", false);\n')  # WebDriver's scripts still run
    firefox = subprocess.Popen(["firefox-esr", "--headless", "--marionette", "--profile", profile],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        browser = Marionette(port)
        browser.call("WebDriver:NewSession", {"capabilities": {}})
        browser.call("WebDriver:SetWindowRect", {"width": 1100, "height": 800})
        api = sb.Session(base)
        api.login("alice", "wonderland")
        browser.call("WebDriver:Navigate", {"url": base + "/unauthenticated"})
        browser.call("WebDriver:AddCookie", {"cookie": {"name": sb.COOKIE, "value": api.cookie, "path": "/"}})
        browser.call("WebDriver:Navigate", {"url": base + "/authenticated/todos"})
        last = browser.script("const links = document.querySelectorAll('#todo-list a.list-link');"
                              "return links[links.length - 1].getAttribute('href');")
        browser.call("WebDriver:Navigate", {"url": base + last})
        crumb = browser.call("WebDriver:FindElement",
                             {"using": "css selector", "value": "nav.breadcrumbs a[href='/authenticated/todos']"})
        browser.call("WebDriver:ElementClick", {"id": next(iter(crumb["value"].values()))})
        time.sleep(1)
        path, tag, href, top, bottom, height, scrolled = browser.script(
            "const e = document.activeElement, r = e.getBoundingClientRect();"
            "return [location.pathname, e.tagName, e.getAttribute('href'), Math.round(r.top), Math.round(r.bottom),"
            " innerHeight, scrollY];")
        label = "scripts on" if scripts else "scripts off"
        focused = path == "/authenticated/todos" and tag == "A" and href == last
        in_view = 0 <= top and bottom <= height and scrolled > 0
        verdict = "PASS" if focused and in_view else "FAIL"
        print(f"{verdict} {label}: focus on {tag} {href} (expected {last}), at {top}-{bottom} px of a {height} px "
              f"viewport, scrolled {scrolled} px")
        browser.call("WebDriver:DeleteSession")
        return verdict == "PASS"
    finally:
        firefox.kill()
        firefox.wait()
        shutil.rmtree(profile, ignore_errors=True)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip().splitlines()[2])
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    process, base = sb.start([sys.argv[1], "--port", "0", "--in-memory"], cwd=repo)
    try:
        api = sb.Session(base)
        api.login("alice", "wonderland")
        for number in range(50):
            api.request("POST", "/authenticated/todos/createTodo", {"title": f"Errand {number}"})
        passed = [check(base, scripts) for scripts in (False, True)]
    finally:
        process.terminate()
        process.wait(timeout=10)
    print("firefox-esr", subprocess.run(["firefox-esr", "--version"], capture_output=True, text=True).stdout.strip())
    sys.exit(0 if all(passed) else 1)


if __name__ == "__main__":
    main()
