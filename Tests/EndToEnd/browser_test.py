#!/usr/bin/env python3
"""Drives the todo demo in headless Chromium, like a user with a mouse.

Usage: browser_test.py <path-to-todo-demo> <screenshot-folder>

The program may also be an embedding example (todo-hummingbird) that mounts the demo under a path:
the URL it prints ("Listening on http://127.0.0.1:PORT/todo") is the app's base, and every link,
form, stylesheet and script of every page must stay under it.

Starts the demo on a free port, then: login (wrong, then right password) -> Todos tab ->
a todo -> the new-todo dialog -> submit -> Back -> Forward -> reload -> attach a file to the todo
and download it -> a double click on "Create" makes one todo -> another tab and back (the Todos
tab keeps its stack) -> logout and Back; then live pages in two windows of one session
(browser_live.py); then, with 50 more todos and the pages' scripts off and
on, the last todo of the list and the breadcrumb back (return to origin); then a draft typed into
the new-todo dialog, another tab, kill -9 and a restart, discarded, then the todo created; and the
todo's note typed, another tab and back, saved. Checks what every
page shows, saves a screenshot per step and prints how long it took. Exits non-zero on the first failure.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
import signalbox_http as sb
import browser_live

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

HOSTILE_TITLE = "Feed the Cheshire cat <b>now</b>"


class Failure(Exception):
    pass


def start_demo(binary, folder=None):
    """Starts the demo with --port 0 (its data and sessions in `folder`, a new one by default)
    and returns (process, base URL) once it listens."""
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    folder = folder or tempfile.mkdtemp(prefix="signalbox-browser-")
    try:
        process, url = sb.start([binary, "--port", "0", "--database", os.path.join(folder, "demo.sqlite")], cwd=repo)
    except RuntimeError as error:
        raise Failure(str(error)) from error
    process.data_folder = folder
    return process, url


def make_driver(scripts=True):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1100,800"):
        options.add_argument(argument)
    if not scripts:
        # The pages' own scripts do not run; WebDriver's (which read the page below) still do.
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


class Session:
    def __init__(self, driver, base, shots):
        self.driver = driver
        self.base = base
        self.mount = urllib.parse.urlsplit(base).path.rstrip("/")  # "" at /, else "/todo"
        self.shots = shots
        self.step_number = 0
        self.wait = WebDriverWait(driver, 10)

    def href(self, path):
        """The link a page carries for an app path: the mount path, then the path."""
        return self.mount + path

    def expect_everything_under_base(self):
        """Every link, form, stylesheet and script of the page leads into the app."""
        urls = self.driver.execute_script(
            "return [...document.querySelectorAll('a[href]')].map(e => e.href)"
            # (not form.action: a field named "action" shadows it)
            ".concat([...document.querySelectorAll('form')]"
            ".map(e => new URL(e.getAttribute('action') || '', document.baseURI).href))"
            ".concat([...document.querySelectorAll('link[href]')].map(e => e.href))"
            ".concat([...document.querySelectorAll('script[src]')].map(e => e.src))"
        )
        outside = [url for url in urls if url != self.base and not url.startswith(self.base + "/")]
        if outside:
            raise Failure("%s leads outside %s: %r" % (self.path(), self.base, outside[:5]))

    def step(self, name):
        self.expect_everything_under_base()
        self.step_number += 1
        path = os.path.join(self.shots, "%02d-%s.png" % (self.step_number, name))
        self.driver.save_screenshot(path)
        print("PASS %02d %s (%s)" % (self.step_number, name, self.path()))

    def path(self):
        url = self.driver.current_url
        return url[len(self.base):] if url.startswith(self.base) else url

    def expect_path(self, path):
        try:
            self.wait.until(lambda _: self.path() == path)
        except TimeoutException:
            raise Failure("expected the path %s, got %s" % (path, self.path()))

    def text(self, css):
        return self.find(css).text

    def find(self, css):
        try:
            return self.wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, css)))
        except TimeoutException:
            raise Failure("nothing visible matches %r on %s" % (css, self.path()))

    def expect_text(self, css, expected):
        actual = self.text(css)
        if actual != expected:
            raise Failure("%s shows %r, expected %r (on %s)" % (css, actual, expected, self.path()))

    def expect_no(self, css):
        if self.driver.find_elements(By.CSS_SELECTOR, css):
            raise Failure("%r should not be on %s" % (css, self.path()))

    def expect_split(self, master, detail):
        """Which panes of the split view are visible (the stylesheet decides by window width)."""

        def shown(css):
            elements = self.driver.find_elements(By.CSS_SELECTOR, css)
            return bool(elements) and elements[0].is_displayed()

        try:
            self.wait.until(lambda _: (shown(".split-master"), shown(".split-detail")) == (master, detail))
        except TimeoutException:
            raise Failure(
                "expected master %s and detail %s on %s, got %s and %s"
                % (master, detail, self.path(), shown(".split-master"), shown(".split-detail"))
            )

    def click_link(self, text):
        self.find_link(text).click()

    def find_link(self, text):
        try:
            return self.wait.until(EC.element_to_be_clickable((By.LINK_TEXT, text)))
        except TimeoutException:
            raise Failure("no link %r on %s" % (text, self.path()))


def run(session):
    driver = session.driver
    driver.get(session.base + "/")
    session.expect_path("/unauthenticated")
    session.expect_text("h1", "Welcome")
    styled = driver.execute_script(
        "return [...document.styleSheets].some(s => s.href && s.href.endsWith('/app.css') && s.cssRules.length > 0)"
    )
    if not styled:
        raise Failure("the demo's stylesheet (app.css under the app's path) did not load")
    session.step("login-page")

    session.find("#username").send_keys("alice")
    session.find("#password").send_keys("looking-glass")
    session.find("button[type=submit]").click()
    session.expect_text(".alert-error", "Wrong username or password. Please try again.")
    if session.find("#username").get_attribute("value") != "alice":
        raise Failure("the username was not kept after a wrong password")
    session.step("wrong-password")

    session.find("#password").send_keys("wonderland")
    session.find("button[type=submit]").click()
    session.expect_path("/authenticated/home")
    session.expect_text("h1", "Hello, alice")
    session.step("home")

    session.find("nav.tabs a[href='%s']" % session.href("/authenticated/todos")).click()
    session.expect_path("/authenticated/todos")
    titles = [element.text for element in driver.find_elements(By.CSS_SELECTOR, "#todo-list .list-title")]
    if titles[:2] != ["Buy milk", "Paint the roses red"]:
        raise Failure("unexpected todo list %r" % titles)
    session.expect_text("nav.tabs a[aria-current]", "Todos")
    session.step("todos-tab")

    session.find("#todo-list a[href$='/todo/1']").click()
    session.expect_path("/authenticated/todos/todo/1")
    session.expect_text("h1", "Buy milk")
    session.expect_text("nav.breadcrumbs a[aria-current]", "Buy milk")
    session.step("todo")

    session.find("nav.breadcrumbs a[href='%s']" % session.href("/authenticated/todos")).click()  # the tab shows its stack
    session.expect_path("/authenticated/todos")
    session.click_link("New todo")
    session.expect_path("/authenticated/todos/createTodo")
    session.expect_text("dialog.modal h2", "New todo")
    session.step("create-dialog")

    session.find("#field-title").send_keys(HOSTILE_TITLE)
    session.find("dialog.modal button[type=submit]").click()
    session.expect_path("/authenticated/todos/todo/5")
    session.expect_no("dialog.modal")
    session.expect_text("h1", HOSTILE_TITLE)  # shown as text: the markup was escaped
    session.expect_no("h1 b")
    session.step("created")

    driver.back()
    session.expect_path("/authenticated/todos/createTodo")
    session.expect_text("dialog.modal h2", "New todo")
    session.step("back")

    driver.forward()
    session.expect_path("/authenticated/todos/todo/5")
    session.expect_text("h1", HOSTILE_TITLE)
    session.expect_no("dialog.modal")
    session.step("forward")

    driver.refresh()
    session.expect_path("/authenticated/todos/todo/5")
    session.expect_text("h1", HOSTILE_TITLE)
    session.step("refresh")

    # An upload (multipart, the file chosen in the file input), listed, and downloaded back with
    # the session's cookie.
    content = b"Minutes of the tea party\r\n--not a boundary\n\x00\xff"
    folder = tempfile.mkdtemp(prefix="signalbox-upload-")
    upload = os.path.join(folder, "minutes.txt")
    with open(upload, "wb") as file:
        file.write(content)
    session.find("#attachment-file").send_keys(upload)
    session.find(".attach-form button[type=submit]").click()
    session.expect_path("/authenticated/todos/todo/5")
    link = session.find(".attachment-list a")
    if link.text != "minutes.txt":
        raise Failure("the attachment is listed as %r" % link.text)
    session.step("attached")
    cookie = "; ".join("%s=%s" % (c["name"], c["value"]) for c in driver.get_cookies())
    request = urllib.request.Request(link.get_attribute("href"), headers={"Cookie": cookie})
    with urllib.request.urlopen(request, timeout=10) as answer:
        downloaded = answer.read()
        disposition = answer.headers.get("Content-Disposition", "")
    if downloaded != content or not disposition.startswith("attachment;"):
        raise Failure("the download differs: %r, %r" % (downloaded[:60], disposition))
    shutil.rmtree(folder, ignore_errors=True)

    # The dialog's form sent twice at once, as a double click that reaches the server twice or a
    # retry would (Chromium itself drops a second click while the first submission starts):
    # the browser's own encoding of the form (multipart, from FormData), one todo.
    session.find("nav.breadcrumbs a[href='%s']" % session.href("/authenticated/todos")).click()
    session.expect_path("/authenticated/todos")
    session.click_link("New todo")
    session.expect_path("/authenticated/todos/createTodo")
    session.find("#field-title").send_keys("Double click")
    statuses = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "const form = document.querySelector('dialog.modal form');"
        "const send = () => fetch(form.action, {method: 'POST', body: new FormData(form), redirect: 'manual'});"
        "Promise.all([send(), send()]).then(answers => done(answers.map(a => a.type)));"
    )
    if statuses != ["opaqueredirect", "opaqueredirect"]:
        raise Failure("the two submissions were answered %r, not two redirects" % statuses)
    driver.get(session.base.rstrip("/") + "/authenticated/todos")
    session.expect_path("/authenticated/todos")
    made = [e for e in driver.find_elements(By.CSS_SELECTOR, ".list-title") if e.text == "Double click"]
    if len(made) != 1:
        raise Failure("a double click on Create made %d todos" % len(made))
    session.step("double-click-made-one")
    session.find("#todo-list a[href$='/todo/5']").click()
    session.expect_path("/authenticated/todos/todo/5")

    session.find("nav.tabs a[href='%s']" % session.href("/authenticated/projects")).click()
    session.expect_path("/authenticated/projects")
    session.expect_text("h1", "Projects")
    session.expect_split(master=True, detail=True)  # the detail pane's placeholder, on a wide window
    session.step("projects-tab")

    # The Projects tab is a split view: the list beside the project on a wide window, the project
    # alone on a narrow one (the list alone at the list's URL); one URL for both panes, so Back,
    # Forward and refresh work as on any page.
    project = session.href("/authenticated/projects/project/1")
    session.find(".split-master a[href='%s']" % project).click()
    session.expect_path("/authenticated/projects/project/1")
    session.expect_split(master=True, detail=True)
    master, heading = session.find(".split-master"), session.find(".split-detail h1")
    if master.location["x"] + master.size["width"] > heading.location["x"]:
        raise Failure("the split view's panes are not side by side on a wide window")
    if not session.find(".split-detail h1").text or session.find(".split-detail h1").text == "Projects":
        raise Failure("the detail pane does not show the project")
    session.step("split-wide")
    driver.set_window_size(420, 800)
    session.expect_split(master=False, detail=True)
    session.step("split-narrow-detail")
    driver.back()
    session.expect_path("/authenticated/projects")
    session.expect_split(master=True, detail=False)
    session.step("split-narrow-master")
    driver.forward()
    session.expect_path("/authenticated/projects/project/1")
    session.expect_split(master=False, detail=True)
    driver.refresh()
    session.expect_path("/authenticated/projects/project/1")
    session.expect_split(master=False, detail=True)
    driver.set_window_size(1100, 800)
    session.expect_split(master=True, detail=True)
    session.step("split-wide-again")

    session.find("nav.tabs a[href='%s']" % session.href("/authenticated/todos/todo/5")).click()
    session.expect_path("/authenticated/todos/todo/5")
    session.expect_text("h1", HOSTILE_TITLE)
    session.step("todos-tab-kept-its-stack")

    # After logout, Back must never show a signed-in page from the browser's back/forward cache.
    session.find("nav.tabs a[href='%s']" % session.href("/authenticated/profile")).click()
    session.expect_path("/authenticated/profile")
    session.expect_text(".lead", "Signed in as alice.")
    session.find("button[value=logout]").click()
    session.expect_path("/unauthenticated")
    session.step("logged-out")
    for press in ("first", "second"):
        driver.back()
        session.expect_path("/unauthenticated")  # asked the server, which sent it to the login page
        body = driver.find_element(By.TAG_NAME, "body").text
        if "Signed in as" in body or "Buy milk" in body or driver.find_elements(By.CSS_SELECTOR, "nav.tabs"):
            raise Failure("Back (%s press) after logout showed a signed-in page: %r" % (press, body[:200]))
        session.step("back-after-logout-%s" % press)


def add_errands(base, count):
    """Gives alice `count` more todos, through the demo's HTTP API (JSON)."""
    mount = urllib.parse.urlsplit(base).path.rstrip("/")
    api = sb.Session(base)
    api.login("alice", "wonderland", mount=mount)
    for number in range(count):
        status, _ = api.request("POST", mount + "/authenticated/todos/createTodo", {"title": "Errand %d" % number})
        if status != 200:
            raise Failure("creating errand %d answered %d" % (number, status))


def return_to_origin(session, scripts):
    """A long list, its last todo, the breadcrumb back: the list shows that todo's link in the
    viewport, focused (autofocus, so with scripts off too)."""
    driver = session.driver
    label = "scripts-on" if scripts else "scripts-off"
    driver.get(session.base + "/unauthenticated")
    session.find("#username").send_keys("alice")
    session.find("#password").send_keys("wonderland")
    session.find("button[type=submit]").click()
    session.expect_path("/authenticated/home")
    driver.get(session.base + "/authenticated/todos")
    session.expect_path("/authenticated/todos")
    links = driver.find_elements(By.CSS_SELECTOR, "#todo-list a.list-link")
    if len(links) < 50:
        raise Failure("the list shows %d todos, expected at least 50" % len(links))
    last = links[-1].get_attribute("href")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", links[-1])
    links[-1].click()
    session.expect_path(urllib.parse.urlsplit(last).path[len(session.mount):])
    session.step("return-opened-last-%s" % label)
    session.find("nav.breadcrumbs a[href='%s']" % session.href("/authenticated/todos")).click()
    session.expect_path("/authenticated/todos")
    where = driver.execute_script(
        "const e = document.activeElement, r = e.getBoundingClientRect();"
        "return [e.tagName, e.href || '', r.top, r.bottom, window.innerHeight, window.scrollY];"
    )
    tag, href, top, bottom, height, scrolled = where
    if tag != "A" or href != last:
        raise Failure("back on the list (%s), the focus is on %s %r, not the link to %s" % (label, tag, href, last))
    if top < 0 or bottom > height or scrolled <= 0:
        raise Failure("back on the list (%s), the todo's link is not in view: %r" % (label, where))
    print("     (%s: the link at %d-%d px of a %d px viewport, scrolled %d px)" % (label, top, bottom, height, scrolled))
    session.step("return-focused-%s" % label)


def drafts(session, restart):
    """What the user types into the new-todo dialog survives another tab, kill -9 and a restart
    (the pages' drafts script, sessions in SQLite), and goes once the todo is created.
    `restart()` kills the demo and starts it again on the same files; it returns the new base.
    The browser is signed in already."""
    driver = session.driver
    driver.get(session.base + "/authenticated/todos/createTodo")
    session.expect_text("dialog.modal h2", "New todo")
    typed = "Half-typed errand: return the Hatter's hat"
    session.find("#field-title").send_keys(typed)
    session.step("draft-typed")
    # Closed at once (the script sends the draft as the page goes: sendBeacon), another tab, back.
    session.find("dialog.modal a.modal-close").click()
    session.expect_path("/authenticated/todos")
    session.find("nav.tabs a[href='%s']" % session.href("/authenticated/projects")).click()
    session.expect_path("/authenticated/projects")
    session.find("nav.tabs a[href='%s']" % session.href("/authenticated/todos")).click()
    session.expect_path("/authenticated/todos")
    session.click_link("New todo")
    session.expect_path("/authenticated/todos/createTodo")
    if session.find("#field-title").get_attribute("value") != typed:
        raise Failure("after another tab, the new-todo form shows %r" % session.find("#field-title").get_attribute("value"))
    session.find(".draft-note")
    session.step("draft-back-after-a-tab")
    session.base = restart()
    driver.get(session.base + "/authenticated/todos/createTodo")
    session.expect_path("/authenticated/todos/createTodo")
    if session.find("#field-title").get_attribute("value") != typed:
        raise Failure("after kill -9 and a restart, the new-todo form shows %r" % session.find("#field-title").get_attribute("value"))
    session.step("draft-after-kill-9")
    session.find(".draft-note button[type=submit]").click()  # "Discard it": back to the empty form
    session.expect_path("/authenticated/todos/createTodo")
    session.wait.until(lambda _: not driver.find_elements(By.CSS_SELECTOR, ".draft-note"))
    if session.find("#field-title").get_attribute("value") != "":
        raise Failure("the discarded draft is still in the form")
    session.step("draft-discarded")
    session.find("#field-title").send_keys(typed)
    session.find("dialog.modal form[data-draft] button[type=submit]").click()
    session.expect_text("h1", typed)
    todo = session.path()
    driver.get(session.base + "/authenticated/todos/createTodo")
    if session.find("#field-title").get_attribute("value") != "" or driver.find_elements(By.CSS_SELECTOR, ".draft-note"):
        raise Failure("the draft is still there after the todo was created")
    session.step("draft-gone-after-create")

    # The todo's note: typed, another tab at once, back through the Todos tab (which keeps the todo).
    driver.get(session.base + todo)
    note = "Ask the Dormouse.\nTwice, if asleep."
    session.find("#todo-note").send_keys(note)
    session.find("nav.tabs a[href='%s']" % session.href("/authenticated/projects")).click()
    session.expect_path("/authenticated/projects")
    session.find("nav.tabs a[href='%s']" % session.href(todo)).click()
    session.expect_path(todo)
    if session.find("#todo-note").get_attribute("value") != note:
        raise Failure("after another tab, the note shows %r" % session.find("#todo-note").get_attribute("value"))
    session.step("note-draft-back-after-a-tab")
    session.find(".note-form button[value=saveNote]").click()
    session.expect_path(todo)
    session.find(".notice-success")
    if session.find("#todo-note").get_attribute("value") != note or driver.find_elements(By.CSS_SELECTOR, ".draft-note"):
        raise Failure("the saved note shows %r, with its draft note still there" % session.find("#todo-note").get_attribute("value"))
    session.step("note-saved")


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    binary, shots = sys.argv[1], sys.argv[2]
    os.makedirs(shots, exist_ok=True)
    started = time.monotonic()
    process, base = start_demo(binary)
    folder = process.data_folder
    driver = None

    def restart():
        nonlocal process
        process.kill()  # kill -9: nothing is flushed on the way out
        process.wait(timeout=10)
        process, url = start_demo(binary, folder)
        return url

    try:
        driver = make_driver()
        run(Session(driver, base, shots))
        driver.quit()
        driver = make_driver()
        second = make_driver()
        try:
            browser_live.walk(Session(driver, base, shots), Session(second, base, shots), Failure)
        finally:
            second.quit()
        add_errands(base, 50)
        for scripts in (False, True):
            driver.quit()
            driver = make_driver(scripts=scripts)
            return_to_origin(Session(driver, base, shots), scripts)
        drafts(Session(driver, base, shots), restart)
    except Failure as failure:
        if driver is not None:
            driver.save_screenshot(os.path.join(shots, "failure.png"))
        print("FAIL %s" % failure)
        return 1
    finally:
        if driver is not None:
            driver.quit()
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(folder, ignore_errors=True)
    print("PASS browser test in %.1f s (screenshots in %s)" % (time.monotonic() - started, shots))
    return 0


if __name__ == "__main__":
    sys.exit(main())
