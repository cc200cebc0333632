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

    /// The largest request body taken: forms are small.
    static let bodyLimit = 64 * 1024
    /// How much of a refused body is read and dropped before the answer, so that it reaches the client.
    static let drainLimit = 16 << 20
    /// The name of the hidden field holding the token.
    static let tokenField = "csrf"

    init(password: String?, loopbackOnly: Bool) {
        var generator = SystemRandomNumberGenerator()
        token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        self.password = password
        self.loopbackOnly = loopbackOnly
    }

    /// True when the form's token is this process's (compared in time independent of where they differ).
    func tokenMatches(_ given: String?) -> Bool {
        guard let given else { return false }
        return Self.sameBytes(Array(given.utf8), Array(token.utf8))
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

    /// True when a loopback server is asked for by a loopback name (`Host: 127.0.0.1:8080`,
    /// `localhost:8080`, `[::1]:8080`); a server bound elsewhere answers any name.
    func acceptsHost(_ host: String?) -> Bool {
        guard loopbackOnly else { return true }
        guard let host else { return false }
        var name = Substring(host)
        if name.hasPrefix("[") {
            name = name.dropFirst().prefix { $0 != "]" }
        } else if let colon = name.lastIndex(of: ":") {
            name = name[..<colon]
        }
        return ServerConfiguration.isLoopback(String(name))
    }

    /// True when no password is asked, or `Authorization: Basic …` carries it (any user name).
    func isAuthorized(_ authorization: String?) -> Bool {
        guard let password else { return true }
        guard let authorization, authorization.lowercased().hasPrefix("basic "),
            let data = Data(base64Encoded: String(authorization.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
            let pair = String(data: data, encoding: .utf8), let colon = pair.firstIndex(of: ":")
        else { return false }
        return Self.sameBytes(Array(pair[pair.index(after: colon)...].utf8), Array(password.utf8))
    }

    private static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
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
