/// The encodings an import reads. Single-byte encodings are turned into UTF-8 before parsing, so
/// the parser, the checks and the database only ever see UTF-8.
public enum TextEncoding: String, CaseIterable, Sendable {
    case utf8 = "utf-8"
    case windows1251 = "windows-1251"
    case latin1 = "latin1"

    /// Reads `--encoding` values, with the usual aliases (`utf8`, `cp1251`, `iso-8859-1`).
    public init?(name: String) {
        switch name.lowercased() {
        case "utf-8", "utf8": self = .utf8
        case "windows-1251", "cp1251", "win1251": self = .windows1251
        case "latin1", "latin-1", "iso-8859-1", "iso8859-1": self = .latin1
        default: return nil
        }
    }

    /// Windows-1251's 0x80...0xBF as Unicode scalars; 0x98 has no character (0 marks it).
    private static let cyrillicHigh: [UInt16] = [
        0x0402, 0x0403, 0x201A, 0x0453, 0x201E, 0x2026, 0x2020, 0x2021, 0x20AC, 0x2030, 0x0409, 0x2039, 0x040A, 0x040C, 0x040B, 0x040F,
        0x0452, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x0000, 0x2122, 0x0459, 0x203A, 0x045A, 0x045C, 0x045B, 0x045F,
        0x00A0, 0x040E, 0x045E, 0x0408, 0x00A4, 0x0490, 0x00A6, 0x00A7, 0x0401, 0x00A9, 0x0404, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x0407,
        0x00B0, 0x00B1, 0x0406, 0x0456, 0x0491, 0x00B5, 0x00B6, 0x00B7, 0x0451, 0x2116, 0x0454, 0x00BB, 0x0458, 0x0405, 0x0455, 0x0457,
    ]

    /// UTF-8 for each byte value, up to 3 bytes; an undefined byte maps to 0xFF, which is never valid
    /// UTF-8, so it is reported at its place instead of becoming a wrong character.
    private var table: [(UInt8, UInt8, UInt8, UInt8)] {
        (0..<256).map { byte -> (UInt8, UInt8, UInt8, UInt8) in
            let scalar: UInt32
            switch self {
            case .utf8, .latin1: scalar = UInt32(byte)
            case .windows1251:
                if byte < 0x80 { scalar = UInt32(byte) }
                else if byte < 0xC0 { scalar = UInt32(Self.cyrillicHigh[byte - 0x80]) }
                else { scalar = 0x0410 + UInt32(byte - 0xC0) }
            }
            if scalar == 0 && byte != 0 { return (1, 0xFF, 0, 0) }
            if scalar < 0x80 { return (1, UInt8(scalar), 0, 0) }
            if scalar < 0x800 { return (2, UInt8(0xC0 | scalar >> 6), UInt8(0x80 | scalar & 0x3F), 0) }
            return (3, UInt8(0xE0 | scalar >> 12), UInt8(0x80 | (scalar >> 6) & 0x3F), UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// A converter from this encoding to UTF-8, or nil for UTF-8 itself.
    func transcoder() -> Transcoder? { self == .utf8 ? nil : Transcoder(table: table) }
}

/// Converts a single-byte encoding to UTF-8 chunk by chunk, into a buffer it reuses.
final class Transcoder {
    private let table: [(UInt8, UInt8, UInt8, UInt8)]
    private var output: UnsafeMutablePointer<UInt8>
    private var capacity: Int

    init(table: [(UInt8, UInt8, UInt8, UInt8)]) {
        self.table = table
        capacity = 0
        output = .allocate(capacity: 1)
    }

    deinit { output.deallocate() }

    /// The chunk in UTF-8; valid until the next call.
    func convert(_ input: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        if capacity < input.count * 3 {
            output.deallocate()
            capacity = input.count * 3
            output = .allocate(capacity: capacity)
        }
        var count = 0
        for byte in input {
            let entry = table[Int(byte)]
            output[count] = entry.1
            if entry.0 > 1 { output[count + 1] = entry.2 }
            if entry.0 > 2 { output[count + 2] = entry.3 }
            count += Int(entry.0)
        }
        return UnsafeRawBufferPointer(start: output, count: count)
    }
}
