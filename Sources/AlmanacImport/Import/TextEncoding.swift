import AlmanacKinds

/// The encodings an import reads. Other encodings are turned into UTF-8 before parsing, chunk by
/// chunk, so the parser, the checks and the database only ever see UTF-8.
public enum TextEncoding: String, CaseIterable, Sendable {
    case utf8 = "utf-8"
    case utf16LE = "utf-16le"
    case utf16BE = "utf-16be"
    case windows1251 = "windows-1251"
    case windows1252 = "windows-1252"
    case latin1 = "latin1"

    /// Reads `--encoding` values, with the usual aliases (`utf8`, `cp1251`, `iso-8859-1`, `utf16le`).
    public init?(name: String) {
        switch name.lowercased() {
        case "utf-8", "utf8": self = .utf8
        case "utf-16le", "utf16le", "utf-16-le": self = .utf16LE
        case "utf-16be", "utf16be", "utf-16-be": self = .utf16BE
        case "windows-1251", "cp1251", "win1251": self = .windows1251
        case "windows-1252", "cp1252", "win1252": self = .windows1252
        case "latin1", "latin-1", "iso-8859-1", "iso8859-1": self = .latin1
        default: return nil
        }
    }

    /// Reads an `--encoding` value; a `!` after the name (`windows-1251!`) forces it, so that a file
    /// that is valid UTF-8 is still read as that encoding.
    public static func option(_ value: String) -> (encoding: TextEncoding, forced: Bool)? {
        let forced = value.hasSuffix("!")
        return TextEncoding(name: forced ? String(value.dropLast()) : value).map { ($0, forced) }
    }

    /// True for the encodings where every byte is a character of its own (windows-1251, windows-1252, latin1).
    var isSingleByte: Bool { ![.utf8, .utf16LE, .utf16BE].contains(self) }

    /// The byte-order mark that announces the encoding at the start of a file.
    var byteOrderMark: [UInt8]? {
        switch self {
        case .utf8: [0xEF, 0xBB, 0xBF]
        case .utf16LE: [0xFF, 0xFE]
        case .utf16BE: [0xFE, 0xFF]
        default: nil
        }
    }

    /// The encoding a file's first bytes announce by their byte-order mark, if any.
    static func announced(by start: UnsafeRawBufferPointer) -> TextEncoding? {
        [.utf8, .utf16LE, .utf16BE].first { encoding in
            let mark = encoding.byteOrderMark!
            return start.count >= mark.count && zip(start, mark).allSatisfy { $0 == $1 }
        }
    }

    /// Windows-1251's 0x80...0xBF as Unicode scalars; 0x98 has no character (0 marks it).
    private static let cyrillicHigh: [UInt16] = [
        0x0402, 0x0403, 0x201A, 0x0453, 0x201E, 0x2026, 0x2020, 0x2021, 0x20AC, 0x2030, 0x0409, 0x2039, 0x040A, 0x040C,
        0x040B, 0x040F,
        0x0452, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x0000, 0x2122, 0x0459, 0x203A, 0x045A, 0x045C,
        0x045B, 0x045F,
        0x00A0, 0x040E, 0x045E, 0x0408, 0x00A4, 0x0490, 0x00A6, 0x00A7, 0x0401, 0x00A9, 0x0404, 0x00AB, 0x00AC, 0x00AD,
        0x00AE, 0x0407,
        0x00B0, 0x00B1, 0x0406, 0x0456, 0x0491, 0x00B5, 0x00B6, 0x00B7, 0x0451, 0x2116, 0x0454, 0x00BB, 0x0458, 0x0405,
        0x0455, 0x0457,
    ]

    /// Windows-1252's 0x80...0x9F (the rest is Latin-1); 0 marks the five bytes without a character.
    private static let westernHigh: [UInt16] = [
        0x20AC, 0x0000, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x0000,
        0x017D, 0x0000,
        0x0000, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x0000,
        0x017E, 0x0178,
    ]

    /// The character a single-byte encoding gives a byte; 0 for a byte without one.
    func scalar(ofByte byte: UInt8) -> UInt32 {
        switch self {
        case .windows1251:
            if byte < 0x80 { return UInt32(byte) }
            if byte < 0xC0 { return UInt32(Self.cyrillicHigh[Int(byte - 0x80)]) }
            return 0x0410 + UInt32(byte - 0xC0)
        case .windows1252:
            return byte >= 0x80 && byte < 0xA0 ? UInt32(Self.westernHigh[Int(byte - 0x80)]) : UInt32(byte)
        default: return UInt32(byte)
        }
    }

    /// UTF-8 for each byte value, up to 3 bytes; an undefined byte maps to 0xFF, which is never valid
    /// UTF-8, so it is reported at its place instead of becoming a wrong character.
    private var table: [(UInt8, UInt8, UInt8, UInt8)] {
        (0..<256).map { byte -> (UInt8, UInt8, UInt8, UInt8) in
            let scalar = self.scalar(ofByte: UInt8(byte))
            if scalar == 0 && byte != 0 { return (1, 0xFF, 0, 0) }
            var out: [UInt8] = []
            UTF8.encode(Unicode.Scalar(scalar)!) { out.append($0) }
            return (UInt8(out.count), out[0], out.count > 1 ? out[1] : 0, out.count > 2 ? out[2] : 0)
        }
    }

    /// A converter from UTF-8 (whole characters) to this encoding, or nil for UTF-8 itself. A
    /// character the encoding lacks becomes `?` (only a rejects file's reasons can hold one: its
    /// rows came from a file in this encoding).
    func encoder() -> (([UInt8]) -> [UInt8])? {
        switch self {
        case .utf8: return nil
        case .utf16LE, .utf16BE:
            let bigEndian = self == .utf16BE
            return { utf8 in
                var out: [UInt8] = []
                out.reserveCapacity(utf8.count * 2)
                for unit in String(decoding: utf8, as: UTF8.self).utf16 {
                    out += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
                }
                return out
            }
        default:
            var bytes: [UInt32: UInt8] = [:]
            for byte in 0..<256 where scalar(ofByte: UInt8(byte)) != 0 || byte == 0 {
                bytes[scalar(ofByte: UInt8(byte))] = UInt8(byte)
            }
            return { utf8 in String(decoding: utf8, as: UTF8.self).unicodeScalars.map { bytes[$0.value] ?? 63 } }
        }
    }

    /// A converter from this encoding to UTF-8, or nil for UTF-8 itself.
    func transcoder() -> Transcoder? {
        switch self {
        case .utf8: nil
        case .utf16LE: Transcoder(.utf16(bigEndian: false))
        case .utf16BE: Transcoder(.utf16(bigEndian: true))
        default: Transcoder(.singleByte(table))
        }
    }

    /// True when bytes that are not UTF-8 read as Cyrillic text in windows-1251: at least three
    /// letters (А–я, Ё, ё), and four in five of the bytes above ASCII letters. Valid UTF-8 Cyrillic
    /// is half continuation bytes, which are not letters there, so it never passes.
    static func looksLikeWindows1251(_ counts: (high: Int, letters: Int)) -> Bool {
        counts.letters >= 3 && counts.letters * 5 >= counts.high * 4
    }

    /// Counts the bytes above ASCII and those of them that are windows-1251 letters.
    static func cyrillicCounts(_ bytes: UnsafeRawBufferPointer, into counts: inout (high: Int, letters: Int)) {
        for byte in bytes where byte >= 0x80 {
            counts.high += 1
            if byte >= 0xC0 || byte == 0xA8 || byte == 0xB8 { counts.letters += 1 }
        }
    }
}

/// Converts another encoding to UTF-8 chunk by chunk, into a buffer it reuses. A byte or unit that
/// is no character becomes 0xFF, never valid UTF-8, so the import reports it at its place.
final class Transcoder {
    enum Source {
        /// Each byte is one character: UTF-8 for each byte value (length, then up to 3 bytes).
        case singleByte([(UInt8, UInt8, UInt8, UInt8)])
        case utf16(bigEndian: Bool)
    }

    private let source: Source
    private var output: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// UTF-16: the first byte of a unit split between chunks, and a high surrogate waiting for its pair.
    private var pendingByte: UInt8?
    private var highSurrogate: UInt32?

    init(_ source: Source) {
        self.source = source
        capacity = 0
        output = .allocate(capacity: 1)
    }

    deinit { output.deallocate() }

    /// The chunk in UTF-8; valid until the next call.
    func convert(_ input: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        reserve(input.count * 3 + 8)
        var count = 0
        switch source {
        case .singleByte(let table):
            for byte in input {
                let entry = table[Int(byte)]
                output[count] = entry.1
                if entry.0 > 1 { output[count + 1] = entry.2 }
                if entry.0 > 2 { output[count + 2] = entry.3 }
                count += Int(entry.0)
            }
        case .utf16(let bigEndian):
            for byte in input {
                guard let first = pendingByte else {
                    pendingByte = byte
                    continue
                }
                pendingByte = nil
                let unit = bigEndian ? UInt32(first) << 8 | UInt32(byte) : UInt32(byte) << 8 | UInt32(first)
                count = take(unit, at: count)
            }
        }
        return UnsafeRawBufferPointer(start: output, count: count)
    }

    /// What is left at the end of the input (half a unit, a lone high surrogate), as 0xFF bytes.
    func finish() -> UnsafeRawBufferPointer {
        reserve(2)
        var count = 0
        if highSurrogate != nil {
            output[count] = 0xFF
            count += 1
        }
        if pendingByte != nil {
            output[count] = 0xFF
            count += 1
        }
        highSurrogate = nil
        pendingByte = nil
        return UnsafeRawBufferPointer(start: output, count: count)
    }

    private func reserve(_ size: Int) {
        guard capacity < size else { return }
        output.deallocate()
        capacity = size
        output = .allocate(capacity: capacity)
    }

    /// Writes one UTF-16 unit's character (or a pair's) at `count`; returns the new count.
    private func take(_ unit: UInt32, at start: Int) -> Int {
        var count = start
        if let high = highSurrogate {
            highSurrogate = nil
            if (0xDC00...0xDFFF).contains(unit) {
                return write(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00), at: count)
            }
            output[count] = 0xFF
            count += 1
        }
        switch unit {
        case 0xD800...0xDBFF: highSurrogate = unit
        case 0xDC00...0xDFFF:
            output[count] = 0xFF
            count += 1
        default: count = write(unit, at: count)
        }
        return count
    }

    private func write(_ scalar: UInt32, at count: Int) -> Int {
        if scalar < 0x80 {
            output[count] = UInt8(scalar)
            return count + 1
        }
        if scalar < 0x800 {
            output[count] = UInt8(0xC0 | scalar >> 6)
            output[count + 1] = UInt8(0x80 | scalar & 0x3F)
            return count + 2
        }
        if scalar < 0x10000 {
            output[count] = UInt8(0xE0 | scalar >> 12)
            output[count + 1] = UInt8(0x80 | (scalar >> 6) & 0x3F)
            output[count + 2] = UInt8(0x80 | scalar & 0x3F)
            return count + 3
        }
        output[count] = UInt8(0xF0 | scalar >> 18)
        output[count + 1] = UInt8(0x80 | (scalar >> 12) & 0x3F)
        output[count + 2] = UInt8(0x80 | (scalar >> 6) & 0x3F)
        output[count + 3] = UInt8(0x80 | scalar & 0x3F)
        return count + 4
    }
}
