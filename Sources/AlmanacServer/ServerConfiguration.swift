import AlmanacKit
import AlmanacText
import Foundation

/// What `almanac serve` was asked to do, checked before anything is bound: where it listens, whether
/// it may write, the password a client must give, and the settings every page starts from.
public struct ServerConfiguration: Sendable {
    /// The address to bind (`127.0.0.1` by default).
    public let host: String
    /// The port; 0 lets the system pick a free one (the URL line names it).
    public let port: Int
    /// True with `--read-only`: the database is opened read-only, pages show no forms, a POST gets 403.
    public let readOnly: Bool
    /// The password of HTTP basic auth (`--password-file`), or nil for none.
    public let password: String?
    /// The global options resolved: the database, the zone, the default words, `--today`.
    public let settings: Settings
    /// True when "today" was given (`--today`, `ALMANAC_TODAY`): every request keeps it; else each
    /// request takes the clock's day in the zone.
    public let fixedToday: Bool

    /// Checks the binding rule and reads the password file: an address other than loopback needs
    /// `--read-only` or `--password-file` (a usage error otherwise); a password file that cannot be
    /// read is exit 66, an empty one a usage error.
    public init(host: String, port: Int, readOnly: Bool, passwordFile: String?, settings: Settings, fixedToday: Bool)
        throws
    {
        self.host = host
        self.port = port
        self.readOnly = readOnly
        self.settings = settings
        self.fixedToday = fixedToday
        if let passwordFile {
            guard let data = FileManager.default.contents(atPath: passwordFile),
                let text = String(data: data, encoding: .utf8)
            else {
                throw AlmanacError(.missingInput, "serve.error.password-file", ["path": passwordFile])
            }
            // The first line, without its line break: `echo secret > file` makes a file of one line.
            let password = String(
                text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            )
            .trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
            guard !password.isEmpty else {
                throw AlmanacError(.usage, "serve.error.password-empty", ["path": passwordFile])
            }
            self.password = password
        } else {
            password = nil
        }
        if !Self.isLoopback(host), !readOnly, password == nil {
            throw AlmanacError(.usage, "serve.error.open-host", ["host": host])
        }
    }

    /// True for an address only this machine reaches: `localhost`, `127.0.0.0/8`, `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare == "localhost" || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// True when the server listens on loopback only: then a request must name a loopback host too
    /// (`Host:`), so a page of another site that a DNS name points at 127.0.0.1 cannot reach it.
    var isLoopbackOnly: Bool { Self.isLoopback(host) }
}
