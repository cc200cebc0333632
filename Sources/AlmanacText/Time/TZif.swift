/// A compiled tz database file (TZif, RFC 8536), as the system keeps one per zone under
/// `/usr/share/zoneinfo`: the instants the offset from UTC changed and the offset after each, and a
/// POSIX rule for the times after the last one listed.
///
/// Foundation on Linux answers from ICU's own copy of the data, which differs from the system's for
/// about ninety zones (before 1970, and `WET`, `CET`, `EST`): reading the files is what makes a zone
/// mean what `date`, `zdump` and every other program on the machine say it means.
package struct TZif: Sendable {
    /// The instants (UTC seconds, ascending) at which the offset changes.
    let transitions: [Int64]
    /// The offset (seconds east of UTC) from each transition on.
    package let offsets: [Int32]
    /// The offset before the first transition (time type 0).
    package let initial: Int32
    /// The rule after the last transition (the footer), or nil when the file gives none.
    package let rule: PosixZoneRule?

    /// The most a file may hold. The tz database's largest files are 4 KiB with 310 transitions,
    /// 27 leap seconds, 18 types and 40 bytes of names (tzcode itself stops at 2,000 transitions):
    /// anything far past that is not a zone but an attack on time and memory, refused before it is read.
    static let largestFile = 1 << 20
    static let mostTransitions = 10_000
    static let mostLeapRecords = 1_000
    static let mostNameBytes = 4_096

    /// Reads a TZif file of any version; nil when the bytes are not one, contradict themselves or
    /// pass the limits above. Every sum on the file's numbers is checked: a hostile file is refused,
    /// never a crash. A file that counts leap seconds (`right/`) has its transitions brought back to
    /// POSIX time, which is what the database and the clock count.
    package init?(_ bytes: [UInt8]) {
        guard bytes.count <= Self.largestFile, Self.isTZif(bytes, at: 0), let first = Header(bytes, at: 0, timeSize: 4)
        else { return nil }
        var header = first
        if bytes[4] >= UInt8(ascii: "2") {
            // Version 2 and later repeat the data with 64-bit times after the 32-bit block; only
            // the second copy reaches past 2038 and before 1901.
            guard Self.isTZif(bytes, at: first.end), let second = Header(bytes, at: first.end, timeSize: 8) else {
                return nil
            }
            header = second
        }
        guard let block = header.read(bytes) else { return nil }
        transitions = block.transitions
        offsets = block.offsets
        initial = block.initial
        guard header.timeSize == 8 else {
            rule = nil
            return
        }
        // The footer: a newline, a POSIX TZ string (possibly empty), a newline.
        var index = header.end
        guard index < bytes.count, bytes[index] == 10 else { return nil }
        index += 1
        let footerStart = index
        while index < bytes.count, bytes[index] != 10 { index += 1 }
        guard index < bytes.count else { return nil }
        let footer = String(decoding: bytes[footerStart..<index], as: UTF8.self)
        if footer.isEmpty {
            rule = nil
        } else {
            guard let parsed = try? PosixZoneRule(parsing: footer) else { return nil }
            rule = parsed
        }
    }

    /// True when a header's magic `TZif` starts at `offset`.
    static func isTZif(_ bytes: [UInt8], at offset: Int) -> Bool {
        offset + 4 <= bytes.count && bytes[offset..<offset + 4].elementsEqual("TZif".utf8)
    }

    /// The counts of a data block and where it lies.
    private struct Header {
        package let start: Int, timeSize: Int
        let isUTCCount: Int, isStandardCount: Int, leapCount: Int, timeCount: Int, typeCount: Int, charCount: Int

        /// Reads the 44-byte header at `offset`; the block follows it.
        package init?(_ bytes: [UInt8], at offset: Int, timeSize: Int) {
            guard offset + 44 <= bytes.count else { return nil }
            func count(_ index: Int) -> Int {
                (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + 20 + index * 4 + $1]) }
            }
            start = offset + 44
            self.timeSize = timeSize
            (isUTCCount, isStandardCount, leapCount) = (count(0), count(1), count(2))
            (timeCount, typeCount, charCount) = (count(3), count(4), count(5))
            guard typeCount >= 1, typeCount <= 256, isUTCCount == 0 || isUTCCount == typeCount,
                isStandardCount == 0 || isStandardCount == typeCount, timeCount <= TZif.mostTransitions,
                leapCount <= TZif.mostLeapRecords, charCount <= TZif.mostNameBytes, end <= bytes.count
            else { return nil }
        }

        /// The first byte after the block.
        package var end: Int {
            start + timeCount * (timeSize + 1) + typeCount * 6 + charCount + leapCount * (timeSize + 4)
                + isStandardCount + isUTCCount
        }

        package func read(_ bytes: [UInt8]) -> (transitions: [Int64], offsets: [Int32], initial: Int32)? {
            func integer(_ at: Int, _ size: Int) -> Int64 {
                let unsigned = (0..<size).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[at + $1]) }
                return size == 8 ? Int64(bitPattern: unsigned) : Int64(Int32(bitPattern: UInt32(unsigned)))
            }
            let typesAt = start + timeCount * timeSize
            let infoAt = typesAt + timeCount
            let leapsAt = infoAt + typeCount * 6 + charCount
            var typeOffsets: [Int32] = []
            for type in 0..<typeCount {
                let offset = integer(infoAt + type * 6, 4)
                // RFC 8536: an offset is more than −25 hours and less than 26 hours.
                guard offset > -89_999 - 1, offset < 93_600 else { return nil }
                typeOffsets.append(Int32(offset))
            }
            let leaps = (0..<leapCount).map { index -> (occurs: Int64, correction: Int64) in
                let at = leapsAt + index * (timeSize + 4)
                return (integer(at, timeSize), integer(at + timeSize, 4))
            }
            // RFC 8536: leap records and transitions ascend; one pass over both.
            guard zip(leaps, leaps.dropFirst()).allSatisfy({ $0.occurs < $1.occurs }) else { return nil }
            var transitions: [Int64] = []
            var offsets: [Int32] = []
            transitions.reserveCapacity(timeCount)
            offsets.reserveCapacity(timeCount)
            var leap = -1
            var previous = Int64.min
            for index in 0..<timeCount {
                var time = integer(start + index * timeSize, timeSize)
                guard index == 0 || time > previous else { return nil }
                previous = time
                while leap + 1 < leaps.count, leaps[leap + 1].occurs <= time { leap += 1 }
                if leap >= 0 {
                    let (corrected, overflow) = time.subtractingReportingOverflow(leaps[leap].correction)
                    guard !overflow else { return nil }
                    time = corrected
                }
                let type = Int(bytes[typesAt + index])
                guard type < typeCount, transitions.last.map({ $0 < time }) ?? true else { return nil }
                transitions.append(time)
                offsets.append(typeOffsets[type])
            }
            return (transitions, offsets, typeOffsets[0])
        }
    }
}
