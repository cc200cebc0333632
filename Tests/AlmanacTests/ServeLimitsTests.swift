import Foundation
import Testing

@testable import AlmanacSQLite

/// `almanac serve` under what an attacker who can reach it sends, over real sockets: each of these
/// took the FlyingFox server down (a 1 MB header line froze it for minutes, 1,100 connections
/// ended it with exit 70). Now each is refused or waited out, and the server goes on answering.
@Suite struct ServeLimitsTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.prepared("serve-sample", as: "almanac.db") { try $0.demoDatabase("made.db") }
    }

    /// `?page=99999999999999999` ended the FlyingFox server (a trap on `page × 100 + 1`, exit 132,
    /// nothing on standard error), with `--read-only` too: now it is a 400 naming the numbers a page
    /// takes, in the reader's words, and the server goes on.
    @Test func aPageOutOfRangeIsRefusedAndTheServerGoesOn() throws {
        let server = try RunningServer(dir, ["--read-only"])
        for (query, headers) in [
            ("page=99999999999999999", [:]), ("page=9223372036854775807&lang=ru", [:]),
            ("page=99999999999999999", ["Accept": "application/json"]), ("limit=-9223372036854775809", [:]),
        ] {
            let answer = try server.get("/books?" + query, headers: headers)
            #expect(answer.status == 400, "\(query): \(answer.status)")
            #expect(answer.body.contains("?page=") || answer.body.contains("?limit="), "\(answer.body.prefix(300))")
            #expect(answer.headers["content-security-policy"] != nil)
        }
        #expect(try server.get("/books?page=2").status == 200)
        #expect(server.stop() == 0)
    }

    /// Header lines of 300 KB and 1 MB, sent again and again from two connections, while a reader
    /// asks for the loans: the attackers get 431 (with the headers every answer has) as soon as a
    /// line passes 16 KiB, and the reader's pages come as fast as ever (the median within 100 ms,
    /// none after a second; the FlyingFox server read such a line in time quadratic in its length).
    @Test func hugeHeaderLinesAreRefusedWhileOthersAreAnswered() throws {
        let server = try RunningServer(dir, [])
        let host = String(server.url.dropFirst(7).dropLast())
        let stop = Flag()
        let refusals = Collected()
        let url = server.url
        let attackers = [300_000, 1_000_000].map { size in
            Thread {
                let line =
                    Array("GET /books HTTP/1.1\r\nHost: \(host)\r\nX-Filler: ".utf8)
                    + [UInt8](repeating: UInt8(ascii: "a"), count: size) + Array("\r\n\r\n".utf8)
                while !stop.isSet {
                    guard let socket = try? Sockets.connect(url) else { continue }
                    _ = line.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    let answer = String(decoding: Sockets.readUntilClosed(socket), as: UTF8.self)
                    close(socket)
                    refusals.append(answer)
                }
            }
        }
        for attacker in attackers { attacker.start() }
        Thread.sleep(forTimeInterval: 0.3)
        var times: [Double] = []
        for _ in 0..<15 {
            let start = Date()
            let page = try server.get("/books")
            times.append(Date().timeIntervalSince(start))
            #expect(page.status == 200)
        }
        stop.set()
        Thread.sleep(forTimeInterval: 0.5)
        let median = times.sorted()[times.count / 2]
        // On PostgreSQL each page also waits for the server's own process, which shares the two cores
        // with the attackers' connections.
        let bound = TestStore.isPostgres ? 0.25 : 0.1
        #expect(median <= bound, "the loans page took \(times.map { Int($0 * 1000) }) ms")
        #expect(times.allSatisfy { $0 < 1 }, "\(times)")
        // An answer may be lost to the reset of a connection closed on bytes it had not read; those
        // that arrive are the refusal.
        let answers = refusals.all.map(RunningServer.parse).filter { $0.status != 0 }
        #expect(!answers.isEmpty)
        for answer in answers {
            #expect(answer.status == 431, "\(answer.status) \(answer.body.prefix(200))")
            #expect(answer.headers["content-security-policy"]?.contains("default-src 'none'") == true)
            #expect(answer.body.hasPrefix("Request headers too large"))
        }
        #expect(server.stop() == 0)
    }

    /// 1,100 connections at once under `ulimit -n 1024`: the server takes what its descriptors allow
    /// (the rest wait in the kernel's queue), never ends (the FlyingFox server exited 70 on EMFILE),
    /// and answers once they are gone; then SIGTERM ends it with 0.
    @Test func moreConnectionsThanDescriptorsNeitherEndNorStopIt() throws {
        Sockets.allowDescriptors(4_096)
        let server = try RunningServer(dir, [], descriptors: 1_024)
        var sockets: [Int32] = []
        for _ in 0..<1_100 {
            if let socket = try? Sockets.connect(server.url) { sockets.append(socket) }
        }
        #expect(sockets.count == 1_100, "\(sockets.count) connected")
        // Each says a little, as a slow client would; then they wait.
        let start = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8)
        for socket in sockets {
            _ = start.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        Thread.sleep(forTimeInterval: 2)
        #expect(server.process.isRunning, "the server ended: \(server.process.isRunning ? "" : server.errorOutput())")
        for socket in sockets { close(socket) }
        var answered = false
        for _ in 0..<50 where !answered {
            answered = (try? server.get("/books"))?.status == 200
            if !answered { Thread.sleep(forTimeInterval: 0.2) }
        }
        #expect(answered, "no answer after the connections closed")
        #expect(server.stop() == 0)
    }

    /// `--allowed-host`: a reverse proxy's name is answered by a loopback server (before, every
    /// request nginx passed with `Host: $host` was refused 421), and a POST from a page of that name
    /// is same-origin; another name still is not.
    @Test func anAllowedHostIsAnsweredAndOthersAreNot() throws {
        let server = try RunningServer(
            dir, ["--allowed-host", "Almanac.Example.org", "--allowed-host", "[2001:db8::1]"])
        for host in [
            "almanac.example.org", "ALMANAC.example.org:443", "[2001:db8::1]:8080", "127.0.0.1", "localhost:80",
        ] {
            #expect(try server.get("/books", headers: ["Host": host]).status == 200, "\(host)")
        }
        for host in ["evil.example", "almanac.example.org.evil.example", "[2001:db8::2]"] {
            let refused = try server.get("/books", headers: ["Host": host])
            #expect(refused.status == 421 && refused.headers["content-security-policy"] != nil, "\(host)")
        }
        let page = try server.get("/books", headers: ["Host": "almanac.example.org"])
        let token = try #require(RunningServer.token(in: page.body))
        let form = ["Content-Type": "application/x-www-form-urlencoded", "Host": "almanac.example.org"]
        let returned = try server.request(
            "POST", "/books/11/return", headers: form.merging(["Origin": "https://almanac.example.org"]) { $1 },
            body: "csrf=" + token)
        #expect(returned.status == 303)
        let refused = try server.request(
            "POST", "/books/3/return", headers: form.merging(["Origin": "https://127.0.0.1"]) { $1 },
            body: "csrf=" + token)
        #expect(refused.status == 403)
        #expect(server.stop() == 0)
        // A name that is no host name is a usage error naming it.
        let bad = try dir.run(["--db", "almanac.db", "serve", "--allowed-host", "evil.example:80"])
        #expect(bad.status == 64 && bad.stderr.contains("--allowed-host \"evil.example:80\" is not a host name"))
    }
}

/// A flag one thread sets and others read.
final class Flag: @unchecked Sendable {
    // `value` is read and written under `lock` only.
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// Lines several threads append to.
final class Collected: @unchecked Sendable {
    // `lines` is read and written under `lock` only.
    private let lock = NSLock()
    private var lines: [String] = []
    var all: [String] { lock.withLock { lines } }
    func append(_ line: String) { lock.withLock { lines.append(line) } }
}

/// Plain TCP sockets to a server, for requests curl would never send.
enum Sockets {
    /// A connection to the server at `url` (reads time out after 60 s).
    static func connect(_ url: String) throws -> Int32 {
        let port = try #require(url.split(separator: ":").last.flatMap { UInt16($0.dropLast()) })
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw POSIXError(.ECONNREFUSED)
        }
        return socket
    }

    /// Every byte until the server closes the connection (or 60 s pass).
    static func readUntilClosed(_ socket: Int32) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { return received }
            received += buffer[0..<count]
        }
    }

    /// Lets this process open up to `count` files (its hard limit allowing).
    static func allowDescriptors(_ count: Int) {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = max(limit.rlim_cur, min(rlim_t(count), limit.rlim_max))
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
