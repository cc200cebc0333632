#!/usr/bin/env python3
"""Four clients writing to `almanac serve` as people would, for Bench/serve.sh.

Each client has its own holiday and its own share of the open loans. In a loop, until SECONDS have
passed, it returns its next loan (POST /books/ID/return), opens the next door of its holiday (POST
/calendar/H/open, doors 1 to 24 in order) and, after door 24, closes them all (POST
/calendar/H/reset). Every POST carries the page's CSRF token and this server's Origin, over one
kept-alive connection per client. Prints one JSON object: the statuses seen, the loans whose return
was answered 303, and how many doors were opened and how many resets were answered.

usage: serve_writers.py URL TOKEN SECONDS HOLIDAYS IDS_FILE
  HOLIDAYS  comma-separated holiday keys, one per client (four clients)
  IDS_FILE  the open loans' ids, one a line; client N takes every fourth from line N
"""

import collections
import http.client
import json
import sys
import threading
import time
import urllib.parse


def client(url, token, deadline, holiday, ids, out, lock):
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    origin = "%s://%s" % (parts.scheme, parts.netloc)
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Origin": origin}
    statuses = collections.Counter()
    returned, opened, resets, door = [], 0, 0, 1

    def post(path, fields):
        body = urllib.parse.urlencode(dict(fields, csrf=token))
        connection.request("POST", path, body=body, headers=headers)
        response = connection.getresponse()
        response.read()
        statuses[response.status] += 1
        return response.status

    for loan in ids:
        if time.monotonic() >= deadline:
            break
        if post("/books/%d/return" % loan, {}) == 303:
            returned.append(loan)
        if door <= 24:
            if post("/calendar/%s/open" % holiday, {"door": door}) == 303:
                opened += 1
                door += 1
        else:
            if post("/calendar/%s/reset" % holiday, {}) == 303:
                resets += 1
                door = 1
    connection.close()
    with lock:
        out["statuses"].update(statuses)
        out["returned"].extend(returned)
        out["doors_opened"] += opened
        out["resets"] += resets
        out["open_doors"][holiday] = door - 1


def main():
    url, token, seconds, holidays, ids_file = sys.argv[1:6]
    with open(ids_file) as lines:
        ids = [int(line) for line in lines if line.strip()]
    holidays = holidays.split(",")
    deadline = time.monotonic() + float(seconds)
    out = {"statuses": collections.Counter(), "returned": [], "doors_opened": 0, "resets": 0, "open_doors": {}}
    lock = threading.Lock()
    threads = [
        threading.Thread(target=client, args=(url, token, deadline, holiday, ids[n :: len(holidays)], out, lock))
        for n, holiday in enumerate(holidays)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out["statuses"] = {str(status): count for status, count in sorted(out["statuses"].items())}
    json.dump(out, sys.stdout)
    print()


if __name__ == "__main__":
    main()
