import Foundation

@testable import AlmanacKinds

// Shared by the zone harnesses of Tests/Fuzz (compiled into AlmanacKit's module with -D FUZZING)
// and by the replay of their corpora in ZoneFuzzTests.
#if !FUZZING
    @testable import AlmanacKit
    @testable import AlmanacText
#endif

/// The invariants of reading untrusted time data, for the fuzz harnesses (`Tests/Fuzz/FuzzTZif.swift`,
/// `FuzzPosixTZ.swift`) and `ZoneFuzzTests`, which replays their corpora: whatever the bytes, the
/// reader answers without a trap (a crash is what the fuzzer looks for), and what it accepts is a
/// zone whose every answer makes sense. Each check returns what broke, or nil.
enum ZoneFuzz {
    /// The offsets a zone may give: more than −25 hours and less than 26 (RFC 8536), and a POSIX
    /// rule's within ±25 hours.
    static let offsets = -89_999...93_599

    /// Instants every zone is asked about: Int64's edges, the years 1 and 9999, 1970, and near each
    /// transition; plus those the input's last bytes spell.
    static func instants(_ tzif: TZif?, _ bytes: UnsafeRawBufferPointer) -> [Int64] {
        var instants: [Int64] = [.min, .min + 1, -62_135_596_800, -1, 0, 1, 253_402_300_799, .max - 1, .max]
        for transition in (tzif?.transitions ?? []).prefix(64) {
            instants += [transition &- 1, transition, transition &+ 1]
        }
        if bytes.count >= 8 {
            instants.append(bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: Int64.self))
        }
        return instants
    }

    /// A TZif file's bytes: read or refused; read, its transitions ascend, each has its offset, every
    /// offset is in range, and a zone made of it answers for days of the years 1 to 9999.
    static func checkTZif(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard let tzif = TZif(Array(bytes)) else { return nil }
        guard tzif.transitions.count == tzif.offsets.count else {
            return "\(tzif.transitions.count) transitions, \(tzif.offsets.count) offsets"
        }
        guard zip(tzif.transitions, tzif.transitions.dropFirst()).allSatisfy({ $0 < $1 }) else {
            return "transitions out of order"
        }
        guard tzif.transitions.count <= TZif.mostTransitions else { return "\(tzif.transitions.count) transitions" }
        let known = Set(tzif.offsets.map(Int.init) + [Int(tzif.initial)] + ruleOffsets(tzif.rule))
        for offset in known where !offsets.contains(offset) { return "offset \(offset) out of range" }
        for instant in instants(tzif, bytes) {
            let offset = tzif.offset(at: instant)
            guard known.contains(offset) else { return "offset \(offset) at \(instant) is none of the file's" }
        }
        return checkZone(Zone(identifier: "fuzz", tzif: tzif, path: "/fuzz"), bytes)
    }

    /// A POSIX TZ rule's bytes as text: read or refused; read, it gives only its two offsets, each in
    /// the range a TZif file's may take (a standard time of up to 24:59:59 east, as glibc reads it, and
    /// its daylight time an hour later by default, up to 25:59:59), and a zone following it answers
    /// for days of the years 1 to 9999.
    static func checkPosixRule(_ bytes: UnsafeRawBufferPointer) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let rule = try? PosixZoneRule(parsing: text) else { return nil }
        let known = Set(ruleOffsets(rule))
        for offset in known where !offsets.contains(offset) { return "offset \(offset) out of range" }
        for instant in instants(nil, bytes) {
            let offset = rule.offset(at: instant)
            guard known.contains(offset) else { return "offset \(offset) at \(instant) is neither of the rule's" }
        }
        return checkZone(Zone(identifier: text, rule: rule, cLibraryValue: text), bytes)
    }

    private static func ruleOffsets(_ rule: PosixZoneRule?) -> [Int] {
        guard let rule else { return [] }
        return [rule.standard] + (rule.daylight.map { [$0.offset] } ?? [])
    }

    /// The longest gap or overlap a zone can have: from the lowest offset to the highest.
    static let widestChange = Int64(offsets.upperBound - offsets.lowerBound)

    /// Days from the input's first bytes, and the edges: each day's start has a wall time on that day
    /// or, after a gap, later by at most the widest change (offsets from −25 h to +26 h make a gap
    /// of 51 h at most); a wall time's instant reads back within as much.
    private static func checkZone(_ zone: Zone, _ bytes: UnsafeRawBufferPointer) -> String? {
        var days = [
            LocalDate.first.dayNumber, LocalDate.first.dayNumber + 1, 0, 20_454, LocalDate.last.dayNumber - 1,
            LocalDate.last.dayNumber,
        ]
        if bytes.count >= 4 {
            let span = UInt32(LocalDate.last.dayNumber - LocalDate.first.dayNumber + 1)
            days.append(LocalDate.first.dayNumber + Int(bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self) % span))
        }
        for number in days {
            let day = LocalDate(dayNumber: number)
            let start = zone.start(of: day)
            let wall = zone.wallTime(start)
            let midnight = Int64(number) * 86_400
            guard wall >= midnight, wall <= midnight + widestChange else {
                return "day \(day) starts at wall time \(wall - midnight) s"
            }
            for second in [0, 3_600 * 2 + 1_800, 86_399] as [Int64] {
                let back = zone.wallTime(zone.instant(wall: midnight + second)) - (midnight + second)
                guard abs(back) <= widestChange else {
                    return "wall time \(day) +\(second) s reads back \(back) s away"
                }
            }
        }
        return nil
    }
}
