#!/usr/bin/env python3
"""Checks recorded answers against an OpenAPI document (what SignalboxTesting's APIContract does).

    contract_check.py <openapi.json> <answers-folder> [--static DIR] [--skip PATH]...

The folder holds `index` (one line per answer: `N METHOD TARGET STATUS ACCEPT CONTENT-TYPE`, ACCEPT
`json` or `html`) and `N.body` files. Every answer of the app is checked:

- its status is documented for the operation of the longest matching path (a path deeper than
  every pattern, a stack chaining them, is checked against the pattern it continues); a path no
  pattern matches may only redirect (303, GET) or answer a documented error status;
- its content type is one the document lists for that status;
- a request that asked for JSON got JSON (whenever the answer has a content type);
- a JSON body matches the schema (JSON Schema 2020-12, with jsonschema).

Skipped: developer pages (/_dev/...), answers outside the document's server URL, files in
--static (the static files in front of the app) and each --skip path (operations endpoints).
Prints one line per problem and a summary; exits 1 on any problem.
"""

import argparse
import json
from pathlib import Path

from jsonschema import Draft202012Validator


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("document")
    parser.add_argument("answers")
    parser.add_argument("--static", help="the folder of static files served in front of the app")
    parser.add_argument("--skip", action="append", default=[], help="a path that is not the app's")
    args = parser.parse_args()

    document = json.loads(Path(args.document).read_text())
    folder = Path(args.answers)
    index = folder / "index"
    lines = index.read_text().splitlines() if index.exists() else []
    server = document.get("servers", [{"url": "/"}])[0]["url"]
    templates = [(path, [part for part in path.split("/") if part]) for path in sorted(document["paths"])]
    static = Path(args.static).resolve() if args.static else None
    checked = 0
    problems = []
    for line in lines:
        number, method, target, status, accept, content_type = (line.split(" ", 5) + [""])[:6]
        path = target.split("?", 1)[0]
        if server != "/":
            if path != server and not path.startswith(server + "/"):
                continue
            path = path[len(server):] or "/"
        if path == "/_dev" or path.startswith("/_dev/") or path in args.skip or is_static(static, path):
            continue
        body = (folder / f"{number}.body").read_bytes()
        query = target.split("?", 1)[1] if "?" in target else ""
        download = any(part.startswith("download=") for part in query.split("&"))
        found = check(document, templates, method, path, int(status), accept, content_type, body, download)
        checked += 1
        problems += [f"{method} {target} {status}: {problem}" for problem in found]
    for problem in problems:
        print(f"FAIL {problem}")
    print(f"contract check: {checked} answers checked against {args.document}, {len(problems)} problems")
    return 1 if problems else 0


def is_static(root, path):
    """Whether `path` names a file below `root` (a static file, not the app's)."""
    if root is None or path in ("", "/"):
        return False
    candidate = (root / path.lstrip("/")).resolve()
    return candidate.is_file() and root in candidate.parents


def check(document, templates, method, path, status, accept, content_type, body, download=False):
    verb = "get" if method == "HEAD" else method.lower()
    media_type = content_type.split(";", 1)[0].strip()
    problems = []
    if accept == "json" and media_type and media_type != "application/json":
        problems.append(f"asked for JSON, got {media_type}")
    template = match(templates, path)
    if template is None and not path.startswith("/_nav/"):
        template = prefix(templates, path)
    operation = document["paths"].get(template, {}).get(verb) if template else None
    if operation is None:
        if status == 303 and verb == "get":
            return problems
        if status < 400:
            return problems + [f"no documented path answers {status}"]
        if f"Error{status}" not in document["components"]["schemas"]:
            return problems + [f"status {status} is not a documented error status"]
        if media_type != "application/json":
            return problems
        return problems + validate(document, {"$ref": f"#/components/schemas/Error{status}"}, body)
    response = operation["responses"].get(str(status))
    if response is None:
        return problems + [f"status {status} is not documented for {method} {template}"]
    if "$ref" in response:
        response = resolve(document, response["$ref"])
    if not body or not media_type:
        return problems
    content = response.get("content")
    if content is None:
        return problems + [f"a {media_type} body where the document has none"]
    if media_type not in content:
        # */*: a file a page offers (?download=) may have any type.
        if download and "*/*" in content:
            return problems
        return problems + [f"content type {media_type} is not documented"]
    if media_type != "application/json":
        return problems
    return problems + validate(document, content[media_type]["schema"], body)


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


def prefix(templates, path):
    """The longest page template that `path` continues."""
    segments = [part for part in path.split("/") if part]
    best = None
    for template, parts in templates:
        if not parts or len(parts) >= len(segments) or template.startswith("/_"):
            continue
        if all(part.startswith("{") or part == segment for part, segment in zip(parts, segments)):
            if best is None or len(parts) > best[1]:
                best = (template, len(parts))
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
    return [
        f"{'/'.join(map(str, error.absolute_path)) or '$'}: {error.message[:300]}"
        for error in validator.iter_errors(value)
    ]


if __name__ == "__main__":
    raise SystemExit(main())
