import Foundation
import Testing

/// `almanac serve --port 0` running in a test's directory: started, its URL read from the line it
/// prints, asked over HTTP with curl (a second process, as a browser would be), and stopped by a signal.
final class RunningServer {
    /// One HTTP answer.
    struct Answer {
        let status: Int
        /// Header names lowercased.
        let headers: [String: String]
        let body: String
    }

    let process: Process
    /// `http://127.0.0.1:PORT/`.
    let url: String
    private let errors: Pipe

    /// Starts the server with `arguments` (after `serve --port 0`) and waits up to 20 s for its URL line.
    /// With `descriptors`, the server may open that many files at most (`ulimit -n`), as a shell
    /// would start it.
    init(
        _ dir: Workdir, _ arguments: [String], environment: [String: String] = [:], database: String = "almanac.db",
        descriptors: Int? = nil
    ) throws {
        process = Process()
        let (command, environment) = try dir.onStore(
            ["--db", database, "--today", "2025-12-24", "serve", "--port", "0"] + arguments, environment)
        if let descriptors {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                ["-c", "ulimit -n \(descriptors) && exec \"$0\" \"$@\"", Workdir.binary.path] + command
        } else {
            process.executableURL = Workdir.binary
            process.arguments = command
        }
        process.currentDirectoryURL = dir.url
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": dir.url.path].merging(environment) { $1 }
        let output = Pipe()
        errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var line = Data()
        let deadline = Date().addingTimeInterval(20)
        while !line.contains(UInt8(ascii: "\n")), Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let start = text.range(of: "http://"), let end = text[start.lowerBound...].firstIndex(of: " ") else {
            process.terminate()
            throw ServerDidNotStart(
                output: text, errors: String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self))
        }
        url = String(text[start.lowerBound..<end])
    }

    struct ServerDidNotStart: Error {
        let output: String
        let errors: String
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// The server's standard error so far (its log lines), read once it has ended.
    func errorOutput() -> String {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// The server's peak resident memory so far, in KiB (`VmHWM`).
    var peakKiB: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }

    /// Sends `signal` and waits for the server to end; its exit status.
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// One request through curl: never following a redirect, `headers` as given, `body` sent as is.
    func get(_ path: String, headers: [String: String] = [:]) throws -> Answer {
        try request("GET", path, headers: headers)
    }

    /// One request through curl: never following a redirect, `headers` as given, `body` sent as is.
    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil) throws
        -> Answer
    {
        try Self.curl(method, url + path.drop { $0 == "/" }, headers: headers, body: body)
    }

    /// A curl process for a request, started but not waited for (a request in flight).
    func start(_ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil) throws -> (
        Process, Pipe
    ) {
        try Self.launch(method, url + path.drop { $0 == "/" }, headers: headers, body: body)
    }

    /// The answer a started request's curl printed, once it ends.
    static func answer(of started: (Process, Pipe)) -> Answer {
        let data = started.1.fileHandleForReading.readDataToEndOfFile()
        started.0.waitUntilExit()
        return parse(String(decoding: data, as: UTF8.self))
    }

    static func curl(_ method: String, _ url: String, headers: [String: String], body: String?) throws -> Answer {
        answer(of: try launch(method, url, headers: headers, body: body))
    }

    private static func launch(_ method: String, _ url: String, headers: [String: String], body: String?) throws -> (
        Process, Pipe
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        var arguments = ["-s", "-i", "--max-time", "30", "-X", method]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { arguments += ["-H", name + ": " + value] }
        let input = Pipe()
        if body != nil { arguments += ["--data-binary", "@-"] }
        process.arguments = arguments + [url]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = body == nil ? FileHandle.nullDevice : input
        process.standardError = FileHandle.nullDevice
        try process.run()
        if let body {
            // A server that refuses early may close first: the test process must not die of SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            try? input.fileHandleForWriting.write(contentsOf: Data(body.utf8))
            try? input.fileHandleForWriting.close()
        }
        return (process, output)
    }

    /// An HTTP/1.1 answer as received: its status, headers (names in lower case) and body.
    static func parse(_ text: String) -> Answer {
        guard let split = text.range(of: "\r\n\r\n") else { return Answer(status: 0, headers: [:], body: text) }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return Answer(status: status, headers: headers, body: String(text[split.upperBound...]))
    }

    /// The CSRF token a page's forms carry.
    static func token(in page: String) -> String? {
        guard let field = page.range(of: "name=\"csrf\" value=\"") else { return nil }
        return String(page[field.upperBound...].prefix { $0 != "\"" })
    }
}
