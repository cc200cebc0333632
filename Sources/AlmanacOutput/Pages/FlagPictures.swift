import Foundation

/// Flags as pictures on a page: Debian's `iso-flags-svg` (public-domain SVGs of the ISO 3166 flags,
/// 4:3), read from the folder the package installs (or `ALMANAC_FLAGS_DIR`), made smaller and put in
/// the page as `data:` images, so the page stays one file and a strict CSP (`img-src data:`) shows
/// them. They are read, not embedded: the 262 files weigh 4.9 MB (one, Serbia's arms, 0.9 MB), too
/// much to carry in every binary. Without the folder a flag is its emoji, with a note saying why.
public enum FlagPictures {
    /// Where Debian's `iso-flags-svg` installs its 4:3 flags, one `xx.svg` per lowercase ISO code.
    public static let installedFolder = "/usr/share/iso-flags-svg/country-4x3"
    /// The environment variable naming another folder of `xx.svg` files.
    public static let folderVariable = "ALMANAC_FLAGS_DIR"

    /// The folder flags are read from: `ALMANAC_FLAGS_DIR` when set, else the installed one.
    public static var folder: String {
        let named = ProcessInfo.processInfo.environment[folderVariable] ?? ""
        return named.isEmpty ? installedFolder : named
    }

    /// True when the folder holds flags (France's, as a sample): `serve` says at start when not.
    public static var available: Bool {
        FileManager.default.isReadableFile(atPath: folder + "/fr.svg")
    }

    /// The flag of `code` for a page: `<img class="flag" src="data:image/svg+xml,…" alt="🇩🇪">`, the
    /// emoji its alternative text; without a picture, the emoji in a `span` whose title says why.
    public static func html(_ code: String, alt: String, note: String) -> String {
        if let source = dataURI(code) {
            return "<img class=\"flag\" src=\"" + HTMLText.attribute(source) + "\" alt=\"" + HTMLText.attribute(alt)
                + "\">"
        }
        return "<span class=\"flag\" title=\"" + HTMLText.attribute(note) + "\">" + HTMLText.escaped(alt) + "</span>"
    }

    /// The picture of `code` (two ASCII letters, any case) as a `data:` address, or nil when the
    /// folder has no such file. Each flag is read and made smaller once per process.
    public static func dataURI(_ code: String) -> String? {
        let bytes = Array(code.utf8)
        guard bytes.count == 2, bytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
        else { return nil }
        let name = code.lowercased()
        let folder = folder
        return cache.value(folder + "/" + name) {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name + ".svg") else { return nil }
            return "data:image/svg+xml," + percentEncoded(minified(String(decoding: data, as: UTF8.self)))
        }
    }

    /// The SVG without what a viewer never draws (the XML declaration, comments, metadata, the
    /// editor's view), its white space collapsed, and a `viewBox` from its size when it has none, so
    /// the picture scales to the `img`'s box instead of being cut.
    static func minified(_ svg: String) -> String {
        var text = Substring(svg)
        if let start = text.range(of: "<svg") { text = text[start.lowerBound...] }
        var out = String(text)
        for (open, close) in [
            ("<!--", "-->"), ("<metadata", "</metadata>"), ("<sodipodi:namedview", "</sodipodi:namedview>"),
        ] {
            out = removing(out, from: open, to: close)
        }
        out = removing(out, from: "<sodipodi:namedview", to: "/>")
        var collapsed = ""
        collapsed.reserveCapacity(out.utf8.count)
        var space = false
        for scalar in out.unicodeScalars {
            if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" {
                space = true
                continue
            }
            if space, scalar != "<", collapsed.unicodeScalars.last != ">" { collapsed.unicodeScalars.append(" ") }
            space = false
            collapsed.unicodeScalars.append(scalar)
        }
        guard let rootEnd = collapsed.range(of: ">") else { return collapsed }
        let root = collapsed[..<rootEnd.lowerBound]
        if root.contains("viewBox=") { return collapsed }
        guard let width = attribute("width", root), let height = attribute("height", root) else { return collapsed }
        return "<svg viewBox=\"0 0 " + width + " " + height + "\"" + collapsed.dropFirst(4)
    }

    /// `out` without each span from `open` to the next `close`, both included.
    private static func removing(_ out: String, from open: String, to close: String) -> String {
        var rest = Substring(out)
        var kept = ""
        while let start = rest.range(of: open), let end = rest[start.upperBound...].range(of: close) {
            kept += rest[..<start.lowerBound]
            rest = rest[end.upperBound...]
        }
        return kept + rest
    }

    /// The number of an attribute of the root element (`width="640"`, units dropped).
    private static func attribute(_ name: String, _ tag: Substring) -> String? {
        guard let start = tag.range(of: " " + name + "=\"") else { return nil }
        let value = tag[start.upperBound...].prefix { $0 != "\"" }
        let number = value.prefix { $0.isNumber || $0 == "." }
        return number.isEmpty ? nil : String(number)
    }

    /// The SVG as a `data:` address's text: what a URL or the attribute would read otherwise
    /// (`%`, `#`, `"`, `<`, `>`, non-ASCII) percent-encoded; most of a path's digits and spaces kept.
    static func percentEncoded(_ svg: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(svg.utf8.count + svg.utf8.count / 8)
        for byte in svg.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                out.append(byte)
            case _ where " -._~!$'()*+,/:;=?@".utf8.contains(byte):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let cache = PictureCache()

    /// The pictures made so far, by file: a page of all the countries reads each once.
    private final class PictureCache: @unchecked Sendable {
        // `made` is read and written under `lock` only, by whichever thread renders a page.
        private let lock = NSLock()
        private var made: [String: String?] = [:]

        func value(_ key: String, _ make: () -> String?) -> String? {
            lock.lock()
            if let known = made[key] {
                lock.unlock()
                return known
            }
            lock.unlock()
            let value = make()
            lock.lock()
            made[key] = value
            lock.unlock()
            return value
        }
    }
}
