import AlmanacKit
import AlmanacOutput
import AlmanacServer
import AlmanacText
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import AlmanacKinds

/// The demo's database (`almanac demo`) in a temporary folder of its own, served in process through
/// Hummingbird's test client: no socket, no child process. The demo is made once per test run and
/// copied for each test.
final class ServedDemo: @unchecked Sendable {
    // Set once in `init`, read afterwards; the log lines are appended under `lock`.
    let folder: URL
    private let lock = NSLock()
    private var lines: [String] = []

    /// The day every page is made on.
    static let today = LocalDate("2025-12-24")!

    var path: String { folder.appendingPathComponent("almanac.db").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for suffix in ["", "-wal", "-shm"] {
            let source = Self.template.appendingPathComponent("almanac.db" + suffix)
            guard FileManager.default.fileExists(atPath: source.path) else { continue }
            try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent("almanac.db" + suffix))
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The demo's folder, made on first use.
    private static let template: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "almanac-serve-demo-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let settings = Settings(databasePath: "", localizer: .english, today: today, format: .table)
        _ = try! DemoTour.run(
            in: folder.path, settings: settings,
            renderer: Renderer(settings: settings, terminal: .pipe, environment: [:]))
        atexit { try? FileManager.default.removeItem(at: ServedDemo.template) }
        return folder
    }()

    /// The server's configuration on this database, on `today`.
    func configuration(
        readOnly: Bool = false, passwordFile: String? = nil, limits: ServerConfiguration.Limits = .init()
    ) throws -> ServerConfiguration {
        var configuration = try ServerConfiguration(
            host: "127.0.0.1", port: 0, readOnly: readOnly, passwordFile: passwordFile,
            settings: Settings(databasePath: path, localizer: .english, today: Self.today, format: .html),
            fixedToday: true)
        configuration.limits = limits
        return configuration
    }

    /// Runs `body` with a client of the server on `configuration` (by default this database's, as
    /// `almanac serve` starts).
    @discardableResult
    func serve<Value: Sendable>(
        _ configuration: ServerConfiguration? = nil, _ body: @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        let (app, stop) = Server.application(try configuration ?? self.configuration()) { [self] line in
            lock.withLock { lines.append(line) }
        }
        defer { stop() }
        return try await app.test(.router, body)
    }

    /// The server's log lines so far.
    var log: [String] { lock.withLock { lines } }

    /// A file in the folder with `text`; its path.
    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}

extension TestClientProtocol {
    /// A GET (or `method`) of `uri` with `headers`.
    func ask(_ uri: String, _ method: HTTPRequest.Method = .get, headers: HTTPFields = [:], body: String? = nil)
        async throws -> TestResponse
    {
        try await executeRequest(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }

    /// The CSRF token of the server, read off the loans page's form.
    func token() async throws -> String {
        let page = String(buffer: try await ask("/books").body)
        let field = try #require(page.range(of: "name=\"csrf\" value=\""))
        return String(page[field.upperBound...].prefix { $0 != "\"" })
    }

    /// A form POSTed as a browser on this server would: the token, and `fields`.
    func post(_ uri: String, _ fields: [(String, String)], token: String, headers: HTTPFields = [:]) async throws
        -> TestResponse
    {
        var headers = headers
        headers[.contentType] = "application/x-www-form-urlencoded"
        let body = ([("csrf", token)] + fields).map {
            $0.0 + "=" + ($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }
        .joined(separator: "&")
        return try await ask(uri, .post, headers: headers, body: body)
    }
}

extension TestResponse {
    /// The body as text.
    var text: String { String(buffer: body) }

    /// True when the answer carries the headers every answer has: the Content-Security-Policy and
    /// the rest.
    var hasSecurityHeaders: Bool {
        let policy = headers[HTTPField.Name("Content-Security-Policy")!] ?? ""
        return policy.contains("default-src 'none'") && policy.contains("frame-ancestors 'none'")
            && headers[HTTPField.Name("X-Frame-Options")!] == "DENY"
            && headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff"
            && headers[HTTPField.Name("Referrer-Policy")!] == "same-origin"
            && headers[HTTPField.Name("Cache-Control")!] == "no-store"
    }
}
