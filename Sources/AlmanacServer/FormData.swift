import AlmanacArguments
import AlmanacKinds
import AlmanacKit
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

extension FormData {
    /// The value of the field `name` converted to `Value` as the command line converts an option's
    /// (`?limit=` as `--limit`, `?page=`), or nil when it is missing or empty. A value the type does
    /// not take is the command line's usage error, naming `?name=` (a 400): never a number that
    /// overflows later.
    func value<Value: ArgumentValue>(_ name: String, as type: Value.Type = Value.self) throws -> Value? {
        guard let text = text(name) else { return nil }
        return try Value.converting(text, option: "?" + name + "=")
    }
}

/// `?page=N`: a page of a listing, from 1 to the last page a listing of `Int64.max` rows could have
/// at the largest page size, so that the rows before it are always a number.
struct PageNumber: BoundedWholeNumber {
    static let least = 1
    static let most = Int(Int64.max) / PageSize.most
    let value: Int

    init(checked number: Int) {
        value = number
    }
}

/// `?limit=N` on a page for people (and on a page of JSON, `?page=`): at most 1,000 rows, so a page
/// is never more than a megabyte or so. The JSON of a whole listing takes any `Limit`.
struct PageSize: BoundedWholeNumber {
    static let least = 1
    static let most = 1_000
    let value: Int

    init(checked number: Int) {
        value = number
    }
}
