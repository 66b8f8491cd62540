#!/usr/bin/env python3
"""The live-pages benchmark's driver (live.sh starts the demo and its sessions, then runs this).

    live.py URL PID OUT --streams 500 --runs 3 --duration 15s --warmup 2s --idle 60 --machine TEXT

Opens STREAMS event streams on alice's todo list (8 per session of OUT/streams/demo-csrf.txt, new
sessions and client addresses each round), each on a raw socket read by one selector loop. Measures the server's resident
memory (VmRSS) and CPU (/proc/PID/stat) before and after, over IDLE seconds with the streams open
and idle (heartbeats included: 25 s) and without; each round, wrk's list page without the streams
and with them; one change (a todo created in one of alice's sessions) until every stream has its
`changed` event. Prints the "live" section of BENCHMARKS.md.
"""
import argparse
import os
import re
import selectors
import socket
import statistics
import subprocess
import sys
import time
import urllib.parse

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "Tests", "EndToEnd"))
import signalbox_http as sb  # noqa: E402

PAGE = "/authenticated/todos"
# Eight client addresses a round, each holding the streams of 8 sessions (64: the server's limit
# per address); a new round uses new ones, so the streams closed before (which the server notices
# at their next heartbeat) count against nothing.
def addresses(round_number):
    return ["127.0.%d.%d" % (round_number, n) for n in range(2, 10)]


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Streams:
    """STREAMS open event streams, read by one selector loop."""

    def __init__(self, url, cookies, count, validator, sources):
        parts = urllib.parse.urlsplit(url)
        query = urllib.parse.urlencode({"page": PAGE, "v": validator})
        self.selector = selectors.DefaultSelector()
        self.sockets = []
        for index in range(count):
            cookie = cookies[index // 8]
            connection = socket.create_connection((parts.hostname, parts.port),
                                                  source_address=(sources[(index // 8) % len(sources)], 0))
            connection.sendall((f"GET /_live?{query} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
                                f"Accept: text/event-stream\r\nCookie: {sb.COOKIE}={cookie}\r\n\r\n").encode())
            self.sockets.append(connection)
        self.changed = [0] * count
        for index, connection in enumerate(self.sockets):
            head = b""
            while b"\r\n\r\n" not in head:
                head += connection.recv(4096)
            if not head.startswith(b"HTTP/1.1 200"):
                raise SystemExit(f"stream {index} refused: {head[:200]!r}")
            connection.setblocking(False)
            self.selector.register(connection, selectors.EVENT_READ, index)

    def read_until_all_changed(self, timeout=30):
        """Reads until every stream got one more `changed` event; returns the seconds it took."""
        wanted = [count + 1 for count in self.changed]
        started = time.monotonic()
        while any(have < want for have, want in zip(self.changed, wanted)):
            if time.monotonic() - started > timeout:
                raise SystemExit(f"only {sum(h >= w for h, w in zip(self.changed, wanted))} streams heard the change")
            for key, _ in self.selector.select(timeout=1):
                data = key.fileobj.recv(65536)
                self.changed[key.data] += data.count(b"event: changed")
        return time.monotonic() - started

    def drain(self):
        for key, _ in self.selector.select(timeout=0):
            key.fileobj.recv(65536)

    def close(self):
        for connection in self.sockets:
            self.selector.unregister(connection)
            connection.close()


def run_wrk(url, sessions_file, duration, warmup, pid):
    lua = os.path.join(REPO, "Benchmarks", "load", "sessions.lua")
    command = ["wrk", "-t2", "-c64", "-s", lua, url, "--", sessions_file, PAGE]
    subprocess.run(command[:1] + ["-d" + warmup] + command[1:], capture_output=True)
    time.sleep(1)
    before = cpu_seconds(pid)
    result = subprocess.run(command[:1] + ["-d" + duration, "--latency"] + command[1:], capture_output=True, text=True)
    cpu = cpu_seconds(pid) - before
    requests = int(re.search(r"(\d+) requests in", result.stdout).group(1))
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", result.stdout).group(1))
    p99 = re.search(r"\s99%\s+([\d.]+\w+)", result.stdout).group(1)
    return rps, cpu / requests * 1e6, p99


def idle_cpu(pid, seconds, streams=None):
    before = cpu_seconds(pid)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(1)
        if streams:
            streams.drain()
    return cpu_seconds(pid) - before


def main():
    parser = argparse.ArgumentParser()
    for name in ("url", "pid", "out"):
        parser.add_argument(name)
    parser.add_argument("--streams", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--duration", default="15s")
    parser.add_argument("--warmup", default="2s")
    parser.add_argument("--idle", type=int, default=60)
    parser.add_argument("--machine", default="")
    options = parser.parse_args()
    url, pid, out = options.url, int(options.pid), options.out
    cookies = [line.split()[0] for line in open(f"{out}/streams/demo-csrf.txt") if line.strip()]
    writer_cookie, writer_csrf = open(f"{out}/wrk/demo-csrf.txt").readline().split()[:2]
    writer = sb.Session(url, cookie=writer_cookie, csrf=writer_csrf)
    _, page = sb.Session(url, cookie=cookies[0]).request("GET", PAGE, json_answer=False)
    validator = sb.live_validator(page)
    if len(cookies) * 8 < options.streams * options.runs:
        raise SystemExit(f"{len(cookies)} sessions cannot hold {options.streams} streams in each of {options.runs} rounds")

    rounds, fanouts = [], []
    rss = {}
    idle = {}
    for round_number in range(options.runs):
        without = run_wrk(url, f"{out}/wrk/demo-many.txt", options.duration, options.warmup, pid)
        time.sleep(1)
        before = sb.rss_kib(pid)
        per_round = (options.streams + 7) // 8
        streams = Streams(url, cookies[round_number * per_round:], options.streams, validator,
                          addresses(round_number))
        time.sleep(2)
        after = sb.rss_kib(pid)
        rss.setdefault("before", []).append(before)
        rss.setdefault("after", []).append(after)
        if round_number == 0:
            idle["with"] = idle_cpu(pid, options.idle, streams)
        with_streams = run_wrk(url, f"{out}/wrk/demo-many.txt", options.duration, options.warmup, pid)
        streams.drain()
        for number in range(3):
            cpu_before = cpu_seconds(pid)
            posted = time.monotonic()
            status, _ = writer.request("POST", PAGE + "/createTodo", {"title": f"Fan-out {round_number}.{number}"})
            streams.read_until_all_changed()
            fanouts.append((time.monotonic() - posted, (cpu_seconds(pid) - cpu_before) / options.streams * 1e6))
            time.sleep(0.5)
        streams.close()
        # The server notices closed streams at their next heartbeat (25 s).
        time.sleep(30)
        rounds.append((without, with_streams))
        if round_number == 0:
            time.sleep(2)
            idle["without"] = idle_cpu(pid, options.idle)

    per_stream_kib = statistics.median((a - b) for a, b in zip(rss["after"], rss["before"])) / options.streams
    idle_per_stream = (idle["with"] - idle["without"]) / options.streams / options.idle * 3600 * 1e3
    ratios = [w[0] / wo[0] for wo, w in rounds]
    rows = []
    for number, (wo, w) in enumerate(rounds, 1):
        rows.append(f"| {number} | {wo[0]:,.0f} | {w[0]:,.0f} | {w[0] / wo[0]:.3f} | {wo[1]:.1f} / {w[1]:.1f} µs | "
                    f"{wo[2]} / {w[2]} |")
    print("<!-- live:begin -->")
    print("## Live pages: 500 open streams (issue 38)")
    print()
    print(f"{options.machine}. Command: `ONLY=live Benchmarks/run.sh` (scripts `Benchmarks/live/live.sh`, `live.py`): "
          f"the demo on SQLite; {options.streams} event streams on alice's todo list (8 per session, the default "
          f"limit, 64 from each of 8 client addresses, new ones each round), idle but for their 25 s heartbeats; wrk -t2 -c64 -d{options.duration} GETs "
          "the list page with 64 other sessions, without the streams and then with them, each round.")
    print()
    print("| Round | list page req/s without | with 500 streams | ratio | server CPU/request without / with | p99 without / with |")
    print("|---:|---:|---:|---:|---|---|")
    print("\n".join(rows))
    print()
    fan_ms = sorted(f[0] * 1000 for f in fanouts)
    print(f"- Page throughput with the streams open: **{statistics.median(ratios):.3f} ×** without (median of "
          f"{len(ratios)} rounds; goal ≥ 0.9).")
    print(f"- Memory per idle stream: **{per_stream_kib:.1f} KiB** of server RSS (median over rounds of the RSS "
          f"after opening {options.streams} streams minus before, / {options.streams}; "
          f"{statistics.median(rss['before']) / 1024:.1f} MiB before).")
    bound = idle["with"] / options.streams / options.idle * 3600 * 1e3
    print(f"- CPU per idle stream: **at most {bound:.0f} ms an hour** — all the server's CPU over {options.idle} s "
          f"with the streams open and idle ({idle['with']:.2f} s, heartbeats every 25 s included) shared among them; "
          f"without the streams the idle server used {idle['without']:.2f} s, so the streams' own share "
          f"({idle_per_stream:.1f} ms an hour) is below what /proc's 10 ms ticks resolve.")
    print(f"- One change (a todo created in another of alice's sessions) reaches all {options.streams} streams in "
          f"**{statistics.median(fan_ms):.0f} ms** (median of {len(fan_ms)}, max {fan_ms[-1]:.0f} ms): each stream "
          f"checks its page again (its session's lock, the tree reshaped, the validator; no render), "
          f"**{statistics.median(f[1] for f in fanouts):.0f} µs** of server CPU per stream.")
    print("<!-- live:end -->")


if __name__ == "__main__":
    main()
