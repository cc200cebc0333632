#!/usr/bin/env python3
"""Starts and stops a systemd unit's service the way systemd does, where systemd is not running
(a container, CI): the [Service] section's Environment=, WorkingDirectory=, LimitNOFILE= and
ExecStart= (User= and Group= are left to systemd: the tests run as whoever runs them), then asks it
over HTTP, then sends KillSignal= and waits TimeoutStopSec= for it to end.

    supervise_unit.py UNIT URL [--ask PATH [--password P] [--host H]]...

Prints one JSON object: the answers' statuses by path, how the service ended (its exit status, or
the signal that killed it) and how long it took to stop.
"""
import argparse
import base64
import json
import os
import resource
import shlex
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request


def service_section(path):
    """The [Service] section's settings, each key with its values in order (a key may repeat)."""
    settings, section = {}, None
    with open(path, encoding="utf-8") as unit:
        for raw in unit:
            line = raw.strip()
            if not line or line[0] in "#;":
                continue
            if line.startswith("[") and line.endswith("]"):
                section = line[1:-1]
                continue
            if section == "Service" and "=" in line:
                key, value = line.split("=", 1)
                settings.setdefault(key.strip(), []).append(value.strip())
    return settings


def seconds(text):
    """TimeoutStopSec=: seconds, or a number with s, min or ms."""
    for suffix, factor in (("ms", 0.001), ("min", 60), ("s", 1)):
        if text.endswith(suffix):
            return float(text[: -len(suffix)]) * factor
    return float(text)


def ask(url, path, password=None, host=None):
    request = urllib.request.Request(url.rstrip("/") + path)
    if password is not None:
        request.add_header("Authorization", "Basic " + base64.b64encode(b"x:" + password.encode()).decode())
    if host is not None:
        request.add_header("Host", host)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("unit")
    parser.add_argument("url")
    parser.add_argument("--ask", action="append", default=[], help="PATH[,PASSWORD[,HOST]]")
    options = parser.parse_args()
    service = service_section(options.unit)
    environment = {"PATH": "/usr/bin:/bin"}
    for line in service.get("Environment", []):
        for assignment in shlex.split(line):
            key, value = assignment.split("=", 1)
            environment[key] = value
    command = shlex.split(service["ExecStart"][-1])
    limit = service.get("LimitNOFILE", [None])[-1]
    stop_signal = getattr(signal, service.get("KillSignal", ["SIGTERM"])[-1])
    timeout = seconds(service.get("TimeoutStopSec", ["90"])[-1])

    def limits():
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (int(limit), int(limit)))

    process = subprocess.Popen(
        command, env=environment, cwd=service.get("WorkingDirectory", [None])[-1], preexec_fn=limits,
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    result = {"answers": {}}
    deadline = time.time() + 20
    while time.time() < deadline and process.poll() is None:
        try:
            ask(options.url, "/")
            break
        except OSError:
            time.sleep(0.1)
    for spec in options.ask:
        path, password, host = (spec.split(",") + [None, None])[:3]
        result["answers"][spec] = ask(options.url, path, password, host)
    started = time.time()
    process.send_signal(stop_signal)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        result["timed_out"] = True
    result["stopped_in"] = round(time.time() - started, 3)
    result["exit"] = process.returncode
    result["stdout"] = process.stdout.read().decode(errors="replace")
    result["stderr"] = process.stderr.read().decode(errors="replace")
    json.dump(result, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
