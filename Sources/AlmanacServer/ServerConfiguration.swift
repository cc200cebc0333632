import AlmanacKinds
import AlmanacKit
import AlmanacText
import Foundation

/// What `almanac serve` was asked to do, checked before anything is bound: where it listens, whether
/// it may write, the password a client must give, the host names it answers to, and the settings
/// every page starts from.
public struct ServerConfiguration: Sendable {
    /// The address to bind (`127.0.0.1` by default).
    public let host: String
    /// The port; 0 lets the system pick a free one (the URL line names it).
    public let port: Int
    /// True with `--read-only`: the database is opened read-only, pages show no forms, a POST gets 403.
    public let readOnly: Bool
    /// The password of HTTP basic auth (`--password-file`), or nil for none.
    public let password: String?
    /// The names a request may give in `Host:` besides the loopback ones (`--allowed-host`, a reverse
    /// proxy's name), lowercased.
    public let allowedHosts: [String]
    /// The global options resolved: the database, the zone, the default words, `--today`.
    public let settings: Settings
    /// True when "today" was given (`--today`, `ALMANAC_TODAY`): every request keeps it; else each
    /// request takes the clock's day in the zone.
    public let fixedToday: Bool
    /// The limits on pages: how long one may take, how many are made at once and how many wait.
    public var limits = Limits()

    /// How long a page may take and how many are made or wait at once (`Server`'s by default; tests
    /// make them small to reach them).
    public struct Limits: Sendable {
        /// How long a page may take, from its request's arrival to its answer's last byte.
        public var pageTimeout = Server.pageTimeout
        /// The threads pages are made on.
        public var workers = Server.workerCount
        /// Pages waiting for a thread at most.
        public var queue = Server.queueLimit

        public init() {}
    }

    /// Checks the binding rule and reads the password file: an address other than loopback needs
    /// `--read-only` or `--password-file` (a usage error otherwise); a password file that cannot be
    /// read is exit 66, one whose first line is empty or only spaces a usage error.
    public init(
        host: String, port: Int, readOnly: Bool, passwordFile: String?, allowedHosts: [String] = [],
        settings: Settings, fixedToday: Bool
    ) throws {
        self.host = host
        self.port = port
        self.readOnly = readOnly
        self.settings = settings
        self.fixedToday = fixedToday
        self.allowedHosts = try allowedHosts.map(Self.hostName)
        password = try passwordFile.map(Self.password)
        if !Self.isLoopback(host), !readOnly, password == nil {
            throw AlmanacError(.usage, "serve.error.open-host", ["host": host])
        }
    }

    /// The password on the first line of the file at `path`, without its line break (LF, or CRLF as
    /// Windows' Notepad saves it). A first line that is empty or only blanks is refused: such a
    /// password would be guessed at once.
    static func password(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path),
            let text = String(data: data, encoding: .utf8)
        else {
            throw AlmanacError(.missingInput, "serve.error.password-file", ["path": path])
        }
        // By bytes: in Swift's characters CRLF is one, which `"\n"` never matches.
        var line = text.utf8.prefix { $0 != UInt8(ascii: "\n") }
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        let password = String(decoding: line, as: UTF8.self)
        guard password.unicodeScalars.contains(where: { !CharacterSet.whitespaces.contains($0) }) else {
            throw AlmanacError(.usage, "serve.error.password-empty", ["path": path])
        }
        return password
    }

    /// A name for `--allowed-host`: a host name or address as `Host:` gives it, without a port
    /// (`almanac.example.org`, `192.0.2.7`, `[2001:db8::1]`), lowercased.
    static func hostName(_ given: String) throws -> String {
        let name = given.lowercased()
        let isAddress6 = name.hasPrefix("[") && name.hasSuffix("]") && name.count > 2
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-.")
        guard isAddress6 || (!name.isEmpty && name.allSatisfy(allowed.contains)) else {
            throw AlmanacError(.usage, "serve.error.allowed-host", ["value": given])
        }
        return name
    }

    /// True for an address only this machine reaches: `localhost`, `127.0.0.0/8`, `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare == "localhost" || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// True when the server listens on loopback only: then a request must name a loopback host too
    /// (`Host:`), or one of `allowedHosts`, so a page of another site that a DNS name points at
    /// 127.0.0.1 cannot reach it.
    var isLoopbackOnly: Bool { Self.isLoopback(host) }
}
