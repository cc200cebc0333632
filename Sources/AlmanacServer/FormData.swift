import Foundation

/// The fields of a query string or of a form's body (`application/x-www-form-urlencoded`): `+` is a
/// space, `%XX` a byte, the first of a repeated name wins. Bytes that are not UTF-8 make no field.
struct FormData: Sendable {
    /// The fields by name.
    private(set) var fields: [String: String] = [:]

    /// Fields read from `a=1&b=two+words`.
    init(_ encoded: Substring) {
        for pair in encoded.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), !name.isEmpty else { continue }
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            if fields[name] == nil, let value { fields[name] = value }
        }
    }

    init() {}

    /// The value of a field, or nil when it is missing.
    subscript(name: String) -> String? { fields[name] }

    /// The value of a field with spaces trimmed, or nil when it is missing or empty.
    func text(_ name: String) -> String? {
        guard let value = fields[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            return nil
        }
        return value
    }

    private static func decode(_ part: Substring) -> String? {
        part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// `text` encoded for a query string's value.
    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
