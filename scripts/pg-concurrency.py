"""Many writers on one PostgreSQL database, for `PostgresStoreTests.manyWritersForAMinute`.

    python3 scripts/pg-concurrency.py BINARY PRIMARY_URL REPLICA_URL WORKDIR SECONDS

For SECONDS: 4 cron jobs run `almanac overdue --notify` every 100 ms (their day moving on a day every
ten runs, so new notice levels keep falling due), while 4 clients return the same 1,000 loans, each in
its own order, through two `almanac serve` processes reading from the standby. Then it checks, and
prints one JSON line of figures: every notice printed once and recorded once (the printed ones are
the recorded ones), every loan returned once (one 303 each, every other try the command's refusal,
422), and the standby's listing equal to the primary's once it has replayed. Exits 1 naming the
first broken promise.
"""
import csv, io, json, random, re, socket, subprocess, sys, threading, time, urllib.error, urllib.parse, urllib.request

binary, primary, replica, workdir, seconds = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], float(sys.argv[5])
LOANS = 1000
BASE_DAY = 20251201  # notices' days: 2025-12-01 onwards


def almanac(*args, check=True):
    done = subprocess.run([binary, "--db", primary, *args], cwd=workdir, capture_output=True, text=True)
    if check and done.returncode not in (0, 2):
        raise SystemExit(f"almanac {' '.join(args)}: exit {done.returncode}: {done.stderr}")
    return done


def day(offset):
    return time.strftime("%Y-%m-%d", time.gmtime(time.mktime((2025, 12, 1 + offset, 12, 0, 0, 0, 0, 0))))


# 1,000 loans due between 2025-11-01 and 2025-11-30: over the days the cron jobs walk through, each
# reaches notice levels 1, 7 and 14 in turn.
with open(f"{workdir}/loans.csv", "w", encoding="utf-8") as f:
    f.write("id,title,borrower,loaned_on,due_on\n")
    for i in range(1, LOANS + 1):
        f.write(f"{i},Book {i},Reader {i % 50},2025-10-01,2025-11-{1 + i % 30:02d}\n")
almanac("init")
almanac("--today", "2025-12-01", "import", "books", "loans.csv")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


servers = []
for _ in range(2):
    port = free_port()
    process = subprocess.Popen(
        [binary, "--db", primary, "--replica", replica, "--today", "2025-12-31", "serve", "--port", str(port)],
        cwd=workdir, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    servers.append((port, process))
for port, _ in servers:
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read()
            break
        except OSError:
            time.sleep(0.1)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


opener = urllib.request.build_opener(NoRedirect)
tokens = {}
for port, _ in servers:
    page = urllib.request.urlopen(f"http://127.0.0.1:{port}/books", timeout=10).read().decode()
    tokens[port] = re.search(r'name="csrf" value="([^"]+)"', page).group(1)

stop = time.monotonic() + seconds
lock = threading.Lock()
returned = {}  # loan id -> number of 303s
refused = 0
other = []
printed = []  # (book id, level) lines the cron jobs printed
runs = 0


def client(number):
    global refused
    order = list(range(1, LOANS + 1))
    random.Random(number).shuffle(order)
    for i, loan in enumerate(order):
        if time.monotonic() > stop:
            return
        port = servers[(i + number) % 2][0]
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/books/{loan}/return", method="POST",
            data=urllib.parse.urlencode({"csrf": tokens[port]}).encode(),
            headers={"Origin": f"http://127.0.0.1:{port}"})
        try:
            status = opener.open(request, timeout=30).status
        except urllib.error.HTTPError as error:
            status = error.code
        with lock:
            if status == 303:
                returned[loan] = returned.get(loan, 0) + 1
            elif status == 422:
                refused += 1
            else:
                other.append((loan, status))


def cron(number):
    global runs
    run = 0
    while time.monotonic() < stop:
        today = day(run // 10)
        done = almanac("--today", today, "overdue", "--notify", "--format", "csv")
        rows = list(csv.DictReader(io.StringIO(done.stdout)))
        with lock:
            runs += 1
            # With --notify the rows printed are the notices this run issued.
            printed.extend((int(row["id"]), int(row["level"])) for row in rows)
        run += 1
        time.sleep(0.1)


threads = [threading.Thread(target=client, args=(n,)) for n in range(4)]
threads += [threading.Thread(target=cron, args=(n,)) for n in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
for _, process in servers:
    process.terminate()
    process.wait(timeout=30)

recorded = almanac("query", "SELECT book_id, level FROM overdue_notices ORDER BY book_id, level", "--format", "csv")
recorded = [(int(r["book_id"]), int(r["level"])) for r in csv.DictReader(io.StringIO(recorded.stdout))]
figures = {"loans_returned": len(returned), "refusals": refused, "notices": len(recorded), "cron_runs": runs,
           "printed": len(printed)}
problems = []
if other:
    problems.append(f"answers other than 303 and 422: {other[:5]}")
twice = [loan for loan, count in returned.items() if count > 1]
if twice:
    problems.append(f"loans returned twice: {twice[:5]}")
if sorted(printed) != recorded:
    problems.append(f"printed notices {len(printed)} (distinct {len(set(printed))}) differ from recorded {len(recorded)}")
if len(set(printed)) != len(printed):
    problems.append("a notice was printed twice")
# The standby's listing equals the primary's once it has replayed (bounded wait).
listing = lambda *extra: subprocess.run([binary, "--db", primary, *extra, "--today", "2025-12-31", "books", "list",
                                         "--format", "csv"], cwd=workdir, capture_output=True, text=True).stdout
on_primary = listing()
for _ in range(100):
    on_standby = listing("--replica", replica)
    if on_standby == on_primary:
        break
    time.sleep(0.1)
else:
    problems.append("the standby's listing differs from the primary's after 10 s")
figures["problems"] = problems
print(json.dumps(figures))
sys.exit(1 if problems else 0)
