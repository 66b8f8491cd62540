#!/usr/bin/env python3
"""Snapshots for the scale-out benchmark (Benchmarks/scaleout/scaleout.sh): CPU time of processes,
the instances' Prometheus counters and PostgreSQL's per-statement call counts, taken just before
and just after each measured wrk run; report.py's scaleout section subtracts the two.

  probe.py snapshot OUT.json [--proc NAME=PID]... [--tree NAME=PID]... [--reaped NAME=PID]...
                             [--metrics NAME=URL]... [--postgres PORT]
      always     the machine's busy time (/proc/stat: all but idle and iowait), in clock ticks
      --proc     one process: utime + stime (/proc/PID/stat, all its threads), in clock ticks, and
                 its threads' context switches (voluntary + involuntary, /proc/PID/task/*/status)
      --tree     a process and every live descendant, plus the time of the children it has
                 already reaped (cutime + cstime): PostgreSQL's postmaster (each connection is a
                 backend process), nginx's master (its workers)
      --reaped   the time of the children PID has already reaped (cutime + cstime): for the
                 benchmark script itself, wrk's time once wrk has exited
      --metrics  GET URL (an instance's /metrics) and keep its counters
      --postgres pg_stat_statements of that local server (every database but `postgres`, where
                 this script's own query runs): database, statement, calls
  probe.py statements PORT DATABASE
      Prints the statements of DATABASE by calls (for reading, not used by the report).
"""
import json
import os
import subprocess
import sys
import time
import urllib.request


def stat_fields(pid):
    with open(f"/proc/{pid}/stat") as file:
        text = file.read()
    # The command name (field 2) may hold spaces; the fields after it start at ") ".
    rest = text[text.rindex(")") + 2:].split()
    return rest  # rest[0] is field 3 (state)


def own_ticks(pid):
    rest = stat_fields(pid)
    return int(rest[11]) + int(rest[12])  # fields 14, 15: utime, stime


def reaped_ticks(pid):
    rest = stat_fields(pid)
    return int(rest[13]) + int(rest[14])  # fields 16, 17: cutime, cstime


def context_switches(pid):
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/status") as file:
                for line in file:
                    if line.startswith(("voluntary_ctxt_switches:", "nonvoluntary_ctxt_switches:")):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total


def machine_busy():
    with open("/proc/stat") as file:
        fields = [int(v) for v in file.readline().split()[1:]]
    # user nice system idle iowait irq softirq steal guest guest_nice (guest time is in user)
    return sum(fields[:8]) - fields[3] - fields[4]


def children():
    """{parent pid: [child pids]} of every process now."""
    tree = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            parent = int(stat_fields(name)[1])
        except (OSError, ValueError, IndexError):
            continue
        tree.setdefault(parent, []).append(int(name))
    return tree


def tree_ticks(root, tree):
    total = own_ticks(root) + reaped_ticks(root)
    count = 1
    stack = list(tree.get(root, []))
    while stack:
        pid = stack.pop()
        try:
            total += own_ticks(pid)
            count += 1
        except OSError:
            continue  # gone meanwhile (its time goes to the parent's cutime)
        stack.extend(tree.get(pid, []))
    return total, count


def metrics(url):
    values = {}
    with urllib.request.urlopen(url, timeout=10) as response:
        for line in response.read().decode().splitlines():
            if not line or line.startswith("#") or "_bucket{" in line:
                continue
            key, _, value = line.rpartition(" ")
            try:
                values[key] = float(value)
            except ValueError:
                pass
    return values


PSQL_QUERY = (
    "SELECT d.datname, s.queryid, s.calls, regexp_replace(s.query, '\\s+', ' ', 'g') "
    "FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname <> 'postgres'"
)


def statements(port):
    output = subprocess.run(
        ["psql", "-X", "-q", "-At", "-F", "\t", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "-d", "postgres",
         "-c", PSQL_QUERY],
        check=True, capture_output=True, text=True).stdout
    rows = []
    for line in output.splitlines():
        database, queryid, calls, query = line.split("\t", 3)
        rows.append([database, queryid, int(calls), query])
    return rows


def snapshot(out, args):
    result = {"time": time.time(), "clk_tck": os.sysconf("SC_CLK_TCK"), "cpu": {}, "processes": {}, "switches": {},
              "metrics": {}}
    pairs = [(args[i], args[i + 1]) for i in range(0, len(args), 2)]
    # PostgreSQL's counts first: the instances' /metrics scrape runs one statement of its own
    # (the session count), which then falls into this snapshot's window, not the run's.
    for flag, value in pairs:
        if flag == "--postgres":
            result["statements"] = statements(value)
    tree = None
    for flag, value in pairs:
        if flag in ("--proc", "--tree", "--reaped"):
            name, pid = value.split("=", 1)
            try:
                if flag == "--proc":
                    result["cpu"][name], result["processes"][name] = own_ticks(int(pid)), 1
                    result["switches"][name] = context_switches(int(pid))
                elif flag == "--reaped":
                    result["cpu"][name] = reaped_ticks(int(pid))
                else:
                    tree = tree or children()
                    result["cpu"][name], result["processes"][name] = tree_ticks(int(pid), tree)
            except OSError:
                result["cpu"][name] = None
    result["machine"] = machine_busy()
    for flag, value in pairs:
        if flag == "--metrics":
            name, url = value.split("=", 1)
            try:
                result["metrics"][name] = metrics(url)
            except OSError as error:
                result["metrics"][name] = {"error": str(error)}
    with open(out, "w") as file:
        json.dump(result, file)


def main(argv):
    if len(argv) >= 2 and argv[0] == "snapshot":
        snapshot(argv[1], argv[2:])
    elif len(argv) == 3 and argv[0] == "statements":
        for database, _, calls, query in sorted(statements(argv[1]), key=lambda r: -r[2]):
            if database == argv[2]:
                print(f"{calls:>10}  {query[:150]}")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
