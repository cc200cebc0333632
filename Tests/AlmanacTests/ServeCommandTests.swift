import AlmanacOutput
import AlmanacStore
import Crypto
import Foundation
import Testing

@testable import AlmanacSQLite

/// `almanac serve` end to end: the real binary on a free loopback port (`--port 0`) over the sample
/// database, asked over HTTP by curl. Pages in both languages, the JSON of `--format json`, the
/// safety rules (token, origin, read-only, the binding rule, basic auth, bounded bodies), a write
/// that waits for a lock and lands once, and SIGTERM finishing a request in flight before exit 0.
@Suite struct ServeCommandTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.prepared("serve-sample", as: "almanac.db") { try $0.demoDatabase("made.db") }
    }

    /// What the CLI prints for the same day.
    func cli(_ arguments: [String]) throws -> String {
        let out = try dir.run(["--db", "almanac.db", "--today", "2025-12-24"] + arguments)
        #expect(out.status == 0 || arguments.first == "overdue", "\(arguments): \(out.stderr)")
        return out.stdout
    }

    /// The loans as `books list --format json` prints them: what a refused or read-only request must leave as it was.
    func loans() throws -> String { try cli(["books", "list", "--format", "json"]) }

    @Test func pagesAnswerInEnglishAndRussianWithTheSecurityHeaders() throws {
        let server = try RunningServer(dir, [])
        for path in ["/", "/books", "/books?sort=title&open=1", "/books/3/edit"] {
            for (headers, query, lang, word) in [
                ([:], "", "en", "Book loans"),
                (["Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"], "", "ru", "Выдача книг"),
                ([:], "lang=ru", "ru", "Выдача книг"), (["Accept-Language": "ru"], "lang=en", "en", "Book loans"),
            ] {
                let full = query.isEmpty ? path : path + (path.contains("?") ? "&" : "?") + query
                let answer = try server.get(full, headers: headers)
                #expect(answer.status == 200, "\(full) \(headers): \(answer.status) \(answer.body.prefix(300))")
                #expect(answer.body.contains("<html lang=\"\(lang)\">"), "\(full) \(headers)")
                #expect(answer.body.contains(word), "\(full) \(headers)")
                #expect(!answer.body.contains("<script"))
                let policy = answer.headers["content-security-policy"] ?? ""
                #expect(
                    policy.contains("default-src 'none'") && policy.contains("frame-ancestors 'none'")
                        && policy.contains("form-action 'self'"))
                // The page's one style sheet is allowed by its hash, nothing else inline but style attributes.
                let sheet = try #require(
                    answer.body.range(of: "<style>").flatMap { open in
                        answer.body.range(of: "</style>").map { String(answer.body[open.upperBound..<$0.lowerBound]) }
                    })
                #expect(
                    policy.contains("'sha256-" + Data(SHA256.hash(data: Data(sheet.utf8))).base64EncodedString() + "'"),
                    "\(policy)")
                #expect(
                    answer.headers["x-frame-options"] == "DENY" && answer.headers["x-content-type-options"] == "nosniff"
                )
                #expect(answer.headers["referrer-policy"] != nil)
            }
        }
        let missing = try server.get("/no-such-page?lang=ru")
        #expect(
            missing.status == 404 && missing.body.contains("Страницы /no-such-page нет.")
                && missing.headers["x-frame-options"] == "DENY")
        #expect(server.stop() == 0)
    }

    @Test func jsonIsTheJSONOfTheCommands() throws {
        let server = try RunningServer(dir, [])
        let json = ["Accept": "application/json"]
        let cases: [(String, [String])] = [
            ("/books", ["books", "list"]),
            ("/books?sort=title", ["books", "list", "--sort", "title"]),
            ("/books?overdue=1&search=a", ["books", "list", "--overdue", "--search", "a"]),
            ("/books?open=1&limit=3&lang=ru", ["--locale", "ru", "books", "list", "--open", "--limit", "3"]),
        ]
        for (path, command) in cases {
            let answer = try server.get(path, headers: json)
            #expect(answer.status == 200 && answer.headers["content-type"]?.hasPrefix("application/json") == true)
            #expect(answer.body == (try cli(command + ["--format", "json"])), "\(path)")
        }
        let home = try server.get("/", headers: json)
        #expect(
            home.body.contains(
                "\"overdue_loans\": " + (try cli(["books", "list", "--overdue", "--format", "json"])).dropLast()))
        #expect(
            home.body.contains("\"next_doors\": " + (try cli(["calendar", "holidays", "--format", "json"])).dropLast()))
        #expect(server.stop() == 0)
    }

    @Test func aPostNeedsTheTokenAndThisOrigin() throws {
        let server = try RunningServer(dir, [])
        let before = try loans()
        let page = try server.get("/books")
        let token = try #require(RunningServer.token(in: page.body))
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        let refusals: [([String: String], String)] = [
            (form, ""),
            (form, "csrf=" + String(repeating: "0", count: token.count)),
            (form.merging(["Origin": "http://evil.example"]) { $1 }, "csrf=" + token),
            (form.merging(["Origin": "null"]) { $1 }, "csrf=" + token),
            (form.merging(["Referer": "http://evil.example/books"]) { $1 }, "csrf=" + token),
        ]
        for (headers, body) in refusals {
            let answer = try server.request("POST", "/books/11/return", headers: headers, body: body)
            #expect(answer.status == 403, "\(headers) \(body): \(answer.status)")
        }
        #expect(try loans() == before, "a refused POST changed nothing")
        // A DNS name pointed at 127.0.0.1 is not this server's name.
        #expect(try server.get("/books", headers: ["Host": "evil.example:80"]).status == 421)
        let origin = String(server.url.dropLast())
        // Another scheme or port of the same name is another origin; https of this one is a TLS proxy's.
        #expect(
            try server.request(
                "POST", "/books/11/return", headers: form.merging(["Origin": origin + "0"]) { $1 },
                body: "csrf=" + token
            ).status == 403)
        let returned = try server.request(
            "POST", "/books/11/return", headers: form.merging(["Origin": "https" + origin.dropFirst(4)]) { $1 },
            body: "csrf=" + token)
        // The notice is carried in the redirect, signed: a page says "returned" only for this change.
        #expect(returned.status == 303)
        #expect(returned.headers["location"]?.hasPrefix("/books?done=returned&id=11&at=") == true)
        #expect(returned.headers["location"]?.contains("&sign=") == true)
        let again = try server.request(
            "POST", "/books/11/return?lang=ru", headers: form.merging(["Origin": origin]) { $1 }, body: "csrf=" + token)
        // Refused as `books return` refuses it, in the same words, in Russian.
        let cliRefusal = try dir.run([
            "--db", "almanac.db", "--today", "2025-12-24", "--locale", "ru", "books", "return", "11",
        ])
        let words = try #require(cliRefusal.stderr.split(separator: ": ", maxSplits: 2).last).dropLast()
        #expect(cliRefusal.status == 65 && again.status == 422)
        #expect(
            again.body.contains("<p class=\"serve-error\" role=\"alert\">" + HTMLText.escaped(String(words)) + "</p>"),
            "\(words)")
        #expect(try loans() != before)
        #expect(server.stop() == 0)
    }

    @Test func getNeverWrites() throws {
        let server = try RunningServer(dir, [])
        let before = try loans()
        for path in [
            "/", "/books", "/books/11/return", "/books/11/edit", "/books?done=returned&id=11", "/books/999/edit",
            "/nothing",
        ] {
            _ = try server.get(path)
            _ = try server.get(path, headers: ["Accept": "application/json"])
        }
        #expect(try loans() == before)
        #expect(server.stop() == 0)
    }

    @Test func readOnlyShowsNoFormsAndRefusesEveryPost() throws {
        let server = try RunningServer(dir, ["--read-only"])
        let before = try loans()
        let page = try server.get("/books")
        #expect(
            page.status == 200 && !page.body.contains("method=\"post\"") && RunningServer.token(in: page.body) == nil)
        for path in ["/books", "/books/11/return", "/books/3/edit"] {
            let answer = try server.request(
                "POST", path, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: "title=x&due_on=today")
            #expect(answer.status == 403 && answer.body.contains("read-only"))
        }
        #expect(try loans() == before)
        #expect(server.stop() == 0)
    }

    @Test func anotherAddressNeedsReadOnlyOrAPassword() throws {
        let english = try dir.run(["--db", "almanac.db", "serve", "--host", "0.0.0.0"])
        #expect(english.status == 64 && english.stdout.isEmpty)
        #expect(
            english.stderr
                == "almanac: error: serve: --host 0.0.0.0 is not a loopback address: add --read-only, or --password-file FILE (and put TLS in front of it)\n"
        )
        let russian = try dir.run(["--db", "almanac.db", "--locale", "ru", "serve", "--host", "192.0.2.1"])
        #expect(
            russian.status == 64 && russian.stderr.contains("--host 192.0.2.1 — не петлевой адрес"), "\(russian.stderr)"
        )
        #expect(try dir.run(["--db", "almanac.db", "serve", "--port", "65536"]).status == 64)
        #expect(try dir.run(["--db", "missing.db", "serve"]).status == 66)
    }

    @Test func aPasswordFileAsksForBasicAuth() throws {
        try dir.write("password", "s3cret\n")
        let server = try RunningServer(dir, ["--password-file", "password"])
        let none = try server.get("/books")
        #expect(
            none.status == 401 && none.headers["www-authenticate"]?.hasPrefix("Basic") == true
                && !none.body.contains("Dune"))
        let wrong = "Basic " + Data("me:secret".utf8).base64EncodedString()
        #expect(try server.get("/books", headers: ["Authorization": wrong]).status == 401)
        let right = "Basic " + Data("me:s3cret".utf8).base64EncodedString()
        #expect(try server.get("/books", headers: ["Authorization": right]).status == 200)
        #expect(server.stop(SIGINT) == 0)
        try dir.write("empty", "\n")
        #expect(try dir.run(["--db", "almanac.db", "serve", "--password-file", "empty"]).status == 64)
        #expect(try dir.run(["--db", "almanac.db", "serve", "--password-file", "nowhere"]).status == 66)
    }

    @Test func anOversizedBodyIsRefused() throws {
        let server = try RunningServer(dir, [])
        let answer = try server.request(
            "POST", "/books", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: "title=" + String(repeating: "a", count: 100_000))
        #expect(answer.status == 413)
        #expect(server.stop() == 0)
    }

    @Test func aPortInUseIsNamed() throws {
        let server = try RunningServer(dir, [])
        let port = try #require(server.url.split(separator: ":").last.map { $0.dropLast() })
        let second = try dir.run(["--db", "almanac.db", "serve", "--port", String(port)])
        #expect(second.status == 75, "\(second.stderr)")
        #expect(
            second.stderr
                == "almanac: error: serve: 127.0.0.1 port \(port) is already in use (another server is listening there); choose another with --port, or --port 0 for any free one\n"
        )
        #expect(server.stop() == 0)
    }

    /// A return posted while another program holds the database's write lock waits (the busy timeout,
    /// as a command waits), SIGTERM meanwhile lets it finish, and it lands once; then the server exits 0.
    @Test(.sqliteFile) func aWriteWaitsForTheLockAndSIGTERMLetsItFinish() throws {
        let server = try RunningServer(dir, [])
        let token = try #require(RunningServer.token(in: try server.get("/books").body))
        let holder = try SQLiteDatabase(path: dir.path("almanac.db"))
        try holder.execute("BEGIN IMMEDIATE")
        let inFlight = try server.start(
            "POST", "/books/11/return", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: "csrf=" + token)
        Thread.sleep(forTimeInterval: 0.5)
        kill(server.process.processIdentifier, SIGTERM)
        Thread.sleep(forTimeInterval: 0.5)
        #expect(server.process.isRunning, "the server waits for the request in flight")
        try holder.execute("COMMIT")
        let answer = RunningServer.answer(of: inFlight)
        #expect(answer.status == 303, "\(answer.status) \(answer.body)")
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
        #expect(
            try cli(["query", "SELECT returned_on FROM books WHERE id = 11", "--format", "tsv"])
                == "returned_on\n2025-12-24\n")
    }

    /// A long listing is paged a hundred loans at a time for people; its JSON is still the whole `books list`.
    @Test func aLongListingIsPagedForPeople() throws {
        let rows = (1...250).map { "\($0 + 1000),Book \($0),,Reader,2025-12-01,2026-01-15" }
        try dir.write("many.csv", "id,title,author,borrower,loaned_on,due_on\n" + rows.joined(separator: "\n") + "\n")
        #expect(
            try dir.run(["--db", "almanac.db", "--today", "2025-12-24", "import", "books", "many.csv"]).status == 0)
        let server = try RunningServer(dir, [])
        let first = try server.get("/books")
        #expect(first.body.components(separatedBy: "<tr><td class=\"num\"").count - 1 == 100)
        #expect(first.body.contains("Loans 1–100") && first.body.contains("page=2"))
        let last = try server.get("/books?page=3&sort=title")
        #expect(
            last.body.components(separatedBy: "<tr><td class=\"num\"").count - 1 == 73 && last.body.contains("page=2"))
        #expect(last.body.contains("Loans 201–273") && !last.body.contains("page=4"))
        #expect(try server.get("/books", headers: ["Accept": "application/json"]).body == (try loans()))
        #expect(server.stop() == 0)
    }

    /// Four clients return loans at once while a cron `overdue --notify` runs beside them: every return
    /// lands once, nothing fails, and the database stays whole (two writers at once once damaged it).
    @Test func fourWritersAndCronLeaveTheDatabaseWhole() throws {
        let rows = (1...40).map { "\($0 + 2000),Copy \($0),,Reader,2025-12-01,2026-01-15" }
        try dir.write("open.csv", "id,title,author,borrower,loaned_on,due_on\n" + rows.joined(separator: "\n") + "\n")
        #expect(
            try dir.run(["--db", "almanac.db", "--today", "2025-12-24", "import", "books", "open.csv"]).status == 0)
        let server = try RunningServer(dir, [])
        let token = try #require(RunningServer.token(in: try server.get("/books").body))
        final class Statuses: @unchecked Sendable {
            // Appended to under `lock` by the clients' threads, read once they are all done.
            let lock = NSLock()
            var all: [Int] = []
        }
        let statuses = Statuses()
        let url = server.url
        let done = DispatchGroup()
        for client in 0..<4 {
            DispatchQueue.global().async(group: done) {
                for id in stride(from: 2001 + client, through: 2040, by: 4) {
                    let status =
                        (try? RunningServer.curl(
                            "POST", url + "books/\(id)/return",
                            headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "csrf=" + token
                        ).status) ?? 0
                    statuses.lock.lock()
                    statuses.all.append(status)
                    statuses.lock.unlock()
                }
            }
        }
        for _ in 0..<3 {
            let cron = try dir.run(["--db", "almanac.db", "--today", "2025-12-24", "overdue", "--notify", "--quiet"])
            #expect(cron.status == 2, "\(cron.stderr)")
        }
        done.wait()
        #expect(statuses.all.count == 40 && statuses.all.allSatisfy { $0 == 303 }, "\(statuses.all)")
        #expect(
            try cli([
                "query", "SELECT count(*) AS n FROM books WHERE id > 2000 AND returned_on = '2025-12-24'", "--format",
                "tsv",
            ]) == "n\n40\n")
        // SQLite's check of its file; PostgreSQL keeps its own pages.
        if !TestStore.isPostgres {
            #expect(
                try cli(["query", "SELECT * FROM pragma_integrity_check", "--format", "tsv"]) == "integrity_check\nok\n"
            )
        }
        #expect(server.stop() == 0)
    }
}
