import Foundation
import Testing

/// A worker gives a page again while the database is unchanged (`PageCache`): every change, by another
/// process or through the server, shows on the very next request, within the same second.
@Suite struct ServeFreshnessTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.prepared("serve-sample", as: "almanac.db") { try $0.demoDatabase("made.db") }
    }

    func cli(_ arguments: [String]) throws -> Workdir.Output {
        try dir.run(["--db", "almanac.db", "--today", "2025-12-24"] + arguments)
    }

    /// A loan lent and returned by the CLI (another process) shows on the next request of `/books`, its
    /// JSON and `/`, in each language, every time.
    @Test func changesByAnotherProcessShowAtOnce() throws {
        let server = try RunningServer(dir, [])
        for round in 1...4 {
            let title = "Fresh \(round) Tale"
            let search = "/books?search=Fresh%20\(round)"
            // Asked for on every worker (they take requests in turn), each keeping the page.
            for path in [search, search + "&lang=ru", "/"] {
                for _ in 1...8 {
                    let before = try server.get(path)
                    #expect(before.status == 200 && !before.body.contains(title), "\(path)")
                }
            }
            let json = ["Accept": "application/json"]
            #expect(!(try server.get(search, headers: json).body.contains(title)))
            // Lent long ago and due before the server's day: overdue, so on the home page too.
            let added = try cli([
                "books", "add", title, "--loaned-on", "2025-10-01", "--due", "2025-11-0\(round)", "--format", "json",
            ])
            let id = try #require(
                added.stdout.components(separatedBy: "\"id\": ").dropFirst().first?.prefix { $0.isNumber })
            for path in [search, search + "&lang=ru", "/"] {
                for _ in 1...8 {
                    #expect(try server.get(path).body.contains(title), "\(path) after books add (round \(round))")
                }
            }
            #expect(try server.get(search, headers: json).body.contains(title))
            #expect(try server.get("/", headers: json).body.contains(title))
            _ = try cli(["books", "return", String(id)])
            let returned = try server.get(search + "&open=1")
            #expect(!returned.body.contains(title), "round \(round): returned, so not open")
            #expect(!(try server.get("/").body.contains(title)), "round \(round): returned, so not overdue")
            #expect(!(try server.get("/", headers: json).body.contains(title)))
        }
    }

    /// A change made through the server (a POST, on whichever worker) shows on the next GET.
    @Test func changesThroughTheServerShowAtOnce() throws {
        let server = try RunningServer(dir, [])
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        for round in 1...4 {
            let title = "Posted \(round) Tale"
            let search = "/books?search=Posted%20\(round)"
            // Asked for on every worker (they take requests in turn), each keeping the page.
            for _ in 1...8 { #expect(!(try server.get(search).body.contains(title))) }
            let token = try #require(RunningServer.token(in: try server.get("/books").body))
            let posted = try server.request(
                "POST", "/books", headers: form,
                body: "csrf=\(token)&title=Posted%20\(round)%20Tale&loaned_on=2025-12-01&due_on=2025-12-30")
            #expect(posted.status == 303)
            for _ in 1...8 { #expect(try server.get(search).body.contains(title), "round \(round)") }
        }
    }
}
