import Crypto
import Foundation

/// The server's safety rules, in one place: the CSRF token of this process, the same-origin check of
/// a POST, HTTP basic auth, the host a loopback server answers to, and the headers every response
/// carries.
struct Guard: Sendable {
    /// A random token made when the process starts: every form carries it in a hidden field, and a
    /// POST without it (a page of another site cannot read it) is refused.
    let token: String
    /// The password of basic auth, or nil.
    let password: String?
    /// True when the server is bound to loopback only.
    let loopbackOnly: Bool
    /// The host names `--allowed-host` added, lowercased, and the address the server listens on.
    let allowedHosts: Set<String>
    let boundHost: String

    /// The largest request body taken: forms are small.
    static let bodyLimit = 64 * 1024
    /// The name of the hidden field holding the token.
    static let tokenField = "csrf"

    init(password: String?, loopbackOnly: Bool, allowedHosts: [String] = [], boundHost: String = "127.0.0.1") {
        var generator = SystemRandomNumberGenerator()
        token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        self.password = password
        self.loopbackOnly = loopbackOnly
        self.allowedHosts = Set(allowedHosts)
        self.boundHost = boundHost.lowercased()
    }

    /// True when the form's token is this process's (compared in time independent of where they differ).
    func tokenMatches(_ given: String?) -> Bool {
        guard let given else { return false }
        return Self.sameDigest(given, token)
    }

    /// True when a POST comes from a page of this server: its `Origin` (else its `Referer`) names the
    /// host the request was sent to. A request with neither (curl, a script) relies on the token alone;
    /// `Origin: null` (a sandboxed or file page) is refused.
    /// The scheme may be `https`: a TLS proxy in front that keeps the `Host` header.
    static func isSameOrigin(origin: String?, referer: String?, host: String?) -> Bool {
        guard let host = host?.lowercased() else { return false }
        let origins = ["http://" + host, "https://" + host]
        if let origin {
            return origins.contains(origin.lowercased())
        }
        if let referer {
            let lowered = referer.lowercased()
            return origins.contains { lowered == $0 || lowered.hasPrefix($0 + "/") || lowered.hasPrefix($0 + "?") }
        }
        return true
    }

    /// True when the request's `Host:` names this server: one of `--allowed-host`, or on a loopback
    /// server a loopback name (`127.0.0.1:8080`, `localhost:8080`, `[::1]:8080`). A server bound to
    /// another address answers any name unless `--allowed-host` was given; then those, loopback
    /// names and the address it listens on.
    func acceptsHost(_ host: String?) -> Bool {
        guard let host else { return false }
        let name = Self.name(host)
        if allowedHosts.contains(name) { return true }
        if loopbackOnly { return ServerConfiguration.isLoopback(name) }
        return allowedHosts.isEmpty || ServerConfiguration.isLoopback(name) || name == boundHost
            || "[" + boundHost + "]" == name
    }

    /// A `Host:` value without its port, lowercased (`[::1]:8080` → `[::1]`, `Example.org:80` → `example.org`).
    static func name(_ host: String) -> String {
        var name = Substring(host.lowercased())
        if name.hasPrefix("[") {
            if let close = name.firstIndex(of: "]") { name = name[...close] }
        } else if let colon = name.lastIndex(of: ":") {
            name = name[..<colon]
        }
        return String(name)
    }

    /// What an `Authorization:` header says of the password.
    enum Credentials {
        /// No password is asked.
        case notAsked
        /// The password is right.
        case right
        /// No password, or not basic auth: asked for, nothing tried.
        case missing
        /// A password other than the server's.
        case wrong
    }

    /// Whether `Authorization: Basic …` carries the password (any user name). The password is
    /// compared by its SHA-256, in time independent of where, or whether, it differs.
    func credentials(_ authorization: String?) -> Credentials {
        guard let password else { return .notAsked }
        guard let authorization, authorization.lowercased().hasPrefix("basic ") else { return .missing }
        guard
            let data = Data(base64Encoded: String(authorization.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
            let pair = String(data: data, encoding: .utf8), let colon = pair.firstIndex(of: ":")
        else { return .wrong }
        return Self.sameDigest(String(pair[pair.index(after: colon)...]), password) ? .right : .wrong
    }

    /// True when `a` and `b` are the same text, compared by their SHA-256 digests (equal lengths) with
    /// no early exit.
    private static func sameDigest(_ a: String, _ b: String) -> Bool {
        let x = Array(SHA256.hash(data: Data(a.utf8)))
        let y = Array(SHA256.hash(data: Data(b.utf8)))
        var difference: UInt8 = 0
        for (p, q) in zip(x, y) { difference |= p ^ q }
        return difference == 0
    }

    /// The headers every response carries, the Content-Security-Policy among them: nothing loads but
    /// the page's own style sheet (by its hash; style attributes inline), pictures inline, forms
    /// posted to this server only, and the page is never framed. Pages carry no script at all.
    static func headers(contentType: String, body: String) -> [(String, String)] {
        var policy = "default-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        if contentType.hasPrefix("text/html") {
            let hashes = styleHashes(body).map { "'sha256-" + $0 + "'" }
            let styles = hashes.isEmpty ? "'none'" : hashes.joined(separator: " ")
            policy +=
                "; img-src data:; style-src " + styles + "; style-src-elem " + styles
                + "; style-src-attr 'unsafe-inline'"
        }
        return [
            ("Content-Security-Policy", policy),
            ("X-Frame-Options", "DENY"),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "same-origin"),
            ("Cache-Control", "no-store"),
        ]
    }

    /// The SHA-256 of each `<style>` element's text, base64, as a CSP source names it.
    static func styleHashes(_ html: String) -> [String] {
        var hashes: [String] = []
        var rest = html[...]
        while let open = rest.markup("<style>"), let close = rest.markup("</style>", from: open.upperBound) {
            hashes.append(styleHashes.hash(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return hashes
    }

    /// The hashes of the style sheets seen last: nearly every page has the same sheet.
    private static let styleHashes = StyleHashes()

    /// A few style sheets and their hashes, the newest first; a sheet is compared byte for byte.
    private final class StyleHashes: @unchecked Sendable {
        // `recent` is read and written under `lock` only, by whichever thread answers a request.
        private let lock = NSLock()
        private var recent: [(sheet: String, hash: String)] = []

        func hash(_ sheet: Substring) -> String {
            lock.lock()
            let known = recent.first { $0.sheet == sheet }?.hash
            lock.unlock()
            if let known { return known }
            let hash = Data(SHA256.hash(data: Data(sheet.utf8))).base64EncodedString()
            lock.lock()
            recent.insert((String(sheet), hash), at: 0)
            if recent.count > 8 { recent.removeLast() }
            lock.unlock()
            return hash
        }
    }
}
