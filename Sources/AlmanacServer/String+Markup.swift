import Foundation

extension StringProtocol {
    /// The first (or with `backwards`, the last) place of `marker` in the text's UTF-8 bytes, from
    /// `start` on: how the server finds the seams of a page (`<main>`, `</style>`, `<footer>`). The
    /// markers are ASCII tags, so a match always starts and ends between characters. Foundation's
    /// `range(of:)` bridges to NSString and counts UTF-16 offsets: it was a fifth of a page's time.
    func markup(_ marker: String, from start: Index? = nil, backwards: Bool = false) -> Range<Index>? {
        let origin = start ?? startIndex
        let skipped = utf8.distance(from: utf8.startIndex, to: origin)
        var marker = marker
        let found: Int? = marker.withUTF8 { needle in
            utf8.withContiguousStorageIfAvailable { bytes in
                Self.offset(of: needle, in: UnsafeRawBufferPointer(bytes), from: skipped, backwards: backwards)
            } ?? Self.offset(of: needle, in: Array(utf8), from: skipped, backwards: backwards)
        }
        guard let found else { return nil }
        let lower = utf8.index(utf8.startIndex, offsetBy: found)
        return lower..<utf8.index(lower, offsetBy: marker.utf8.count)
    }

    private static func offset(
        of needle: UnsafeBufferPointer<UInt8>, in bytes: [UInt8], from start: Int, backwards: Bool
    )
        -> Int?
    {
        bytes.withUnsafeBytes { offset(of: needle, in: $0, from: start, backwards: backwards) }
    }

    private static func offset(
        of needle: UnsafeBufferPointer<UInt8>, in bytes: UnsafeRawBufferPointer, from start: Int, backwards: Bool
    ) -> Int? {
        guard let base = bytes.baseAddress, let wanted = needle.baseAddress, let head = needle.first else { return nil }
        var from = start
        var last: Int?
        // memchr to each place the marker's first byte is, memcmp for the rest (glibc's memmem is not exported).
        while from + needle.count <= bytes.count,
            let hit = memchr(base + from, Int32(head), bytes.count - from - needle.count + 1)
        {
            let offset = base.distance(to: UnsafeRawPointer(hit))
            from = offset + 1
            guard memcmp(hit, wanted, needle.count) == 0 else { continue }
            guard backwards else { return offset }
            last = offset
        }
        return last
    }
}
