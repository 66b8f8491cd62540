#!/usr/bin/env python3
"""Checks recorded answers against an OpenAPI document (what SignalboxTesting's APIContract does).

    contract_check.py <openapi.json> <answers-folder>

The folder holds `index` (one line per answer: `N METHOD TARGET STATUS CONTENT-TYPE`) and `N.body`
files. Each JSON answer is checked (pages, static files and the operations endpoints are not the
JSON interface): the status must be documented for the operation (the page operations of
`/` for a path deeper than every pattern; the error schema of the status for an unknown action),
the content type must be documented for that status, and a JSON body must match the schema
(JSON Schema 2020-12 with jsonschema). Developer pages (/_dev/…) and answers outside the document's
server URL are skipped. Prints one line per problem and a summary; exits 1 on any problem.
"""

import json
import sys
from pathlib import Path

from jsonschema import Draft202012Validator


def main() -> int:
    document = json.loads(Path(sys.argv[1]).read_text())
    folder = Path(sys.argv[2])
    index = folder / "index"
    lines = index.read_text().splitlines() if index.exists() else []
    server = document.get("servers", [{"url": "/"}])[0]["url"]
    templates = [(path, [part for part in path.split("/") if part]) for path in sorted(document["paths"])]
    checked = 0
    problems = []
    for line in lines:
        number, method, target, status, content_type = (line.split(" ", 4) + [""])[:5]
        path = target.split("?", 1)[0]
        if server != "/":
            if path != server and not path.startswith(server + "/"):
                continue
            path = path[len(server):] or "/"
        if path == "/_dev" or path.startswith("/_dev/"):
            continue
        if content_type.split(";", 1)[0].strip() != "application/json":
            continue
        body = (folder / f"{number}.body").read_bytes()
        found = check(document, templates, method, path, int(status), content_type, body)
        checked += 1
        problems += [f"{method} {target} {status}: {problem}" for problem in found]
    for problem in problems:
        print(f"FAIL {problem}")
    print(f"contract check: {checked} answers checked against {sys.argv[1]}, {len(problems)} problems")
    return 1 if problems else 0


def check(document, templates, method, path, status, content_type, body):
    verb = "get" if method == "HEAD" else method.lower()
    template = match(templates, path)
    if template is None and not path.startswith("/_nav/"):
        template = "/"
    operation = document["paths"].get(template, {}).get(verb) if template else None
    media_type = content_type.split(";", 1)[0].strip()
    if operation is None:
        if status < 400:
            return []
        if f"Error{status}" not in document["components"]["schemas"]:
            return [f"status {status} is not a documented error status"]
        if media_type != "application/json":
            return []
        return validate(document, {"$ref": f"#/components/schemas/Error{status}"}, body)
    response = operation["responses"].get(str(status))
    if response is None:
        return [f"status {status} is not documented for {method} {template}"]
    if "$ref" in response:
        response = resolve(document, response["$ref"])
    if not body:
        return []
    content = response.get("content")
    if content is None:
        return [f"a {media_type} body where the document has none"]
    if media_type not in content:
        return [f"content type {media_type} is not documented"]
    if media_type != "application/json":
        return []
    return validate(document, content[media_type]["schema"], body)


def match(templates, path):
    """The template matching `path` with the most literal segments."""
    segments = [part for part in path.split("/") if part]
    best = None
    for template, parts in templates:
        if len(parts) != len(segments):
            continue
        literals = 0
        for part, segment in zip(parts, segments):
            if part.startswith("{"):
                continue
            if part != segment:
                break
            literals += 1
        else:
            if best is None or literals > best[1]:
                best = (template, literals)
    return best[0] if best else None


def resolve(document, reference):
    value = document
    for part in reference.lstrip("#/").split("/"):
        value = value[part]
    return value


def validate(document, schema, body):
    try:
        value = json.loads(body)
    except ValueError as error:
        return [f"the body is not JSON: {error}"]
    # The document is the root, so that its #/components/... references resolve.
    root = dict(document)
    root.update(schema)
    validator = Draft202012Validator(root)
    return [f"{'/'.join(map(str, error.absolute_path)) or '$'}: {error.message[:300]}" for error in validator.iter_errors(value)]


if __name__ == "__main__":
    sys.exit(main())
