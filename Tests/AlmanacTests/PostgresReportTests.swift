import Foundation
import TestSupport
import Testing

/// The named reports give the same rows on both stores over generated data: thousands of loans,
/// events across zones' day edges and years, quiz answers of many players, each report with
/// parameters at and around their edges, in several zones. Seeded, so a failure is repeatable.
@Suite(.enabled(if: PostgresTestServer.url != nil, "no PostgreSQL server: run make test, or set ALMANAC_TEST_POSTGRES"))
struct PostgresReportTests {
    /// A small seeded generator (SplitMix64), so the data is the same on every run.
    struct Seeded {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    static func day(_ offset: Int) -> String {
        let date = Date(timeIntervalSince1970: 1_735_689_600 + Double(offset) * 86_400)  // 2025-01-01
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// Loans, events and answers in CSV, from `seed`.
    static func files(seed: UInt64) -> [(kind: String, name: String, text: String)] {
        var random = Seeded(state: seed)
        let names = ["Anna", "anna", "Борис", "Chloé", "chloe", "Émile", "Zoë", "", "Иван Петров"]
        var books = "title,author,borrower,loaned_on,due_on,returned_on\n"
        for number in 0..<3_000 {
            let loaned = random.next(600)
            let due = loaned + 1 + random.next(85)
            let returned = random.next(3) == 0 ? Self.day(loaned + random.next(100)) : ""
            books += "Book \(number),Author \(random.next(40)),\(names[random.next(names.count)]),"
            books += "\(Self.day(loaned)),\(Self.day(due)),\(returned)\n"
        }
        var events = "title,person,starts_at,ends_at\n"
        for number in 0..<2_000 {
            let start = random.next(700) * 86_400 + random.next(96) * 900
            let length = [0, 1_800, 3_600 * 5, 86_400 * 2][random.next(4)]
            let startText = ISO8601DateFormatter().string(
                from: Date(timeIntervalSince1970: 1_735_689_600 + Double(start)))
            let endText =
                length == 0
                ? ""
                : ISO8601DateFormatter().string(
                    from: Date(timeIntervalSince1970: 1_735_689_600 + Double(start + length)))
            events += "Event \(number),\(names[random.next(names.count)]),\(startText),\(endText)\n"
        }
        let codes = ["RU", "FR", "DE", "JP", "BR", "NZ", "AU", "CA"]
        var answers = "player,answered_at,country,chosen\n"
        for number in 0..<4_000 {
            let player = ["Anna", "Борис", "Chloé", "Dmitri", "émile", "Zoë", "anna"][random.next(7)]
            let country = codes[random.next(codes.count)]
            let chosen = random.next(3) == 0 ? codes[random.next(codes.count)] : country
            let at = ISO8601DateFormatter().string(
                from: Date(timeIntervalSince1970: 1_735_689_600 + Double(number * 61)))
            answers += "\(player),\(at),\(country),\(chosen)\n"
        }
        return [
            ("books", "books.csv", books), ("events", "events.csv", events), ("quiz-answers", "answers.csv", answers),
        ]
    }

    @Test(arguments: [1, 2] as [UInt64])
    func everyReportGivesTheSameRowsOnBothStores(seed: UInt64) throws {
        let dir = try Workdir(mapsNames: false)
        let name = dir.serverDatabase("reports\(seed)")
        try PostgresTestServer.admin("CREATE DATABASE \(name)")
        dir.madeDatabases.insert(name)
        let server = PostgresTestServer.url(database: name)
        let sample = Workdir.packageRoot.appendingPathComponent("SampleData").path
        for (_, file, text) in Self.files(seed: seed) { try dir.write(file, text) }
        for db in [server, "s.db"] {
            #expect(try dir.run(["--db", db, "init"]).status == 0)
            for kind in ["holidays", "doors", "animation-settings"] {
                let out = try dir.run(["--db", db, "--today", "2026-12-31", "import", kind, sample + "/\(kind).csv"])
                #expect(out.status == 0, "\(kind): \(out.stderr)")
            }
            for (kind, file, _) in Self.files(seed: seed) {
                let out = try dir.run(["--db", db, "--today", "2026-12-31", "import", kind, file])
                #expect(out.status == 0, "\(kind): \(out.stderr.prefix(600))")
            }
        }
        var runs: [[String]] = []
        for asOf in ["2025-01-01", "2025-06-30", "2026-02-28", "0001-01-01", "9999-12-31"] {
            for within in ["0", "7", "400", "-3"] {
                runs.append([
                    "report", "run", "overdue-books", "--param", "as_of=\(asOf)", "--param", "within=\(within)",
                ])
            }
            runs.append(["report", "run", "loans-by-borrower", "--param", "as_of=\(asOf)"])
        }
        for zone in ["UTC", "Asia/Tokyo", "America/St_Johns", "Pacific/Kiritimati", "Europe/Berlin"] {
            for (from, days) in [
                ("2025-03-28", "7"), ("2025-10-24", "10"), ("2026-11-01", "60"), ("2025-01-01", "800"),
            ] {
                runs.append([
                    "--tz", zone, "report", "run", "events-by-day", "--param", "from=\(from)", "--param",
                    "days=\(days)",
                ])
            }
        }
        for limit in ["1", "3", "100"] {
            runs.append(["report", "run", "quiz-scores", "--param", "limit=\(limit)"])
            runs.append(["report", "run", "quiz-missed-flags", "--param", "limit=\(limit)"])
        }
        runs.append(["report", "run", "calendar-progress"])
        runs.append(["report", "run", "animation-values"])
        for run in runs {
            for format in ["csv", "json"] {
                let onServer = try dir.run(["--db", server, "--today", "2026-12-31"] + run + ["--format", format])
                let onFile = try dir.run(["--db", "s.db", "--today", "2026-12-31"] + run + ["--format", format])
                #expect(onServer.status == onFile.status, "\(run): \(onServer.stderr) | \(onFile.stderr)")
                #expect(onServer.stdout == onFile.stdout, "\(run) \(format)")
            }
        }
    }
}
