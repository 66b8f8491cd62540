#!/usr/bin/env python3
"""Drives the todo demo in headless Chromium, like a user with a mouse.

Usage: browser_test.py <path-to-todo-demo> <screenshot-folder> [--sheet <pages.html>]

The program may also be an embedding example (todo-hummingbird) that mounts the demo under a path:
the URL it prints ("Listening on http://127.0.0.1:PORT/todo") is the app's base, and every link,
form, stylesheet and script of every page must stay under it.

Starts the demo on a free port, then: login (wrong, then right password) -> Todos tab ->
a todo -> the new-todo dialog -> submit -> Back -> Forward -> reload -> attach a file to the todo
and download it -> a double click on "Create" makes one todo -> another tab and back (the Todos
tab keeps its stack) -> a full-screen form, its field errors, a notice of each kind, the error pages
-> logout and Back; then live pages in two windows of one session
(browser_live.py); then, with 50 more todos and the pages' scripts off and
on, the last todo of the list and the breadcrumb back (return to origin); then a draft typed into
the new-todo dialog, another tab, kill -9 and a restart, discarded, then the todo created; and the
todo's note typed, another tab and back, saved. Checks what every
page shows, and on every page that no library element lacks its styles or stands outside the
content column (STYLE_CHECK); saves a screenshot per step, with --sheet one in each scheme (light,
dark) and a contact sheet of them all; prints how long it took. Every step waits for what it checks
(Session.navigate, expect_text): nothing is read from a page the browser is still leaving. Exits
non-zero on the first failure.
"""

import html
import itertools
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.parse
import urllib.request
import signalbox_http as sb
import browser_live

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

HOSTILE_TITLE = "Feed the Cheshire cat <b>now</b>"


class Failure(Exception):
    pass


def start_demo(binary, folder=None, log=None):
    """Starts the demo with --port 0 (its data and sessions in `folder`, a new one by default)
    and returns (process, base URL) once it listens. With `log` (a file open for appending), its
    log goes there, a line per request."""
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    folder = folder or tempfile.mkdtemp(prefix="signalbox-browser-")
    command = [binary, "--port", "0", "--database", os.path.join(folder, "demo.sqlite")]
    try:
        process, url = sb.start(command + (["--log-level", "debug"] if log else []), cwd=repo,
                                stderr=log or subprocess.DEVNULL)
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


# What a person would notice first: a library element without its styles, or outside the content
# column (the page's <main>, or the dialog it sits in). Computed styles and positions, not pixels;
# returns one line per problem.
STYLE_CHECK = """
const problems = [], body = getComputedStyle(document.body);
const box = e => e.getBoundingClientRect();
const shown = e => { const r = box(e), s = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
const framed = e => { const s = getComputedStyle(e);
  const border = ['Top', 'Right', 'Bottom', 'Left'].some(side =>
    parseFloat(s['border' + side + 'Width']) > 0 && s['border' + side + 'Style'] !== 'none');
  const filled = !['rgba(0, 0, 0, 0)', 'transparent'].includes(s.backgroundColor);
  return (border || filled) && parseFloat(s.paddingLeft) > 0 && parseFloat(s.paddingTop) > 0; };
const coloured = e => getComputedStyle(e).color !== body.color;
const row = e => ['flex', 'grid', 'inline-flex'].includes(getComputedStyle(e).display)
  && getComputedStyle(e).listStyleType === 'none';
const floating = e => getComputedStyle(e).position === 'fixed'
  && (getComputedStyle(e).boxShadow !== 'none' || framed(e));
const CHECKS = [
  ['.notice', 'a frame (border or background) and padding', framed, true],
  ['.draft-note', 'a frame (border or background) and padding', framed, true],
  ['.field-error', 'a colour of its own', coloured, true],
  ['.form-error', 'a colour of its own', coloured, true],
  ['nav.breadcrumbs ol', 'one row without list bullets', row, true],
  ['nav.tabs ul', 'one row without list bullets', row, true],
  ['dialog.modal', 'a fixed position with a shadow or frame', floating, false],
];
for (const [css, what, styled, inColumn] of CHECKS) {
  for (const e of document.querySelectorAll(css)) {
    if (!shown(e)) continue;
    if (!styled(e)) problems.push(css + ' lacks ' + what);
    if (!inColumn) continue;
    const column = box(e.closest('dialog') || document.querySelector('main')), r = box(e);
    if (r.left < column.left - 1 || r.right > column.right + 1)
      problems.push(css + ' is outside the content column: ' + Math.round(r.left) + '-' + Math.round(r.right)
        + ' px, the column ' + Math.round(column.left) + '-' + Math.round(column.right) + ' px');
  }
}
return [...new Set(problems)];
"""


class Sheet:
    """The pages a walk looked at, in both themes, as one HTML contact sheet."""

    def __init__(self, folder, title):
        self.folder, self.title, self.entries = folder, title, []

    def add(self, name, path, shots):
        self.entries.append((name, path, shots))

    def write(self, path):
        cells = "\n".join(
            "<figure><figcaption><b>%s</b> <code>%s</code></figcaption><div>%s</div></figure>" % (
                html.escape(name), html.escape(page),
                "".join('<a href="%s"><img src="%s" alt="%s, %s" loading="lazy"></a>' % (
                    html.escape(shot), html.escape(shot), html.escape(name), theme) for theme, shot in shots))
            for name, page, shots in self.entries)
        with open(path, "w") as file:
            file.write("<!DOCTYPE html><meta charset=utf-8><title>%s</title><style>"
                       "body{font:14px system-ui;margin:1rem}main{display:grid;gap:1rem;"
                       "grid-template-columns:repeat(auto-fill,minmax(40rem,1fr))}figure{margin:0}"
                       "figure div{display:flex;gap:4px}figure a{flex:1}img{width:100%%;border:1px solid #ccc}"
                       "</style><h1>%s</h1><main>%s</main>\n"
                       % (html.escape(self.title), html.escape(self.title), cells))


class Session:
    # Seconds any wait lasts at most: a bound for "never", not a speed goal.
    WAIT = 30
    # Steps are numbered across the walk's sessions (browsers), in the order they were taken.
    steps = itertools.count(1)

    def __init__(self, driver, base, shots, sheet=None):
        self.driver = driver
        self.base = base
        self.mount = urllib.parse.urlsplit(base).path.rstrip("/")  # "" at /, else "/todo"
        self.shots = shots
        self.sheet = sheet
        # (A live page swaps its content in when it changed: an element read during a wait may go stale.)
        self.wait = WebDriverWait(driver, self.WAIT, ignored_exceptions=[StaleElementReferenceException])

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
        """Checks what every page must be, then looks at it: styles, and a screenshot per theme."""
        self.expect_everything_under_base()
        number = next(Session.steps)
        stem = os.path.join(self.shots, "%02d-%s" % (number, name))
        shots = [("light", stem + ".png")]
        problems = self.driver.execute_script(STYLE_CHECK)
        self.driver.save_screenshot(shots[0][1])
        if self.sheet is not None:
            self.theme("dark")
            try:
                problems += ["(dark) " + p for p in self.driver.execute_script(STYLE_CHECK)]
                shots.append(("dark", stem + "-dark.png"))
                self.driver.save_screenshot(shots[1][1])
            finally:
                self.theme("light")
            self.sheet.add(name, self.path(), [(theme, os.path.relpath(shot, self.sheet.folder))
                                               for theme, shot in shots])
        if problems:
            raise Failure("%s looks wrong on %s: %s" % (name, self.path(), "; ".join(problems)))
        print("PASS %02d %s (%s)" % (number, name, self.path()))

    def theme(self, scheme):
        """Switches the page to the light or dark scheme and waits for its transitions to end."""
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                    {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        try:
            self.wait.until(lambda d: d.execute_script(
                # (reading a computed style applies the scheme now, which starts the transitions)
                "return matchMedia('(prefers-color-scheme: %s)').matches"
                " && getComputedStyle(document.body).color !== ''"
                " && document.getAnimations()"
                ".every(a => !(a instanceof CSSTransition) || a.playState !== 'running')" % scheme))
        except TimeoutException:
            raise Failure("the page did not settle in the %s scheme (on %s)" % (scheme, self.path()))

    def path(self):
        url = self.driver.current_url
        return url[len(self.base):] if url.startswith(self.base) else url

    def expect_path(self, path):
        try:
            self.wait.until(lambda _: self.path() == path)
        except TimeoutException:
            raise Failure("expected the path %s, got %s" % (path, self.path()))

    def navigate(self, action, what):
        """Does `action` (a click, Back, …) and waits until the browser shows the document it
        leads to: what is read next is read from the new page, never from the old one."""
        old = self.driver.find_element(By.TAG_NAME, "html")
        action()
        self.left(old, what)

    def left(self, old, what):
        """Waits until `old` (a page's <html>) is gone and the next page is parsed."""
        try:
            self.wait.until(EC.staleness_of(old))
            self.wait.until(lambda d: d.execute_script("return document.readyState") != "loading")
        except TimeoutException:
            raise Failure("%s led to no new page within %d s (still on %s)" % (what, self.WAIT, self.path()))

    def click(self, css):
        """Clicks what `css` finds (once it is visible) and waits for the page that follows."""
        self.find(css)
        self.click_in_page("document.querySelector(arguments[0])", css, "clicking %r" % css)

    def click_link(self, text):
        self.find_link(text)
        self.click_in_page("[...document.querySelectorAll('a')].find(e => e.innerText.trim() === arguments[0])", text,
                           "the link %r" % text)

    def click_in_page(self, lookup, argument, what):
        """Finds and clicks an element in one script, then waits for the page that follows. Not
        WebDriver's click on an element found before: a live page may swap its content in between
        (a stale element), and WebDriver may call a click that sent its form stale too — a second
        click would send it again."""

        def click():
            script = "const e = %s; if (!e) return false; e.scrollIntoView({block: 'center'}); e.click(); return true;"
            if not self.driver.execute_script(script % lookup, argument):
                raise Failure("%s: not on %s" % (what, self.path()))

        self.navigate(click, what)

    def back(self):
        self.navigate(self.driver.back, "Back")

    def forward(self):
        self.navigate(self.driver.forward, "Forward")

    def refresh(self):
        self.navigate(self.driver.refresh, "reloading")

    def text(self, css):
        return self.find(css).text

    def texts(self, css, attribute=None):
        """The text (or an attribute) of everything `css` finds, read at once: a live page may
        swap its content in between two reads of elements found before."""
        return self.driver.execute_script(
            "return [...document.querySelectorAll(arguments[0])]"
            ".map(e => arguments[1] ? e.getAttribute(arguments[1]) : e.innerText.trim())", css, attribute)

    def find(self, css):
        try:
            return self.wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, css)))
        except TimeoutException:
            raise Failure("nothing visible matches %r on %s" % (css, self.path()))

    def value(self, css):
        return self.find(css).get_attribute("value")

    def expect_text(self, css, expected):
        """Waits until what `css` finds shows `expected`."""
        seen = []

        def shows(_):
            elements = self.driver.find_elements(By.CSS_SELECTOR, css)
            seen[:] = [element.text for element in elements[:1]]
            return seen == [expected]

        try:
            self.wait.until(shows)
        except TimeoutException:
            raise Failure("%s shows %r, expected %r (on %s)" % (css, seen[0] if seen else None, expected, self.path()))

    def expect_no(self, css):
        try:
            self.wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, css))
        except TimeoutException:
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
    session.click("button[type=submit]")
    session.expect_text(".alert-error", "Wrong username or password. Please try again.")
    if session.value("#username") != "alice":
        raise Failure("the username was not kept after a wrong password")
    session.step("wrong-password")

    session.find("#password").send_keys("wonderland")
    session.click("button[type=submit]")
    session.expect_path("/authenticated/home")
    session.expect_text("h1", "Hello, alice")
    session.step("home")

    session.click("nav.tabs a[href='%s']" % session.href("/authenticated/todos"))
    session.expect_path("/authenticated/todos")
    titles = session.texts("#todo-list .list-title")
    if titles[:2] != ["Buy milk", "Paint the roses red"]:
        raise Failure("unexpected todo list %r" % titles)
    session.expect_text("nav.tabs a[aria-current]", "Todos")
    session.step("todos-tab")

    session.click("#todo-list a[href$='/todo/1']")
    session.expect_path("/authenticated/todos/todo/1")
    session.expect_text("h1", "Buy milk")
    session.expect_text("nav.breadcrumbs a[aria-current]", "Buy milk")
    session.step("todo")

    session.click("nav.breadcrumbs a[href='%s']" % session.href("/authenticated/todos"))  # the tab shows its stack
    session.expect_path("/authenticated/todos")
    session.click_link("New todo")
    session.expect_path("/authenticated/todos/createTodo")
    session.expect_text("dialog.modal h2", "New todo")
    session.step("create-dialog")

    session.find("#field-title").send_keys(HOSTILE_TITLE)
    session.click("dialog.modal button[type=submit]")
    session.expect_path("/authenticated/todos/todo/5")
    session.expect_no("dialog.modal")
    session.expect_text("h1", HOSTILE_TITLE)  # shown as text: the markup was escaped
    session.expect_no("h1 b")
    session.step("created")

    session.back()
    session.expect_path("/authenticated/todos/createTodo")
    session.expect_text("dialog.modal h2", "New todo")
    session.step("back")

    session.forward()
    session.expect_path("/authenticated/todos/todo/5")
    session.expect_text("h1", HOSTILE_TITLE)
    session.expect_no("dialog.modal")
    session.step("forward")

    session.refresh()
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
    session.click(".attach-form button[type=submit]")
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
    session.click("nav.breadcrumbs a[href='%s']" % session.href("/authenticated/todos"))
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
    made = [title for title in session.texts(".list-title") if title == "Double click"]
    if len(made) != 1:
        raise Failure("a double click on Create made %d todos" % len(made))
    session.step("double-click-made-one")
    session.click("#todo-list a[href$='/todo/5']")
    session.expect_path("/authenticated/todos/todo/5")

    session.click("nav.tabs a[href='%s']" % session.href("/authenticated/projects"))
    session.expect_path("/authenticated/projects")
    session.expect_text("h1", "Projects")
    session.expect_split(master=True, detail=True)  # the detail pane's placeholder, on a wide window
    session.step("projects-tab")

    # The Projects tab is a split view: the list beside the project on a wide window, the project
    # alone on a narrow one (the list alone at the list's URL); one URL for both panes, so Back,
    # Forward and refresh work as on any page.
    project = session.href("/authenticated/projects/project/1")
    session.click(".split-master a[href='%s']" % project)
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
    session.back()
    session.expect_path("/authenticated/projects")
    session.expect_split(master=True, detail=False)
    session.step("split-narrow-master")
    session.forward()
    session.expect_path("/authenticated/projects/project/1")
    session.expect_split(master=False, detail=True)
    session.refresh()
    session.expect_path("/authenticated/projects/project/1")
    session.expect_split(master=False, detail=True)
    driver.set_window_size(1100, 800)
    session.expect_split(master=True, detail=True)
    session.step("split-wide-again")

    session.click("nav.tabs a[href='%s']" % session.href("/authenticated/todos/todo/5"))
    session.expect_path("/authenticated/todos/todo/5")
    session.expect_text("h1", HOSTILE_TITLE)
    session.step("todos-tab-kept-its-stack")

    tour(session)

    # After logout, Back must never show a signed-in page from the browser's back/forward cache.
    session.click("nav.tabs a[href='%s']" % session.href("/authenticated/profile"))
    session.expect_path("/authenticated/profile")
    session.expect_text(".lead", "Signed in as alice.")
    session.click("button[value=logout]")
    session.expect_path("/unauthenticated")
    session.step("logged-out")
    for press in ("first", "second"):
        session.back()
        session.expect_path("/unauthenticated")  # asked the server, which sent it to the login page
        body = driver.find_element(By.TAG_NAME, "body").text
        if "Signed in as" in body or "Buy milk" in body or driver.find_elements(By.CSS_SELECTOR, "nav.tabs"):
            raise Failure("Back (%s press) after logout showed a signed-in page: %r" % (press, body[:200]))
        session.step("back-after-logout-%s" % press)


def tour(session):
    """The kinds of page the walk does not pass otherwise, to look at: a full-screen form, the
    same with its field errors, a notice of each kind, the error pages."""
    driver = session.driver
    driver.get(session.base + "/authenticated/projects/createProject")
    session.expect_path("/authenticated/projects/createProject")
    session.find(".full-screen-bar a")
    session.expect_no("nav.tabs")
    session.step("full-screen")
    session.click("main form button[type=submit]")  # the name left empty
    session.expect_text(".field-error", "This field is required.")
    session.step("form-with-errors")
    driver.get(session.base + "/authenticated/testbed")
    session.click("button[value=notices]")
    session.expect_path("/authenticated/testbed")
    kinds = session.texts(".notices .notice", "class")
    if kinds != ["notice notice-%s" % kind for kind in ("info", "success", "warning", "error")]:
        raise Failure("the testbed's notices are %r, expected one of each kind" % kinds)
    session.step("notices")
    driver.get(session.base + "/authenticated/todos/todo/999999")
    session.expect_text("section.error h1", "404 Not Found")
    session.step("error-not-found")
    driver.get(session.base + "/no/such/page")
    session.expect_text("section.error h1", "404 Not Found")
    session.step("error-signed-in-unknown-path")
    driver.get(session.base + "/authenticated/home")
    session.expect_path("/authenticated/home")


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
    session.click("button[type=submit]")
    session.expect_path("/authenticated/home")
    driver.get(session.base + "/authenticated/todos")
    session.expect_path("/authenticated/todos")
    links = session.texts("#todo-list a.list-link", "href")
    if len(links) < 50:
        raise Failure("the list shows %d todos, expected at least 50" % len(links))
    last = urllib.parse.urljoin(session.base, links[-1])

    session.click("#todo-list a.list-link[href='%s']" % urllib.parse.urlsplit(last).path)
    session.expect_path(urllib.parse.urlsplit(last).path[len(session.mount):])
    session.step("return-opened-last-%s" % label)
    session.click("nav.breadcrumbs a[href='%s']" % session.href("/authenticated/todos"))
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
    session.click("dialog.modal a.modal-close")
    session.expect_path("/authenticated/todos")
    session.click("nav.tabs a[href='%s']" % session.href("/authenticated/projects"))
    session.expect_path("/authenticated/projects")
    session.click("nav.tabs a[href='%s']" % session.href("/authenticated/todos"))
    session.expect_path("/authenticated/todos")
    session.click_link("New todo")
    session.expect_path("/authenticated/todos/createTodo")
    if session.value("#field-title") != typed:
        raise Failure("after another tab, the new-todo form shows %r" % session.value("#field-title"))
    session.find(".draft-note")
    session.step("draft-back-after-a-tab")
    session.base = restart()
    driver.get(session.base + "/authenticated/todos/createTodo")
    session.expect_path("/authenticated/todos/createTodo")
    if session.value("#field-title") != typed:
        raise Failure("after kill -9 and a restart, the new-todo form shows %r" % session.value("#field-title"))
    session.step("draft-after-kill-9")
    session.click(".draft-note button[type=submit]")  # "Discard it": back to the empty form
    session.expect_path("/authenticated/todos/createTodo")
    session.expect_no(".draft-note")
    if session.value("#field-title") != "":
        raise Failure("the discarded draft is still in the form")
    session.step("draft-discarded")
    session.find("#field-title").send_keys(typed)
    session.click("dialog.modal form[data-draft] button[type=submit]")
    session.expect_text("h1", typed)
    todo = session.path()
    driver.get(session.base + "/authenticated/todos/createTodo")
    if session.value("#field-title") != "" or driver.find_elements(By.CSS_SELECTOR, ".draft-note"):
        raise Failure("the draft is still there after the todo was created")
    session.step("draft-gone-after-create")

    # The todo's note: typed, another tab at once, back through the Todos tab (which keeps the todo).
    driver.get(session.base + todo)
    note = "Ask the Dormouse.\nTwice, if asleep."
    session.find("#todo-note").send_keys(note)
    session.click("nav.tabs a[href='%s']" % session.href("/authenticated/projects"))
    session.expect_path("/authenticated/projects")
    session.click("nav.tabs a[href='%s']" % session.href(todo))
    session.expect_path(todo)
    if session.value("#todo-note") != note:
        raise Failure("after another tab, the note shows %r" % session.value("#todo-note"))
    session.step("note-draft-back-after-a-tab")
    session.click(".note-form button[value=saveNote]")
    session.expect_path(todo)
    session.find(".notice-success")
    if session.value("#todo-note") != note or driver.find_elements(By.CSS_SELECTOR, ".draft-note"):
        raise Failure("the saved note shows %r, with its draft note still there" % session.value("#todo-note"))
    session.step("note-saved")


def main():
    arguments = sys.argv[1:]
    sheet = None
    if len(arguments) == 4 and arguments[2] == "--sheet":
        sheet = Sheet(os.path.dirname(os.path.abspath(arguments[3])), "Signalbox demo: the pages of the browser walk")
    elif len(arguments) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    binary, shots = arguments[:2]
    os.makedirs(shots, exist_ok=True)
    started = time.monotonic()
    # The server's log, a line per request, beside the screenshots: what a failed step's page saw.
    log = open(os.path.join(shots, "server.log"), "a")
    process, base = start_demo(binary, log=log)
    folder = process.data_folder
    driver = None

    def restart():
        nonlocal process
        process.kill()  # kill -9: nothing is flushed on the way out
        process.wait(timeout=10)
        process, url = start_demo(binary, folder, log)
        return url

    try:
        driver = make_driver()
        run(Session(driver, base, shots, sheet))
        driver.quit()
        driver = make_driver()
        second = make_driver()
        try:
            browser_live.walk(Session(driver, base, shots, sheet), Session(second, base, shots, sheet), Failure)
        finally:
            second.quit()
        add_errands(base, 50)
        for scripts in (False, True):
            driver.quit()
            driver = make_driver(scripts=scripts)
            return_to_origin(Session(driver, base, shots, sheet), scripts)
        drafts(Session(driver, base, shots, sheet), restart)
    except (Failure, WebDriverException) as failure:
        if driver is not None:
            driver.save_screenshot(os.path.join(shots, "failure.png"))
        # (A WebDriver error says nothing of where it happened: the step it followed does.)
        where = ""
        if not isinstance(failure, Failure):
            frame = [f for f in traceback.extract_tb(failure.__traceback__) if "EndToEnd" in f.filename][-1]
            where = " (%s after step %d, at %s:%d in %s: %s)" % (
                type(failure).__name__, next(Session.steps) - 1, os.path.basename(frame.filename), frame.lineno,
                frame.name, frame.line)
        print("FAIL %s%s" % (str(failure).strip().splitlines()[0] if str(failure).strip() else repr(failure), where))
        return 1
    finally:
        if sheet is not None:
            sheet.write(arguments[3])
        if driver is not None:
            driver.quit()
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(folder, ignore_errors=True)
    print("PASS browser test in %.1f s (screenshots in %s%s)"
          % (time.monotonic() - started, shots, ", contact sheet " + arguments[3] if sheet else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
