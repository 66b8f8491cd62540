"""Live pages in headless Chromium (part of browser_test.py): two windows of one session (two
browsers sharing the session cookie, both visible), and another user sharing nothing.

Window 1 creates 20 todos through the new-todo dialog; window 2, on the todo list, must show each
(the walk prints how fast: median and 95th percentile), without reloading its document (a marker
set on its window survives) and with one page fetch per change. Then window 2 types into its own new-todo dialog
while window 1 creates another todo: the list behind the dialog shows it, and the typed text,
focus and caret are kept; window 2 sends it, and window 1's page, swapped in, keeps its notice.
Another user's todos (made through the JSON API) change nothing in
window 2.
"""

import os
import random
import sys
import time
import urllib.parse

import signalbox_http as sb
from selenium.webdriver.common.by import By

# The page fetches the script made since window 2 loaded its document.
FETCHES = (
    "return performance.getEntriesByType('resource')"
    ".filter(e => e.initiatorType === 'fetch' && new URL(e.name).pathname.endsWith('/authenticated/todos')).length"
)

# The page script marks <html> while the page's stream is open.
LIVE = "return document.documentElement.dataset.liveStream === 'open'"


def login(session, username="alice", password="wonderland"):
    driver = session.driver
    driver.get(session.base + "/unauthenticated")
    session.find("#username").send_keys(username)
    session.find("#password").send_keys(password)
    session.click("button[type=submit]")
    session.expect_path("/authenticated/home")


def share_session(first, second):
    """Gives `second`'s browser the session cookie of `first`'s: a second window of the session."""
    second.driver.get(second.base + "/unauthenticated")
    cookie = first.driver.get_cookie(sb.COOKIE)
    second.driver.delete_all_cookies()
    second.driver.add_cookie({"name": cookie["name"], "value": cookie["value"], "path": cookie.get("path", "/")})


# Seconds a change may take to reach the other window before the walk calls it lost: a bound for
# "never", not a speed goal (the walk prints the latencies; BENCHMARKS.md's live part measures them).
LOST = 30


def wait_for(session, condition, what, failure):
    """Polls `condition` until it holds (returns the time it did), at most LOST seconds."""
    deadline = time.monotonic() + LOST
    while time.monotonic() < deadline:
        if condition():
            return time.monotonic()
        time.sleep(0.005)
    raise failure("%s within %.0f s (on %s)" % (what, LOST, session.path()))


def list_titles(session):
    return session.driver.execute_script(
        "return [...document.querySelectorAll('#todo-list a.list-link')].map(e => e.textContent.trim().split('\\n')[0].trim())"
    )


def create_in_dialog(session, title):
    """Window 1: the new-todo dialog, typed, sent; returns the time of the click (this returns once
    window 1 shows the new todo's page)."""
    driver = session.driver
    driver.get(session.base + "/authenticated/todos/createTodo")
    field = session.find("#field-title")
    field.clear()  # (the session's draft of this form, typed in the other window, may fill it)
    field.send_keys(title)
    clicked = time.monotonic()
    session.click("dialog.modal form[data-draft] button[type=submit]")
    session.expect_text("h1", title)
    return clicked


def walk(first, second, failure, changes=20):
    """`first` and `second` are Sessions of two browsers; `failure` is the exception to raise."""
    login(first)
    share_session(first, second)
    second.driver.get(second.base + "/authenticated/todos")
    second.expect_path("/authenticated/todos")
    second.driver.execute_script("window.liveMarker = 'no reload'")
    # The stream opens once the page is visible and the script ran.
    wait_for(second, lambda: second.driver.execute_script(LIVE), "the live page opened no stream", failure)
    second.step("live-window-2-open")

    latencies = []
    lags = []  # after window 1 had its own page: what the live path itself adds
    for number in range(changes):
        title = "Live errand %d" % number
        fetches = second.driver.execute_script(FETCHES)
        clicked = create_in_dialog(first, title)
        landed = time.monotonic()
        shown = wait_for(second, lambda: title in list_titles(second),
                         "window 2 did not show %r" % title, failure)
        latencies.append(shown - clicked)
        lags.append(shown - landed)
        if second.driver.execute_script("return window.liveMarker") != "no reload":
            raise failure("window 2 reloaded its document for %r" % title)
        made = second.driver.execute_script(FETCHES) - fetches
        if made != 1:
            raise failure("window 2 fetched its page %d times for one change" % made)
    latencies.sort()
    p95 = latencies[max(0, int(round(0.95 * len(latencies))) - 1)]
    median = latencies[len(latencies) // 2]
    lags.sort()
    print("     (window 1's new todo in window 2: median %.0f ms, p95 %.0f ms, max %.0f ms over %d changes from the "
          "click; %.0f ms median, %.0f ms max after window 1 showed its own new page)"
          % (median * 1000, p95 * 1000, latencies[-1] * 1000, len(latencies), lags[len(lags) // 2] * 1000,
             lags[-1] * 1000))
    second.step("live-window-2-after-%d-changes" % changes)

    # Window 2 types into its own dialog while window 1 creates a todo: nothing typed is lost.
    second.driver.get(second.base + "/authenticated/todos/createTodo")
    second.driver.execute_script("window.liveMarker = 'no reload'")
    field = second.find("#field-title")
    field.send_keys("Half-typed in window 2")
    title = "Live errand while typing"
    create_in_dialog(first, title)
    wait_for(second, lambda: title in list_titles(second), "the list behind window 2's dialog did not update", failure)
    state = second.driver.execute_script(
        "const e = document.activeElement;"
        "return [e.id, e.value, e.selectionStart, window.liveMarker];"
    )
    if state != ["field-title", "Half-typed in window 2", len("Half-typed in window 2"), "no reload"]:
        raise failure("window 2's dialog after the update: %r" % (state,))
    second.find("#field-title").send_keys(", finished")
    if second.value("#field-title") != "Half-typed in window 2, finished":
        raise failure("typing on after the update gave %r" % second.value("#field-title"))
    second.step("live-typing-kept")

    # Window 1 shows the notice of the todo it created; window 2's todo changes its page, which
    # window 1 swaps in: the notice stays (the new version has none: a notice shows once).
    notice = first.text(".notices .notice")
    first.driver.execute_script("window.shownBody = document.body")
    second.click("dialog.modal form[data-draft] button[type=submit]")
    wait_for(first, lambda: first.driver.execute_script("return document.body !== window.shownBody"),
             "window 1 did not swap in window 2's todo", failure)
    if first.texts(".notices .notice") != [notice]:
        raise failure("window 1's notice %r after the swap: %r" % (notice, first.texts(".notices .notice")))
    first.step("live-notice-kept")

    # Another user, sharing nothing with alice: their todos change nothing in window 2.
    second.driver.get(second.base + "/authenticated/todos")
    second.driver.execute_script("window.liveMarker = 'no reload'")
    wait_for(second, lambda: second.driver.execute_script(LIVE), "the list opened no stream", failure)
    mount = urllib.parse.urlsplit(second.base).path.rstrip("/")
    other = sb.Session(second.base)
    name = "hatter%d" % random.randrange(10000, 99999)  # (a cluster's database outlives one walk)
    other.request("GET", mount + "/unauthenticated/registration")
    other.request("POST", mount + "/unauthenticated/registration", {"username": name})
    status, _ = other.request("POST", mount + "/unauthenticated/registration/password/" + name,
                              {"username": name, "password": "tea-party-6", "confirmation": "tea-party-6"})
    fetches = second.driver.execute_script(FETCHES)
    for number in range(3):
        status, _ = other.request("POST", mount + "/authenticated/todos/createTodo", {"title": "Hatter %d" % number})
        if status != 200:
            raise failure("the other user's todo answered %d" % status)
    # Then one of alice's own: window 2 shows it after exactly one fetch (none for the hatter's).
    title = "Alice again"
    create_in_dialog(first, title)
    wait_for(second, lambda: title in list_titles(second), "window 2 did not show %r" % title, failure)
    made = second.driver.execute_script(FETCHES) - fetches
    if made != 1 or any(t.startswith("Hatter") for t in list_titles(second)):
        raise failure("another user's changes reached window 2 (%d fetches)" % made)
    second.step("live-other-user-unseen")


def main():
    """Through a running cluster (cluster.sh --run sets CLUSTER_URL): browser_live.py <screenshot-folder>."""
    import browser_test

    if len(sys.argv) != 2 or not os.environ.get("CLUSTER_URL"):
        print("usage: CLUSTER_URL=... browser_live.py <screenshot-folder> (run it through cluster.sh --run)",
              file=sys.stderr)
        return 2
    shots = sys.argv[1]
    os.makedirs(shots, exist_ok=True)
    base = os.environ["CLUSTER_URL"].rstrip("/")
    started = time.monotonic()
    first, second = browser_test.make_driver(), browser_test.make_driver()
    try:
        walk(browser_test.Session(first, base, shots), browser_test.Session(second, base, shots), AssertionError)
    except AssertionError as failure:
        first.save_screenshot(os.path.join(shots, "failure-window-1.png"))
        second.save_screenshot(os.path.join(shots, "failure-window-2.png"))
        print("FAIL %s" % failure)
        return 1
    finally:
        first.quit()
        second.quit()
    print("PASS live pages through the cluster in %.1f s (screenshots in %s)" % (time.monotonic() - started, shots))
    return 0


if __name__ == "__main__":
    sys.exit(main())
