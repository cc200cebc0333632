import AlmanacText
import Foundation
import Testing

/// The refusals `almanac serve` sends before any page is made (400 a body that is not HTTP, 401 no
/// password, 405 another method, 413 a body over 64 KiB, 421 a foreign `Host`) are a line of plain
/// text in the reader's language, chosen as pages choose it: `Accept-Language`, or `?lang=`.
@Suite struct ServeRefusalTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.prepared("serve-sample", as: "almanac.db") { try $0.demoDatabase("made.db") }
    }

    /// Each refusal's words, by status.
    static let keys = [
        400: "serve.error.bad-request", 401: "serve.error.unauthorized", 405: "serve.error.method",
        413: "serve.error.too-large", 421: "serve.error.misdirected",
    ]

    @Test(arguments: [400, 401, 405, 413, 421])
    func aRefusalIsInTheReadersLanguage(status: Int) throws {
        try dir.write("password", "s3cret\n")
        let server = try RunningServer(dir, status == 401 ? ["--password-file", "password"] : [])
        let key = try #require(Self.keys[status])
        var seen: [String] = []
        for (language, header, query) in [
            ("en", nil, ""), ("ru", "ru-RU,ru;q=0.9,en;q=0.5", ""), ("ru", nil, "?lang=ru"),
        ] {
            let answer = try refusal(status, server, acceptLanguage: header, query: query)
            let words = Localizer(locale: language)(key, ["limit": "65536"])
            #expect(answer.status == status, "\(status) \(language): \(answer.status) \(answer.body)")
            #expect(answer.body == words + "\n", "\(status) \(language)")
            #expect(answer.headers["content-type"] == "text/plain; charset=utf-8")
            #expect(answer.headers["x-frame-options"] == "DENY")
            seen.append(answer.body)
        }
        #expect(seen[0] != seen[1] && seen[1] == seen[2], "English, then Russian twice: \(seen)")
        #expect(seen[1].unicodeScalars.contains { (0x400...0x4FF).contains($0.value) }, "\(seen[1])")
        #expect(server.stop() == 0)
    }

    /// A connection that says nothing is closed after 30 s (Hummingbird's idle timeout), and so is a
    /// kept-alive one after its answer: both at once, so the test waits once.
    @Test func aSilentConnectionIsClosed() throws {
        let server = try RunningServer(dir, [])
        let silent = try Self.connect(server.url)
        defer { close(silent) }
        let kept = try Self.connect(server.url)
        defer { close(kept) }
        let request = Array("GET /books HTTP/1.1\r\nHost: \(server.url.dropFirst(7).dropLast())\r\n\r\n".utf8)
        try #require(send(kept, request, request.count, 0) == request.count)
        let start = Date()
        #expect(Self.readUntilClosed(silent).isEmpty)
        let silentFor = Date().timeIntervalSince(start)
        let answer = String(decoding: Self.readUntilClosed(kept), as: UTF8.self)
        let keptFor = Date().timeIntervalSince(start)
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        #expect((29...50).contains(silentFor), "closed after \(silentFor) s")
        #expect((29...50).contains(keptFor), "closed after \(keptFor) s")
        #expect(server.stop() == 0)
    }

    /// A request the server refuses with `status`.
    private func refusal(_ status: Int, _ server: RunningServer, acceptLanguage: String?, query: String) throws
        -> RunningServer.Answer
    {
        var headers = acceptLanguage.map { ["Accept-Language": $0] } ?? [:]
        switch status {
        case 400:
            return try Self.raw(
                "POST /books\(query) HTTP/1.1\r\nHost: \(server.url.dropFirst(7).dropLast())\r\n"
                    + (acceptLanguage.map { "Accept-Language: \($0)\r\n" } ?? "")
                    + "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "not a chunk size\r\n",
                url: server.url)
        case 401: return try server.get("/books" + query, headers: headers)
        case 405: return try server.request("DELETE", "/books" + query, headers: headers)
        case 413:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            return try server.request(
                "POST", "/books" + query, headers: headers, body: "title=" + String(repeating: "a", count: 100_000))
        default:
            headers["Host"] = "evil.example:80"
            return try server.get("/books" + query, headers: headers)
        }
    }

    /// Sends `request` as it is (curl would never send a broken chunk) and reads the one answer.
    private static func raw(_ request: String, url: String) throws -> RunningServer.Answer {
        let socket = try connect(url)
        defer { close(socket) }
        let bytes = Array(request.utf8)
        try #require(send(socket, bytes, bytes.count, 0) == bytes.count)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[0..<count]
            let text = String(decoding: received, as: UTF8.self)
            if let split = text.range(of: "\r\n\r\n"),
                let length = text[..<split.lowerBound].split(separator: "\r\n").first(where: {
                    $0.lowercased().hasPrefix("content-length:")
                }).flatMap({ Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) }),
                text[split.upperBound...].utf8.count >= length
            {
                break
            }
        }
        return RunningServer.parse(String(decoding: received, as: UTF8.self))
    }

    /// Every byte until the server closes the connection (or 60 s pass).
    private static func readUntilClosed(_ socket: Int32) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { return received }
            received += buffer[0..<count]
        }
    }

    /// A TCP connection to the server at `url` (reads time out after 60 s).
    private static func connect(_ url: String) throws -> Int32 {
        let port = try #require(url.split(separator: ":").last.flatMap { UInt16($0.dropLast()) })
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(socket >= 0)
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
}
