import Crypto
import Foundation

/// "Done" notices carried in a redirect (`/books?done=returned&id=24&at=…&sign=…`): a page says what
/// was done only for a change this server just made for this client, never from a bare query
/// string. The fields are signed with the server's token (HMAC-SHA256), which no other page can
/// read, and the signature holds for `lifetime` after the change: a link copied later, or one made
/// up, shows the page without a notice.
struct Notice: Sendable {
    /// The key: the server's token.
    let key: SymmetricKey

    /// How long after the change its notice is shown.
    static let lifetime: TimeInterval = 600

    init(token: String) {
        key = SymmetricKey(data: Data(token.utf8))
    }

    /// The query fields that say `fields` were done now, with their time and signature appended.
    func signed(_ path: String, _ fields: [(String, String)], now: Date = Date()) -> [(String, String)] {
        let stamped = fields + [("at", String(Int64(now.timeIntervalSince1970)))]
        return stamped + [("sign", signature(path, stamped))]
    }

    /// True when the query holds `names`, a time and a signature of them made by this server for
    /// `path` less than `lifetime` ago.
    func holds(_ path: String, _ names: [String], in query: FormData, now: Date = Date()) -> Bool {
        let fields = (names + ["at"]).compactMap { name in query[name].map { (name, $0) } }
        guard fields.count == names.count + 1, let given = query["sign"],
            let at = query["at"].flatMap({ Int64($0) })
        else { return false }
        let age = now.timeIntervalSince1970 - TimeInterval(at)
        guard age >= -5, age <= Self.lifetime else { return false }
        let expected = signature(path, fields)
        // In time independent of where they differ.
        guard given.utf8.count == expected.utf8.count else { return false }
        return zip(given.utf8, expected.utf8).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private func signature(_ path: String, _ fields: [(String, String)]) -> String {
        // Each part's length before it, so no two lists of fields sign the same text.
        let text = ([path] + fields.flatMap { [$0.0, $0.1] }).map { String($0.utf8.count) + ":" + $0 }.joined()
        let code = HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key)
        return code.prefix(16).map { String(format: "%02x", $0) }.joined()
    }
}
