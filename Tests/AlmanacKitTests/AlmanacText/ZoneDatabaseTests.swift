import Foundation
import TestSupport
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText

/// Every zone of the system's tz database is accepted by its name and means what the system says it
/// means: the offset and the local day at fixed instants (the far past and future, local mean time in
/// 1900, Apia's missing day, Berlin's 2026 gap, years only a file's footer rule reaches), and the
/// instant of wall times in and around every change of five years (Python's fold=0, which is the
/// "compatible" rule), against Python's `zoneinfo`, which reads the same files.
@Suite struct ZoneDatabaseTests {
    /// The names: the tz database's, or ICU's where the machine has none (the log says so).
    static let names: [String] = {
        if let names = Zone.databaseNames() { return names }
        print("ZoneDatabaseTests: \(Zone.systemDirectory) does not exist: walking ICU's list of zones instead")
        return TimeZone.knownTimeZoneIdentifiers
    }()

    static let instants: [Int64] = [
        -62_135_510_400,  // 0001-01-02T00:00Z
        -2_208_988_800,  // 1900-01-01T00:00Z
        0,  // 1970-01-01T00:00Z
        1_325_246_400,  // 2011-12-30T12:00Z, the day Pacific/Apia skipped
        1_774_747_800,  // 2026-03-29T01:30Z, an hour into Berlin's summer time
        2_129_932_800,  // 2037-07-01T00:00Z
        2_224_612_800,  // 2040-06-30T12:00Z, past the transitions a file lists
        253_402_128_000,  // 9999-12-30T00:00Z
    ]
    static let years = [1916, 1990, 2011, 2026, 2037]

    @Test func everyNameOfTheDatabaseIsAccepted() throws {
        #expect(Self.names.count >= 400)
        var refused: [String] = []
        for name in Self.names {
            do { _ = try Zone.named(name, source: "TZ") } catch { refused.append(name) }
            do { _ = try Zone.named(":" + name, source: "TZ") } catch { refused.append(":" + name) }
        }
        #expect(refused.isEmpty, "refused: \(refused)")
    }

    @Test(.enabled(if: Python.missing == nil, Comment(rawValue: Python.missing ?? "")))
    func offsetsDaysAndWallTimesAreThoseOfPythonsZoneinfo() throws {
        let output = try Python.run(
            Self.script,
            arguments: [
                Self.instants.map(String.init).joined(separator: ","),
                Self.years.map(String.init).joined(separator: ","),
            ],
            input: Self.names.joined(separator: "\n"))
        var zones: [String: Zone] = [:]
        func zone(_ name: String) throws -> Zone {
            if let known = zones[name] { return known }
            let made = try Zone.named(name, source: "TZ")
            zones[name] = made
            return made
        }
        var offsets = 0
        var walls = 0
        var unknownToPython: [String] = []
        let names = Set(Self.names)
        for line in output.split(separator: "\n") {
            let field = line.split(separator: " ").map(String.init)
            switch field[0] {
            case "A":
                #expect(names.contains(field[1]), "Python lists \(field[1]); the walk does not")
            case "M":
                unknownToPython.append(field[1])
            case "O":
                let instant = Int64(field[2])!
                let offset = Int(field[3])!
                let found = try zone(field[1]).offset(at: instant)
                #expect(found == offset, "\(field[1]) at \(Instant.utcText(instant))")
                let day = LocalDate(dayNumber: Int((instant + Int64(found)).floorDivided(by: 86_400)))
                #expect(day.description == field[4], "\(field[1]) at \(Instant.utcText(instant))")
                offsets += 1
            case "W":
                let wall = Int64(field[2])!
                let expected = Int64(field[3])!
                #expect(try zone(field[1]).instant(wall: wall) == expected, "\(field[1]) wall \(Instant.utcText(wall))")
                walls += 1
            default:
                Issue.record("unexpected line: \(line)")
            }
        }
        if !unknownToPython.isEmpty { print("ZoneDatabaseTests: Python's zoneinfo does not know \(unknownToPython)") }
        #expect(offsets == (Self.names.count - unknownToPython.count) * Self.instants.count)
        #expect(walls > 1000, "wall times around the changes of \(Self.years)")
    }

    /// Prints `O name instant offset YYYY-MM-DD` for each instant, `W name wall instant` for wall times
    /// just before, in and after each change of the years (the instant as fold=0 reads it), `A name`
    /// for each zone Python lists, and `M name` for a name Python has no data for.
    static let script = #"""
        import sys, zoneinfo
        from datetime import datetime, timezone, timedelta
        UTC = timezone.utc
        EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
        instants = [int(x) for x in sys.argv[1].split(",")]
        years = [int(x) for x in sys.argv[2].split(",")]
        def offset(z, t):
            return int((EPOCH + timedelta(seconds=t)).astimezone(z).utcoffset().total_seconds())
        def instant(z, wall):
            local = datetime(1970, 1, 1) + timedelta(seconds=wall)
            return int((local.replace(tzinfo=z) - EPOCH).total_seconds())
        out = ["A " + name for name in sorted(zoneinfo.available_timezones())]
        for name in sys.stdin.read().split():
            try:
                z = zoneinfo.ZoneInfo(name)
            except Exception:
                out.append("M " + name)
                continue
            for t in instants:
                local = (EPOCH + timedelta(seconds=t)).astimezone(z)
                out.append(f"O {name} {t} {int(local.utcoffset().total_seconds())} {local.year:04d}-{local.month:02d}-{local.day:02d}")
            for year in years:
                t = int((datetime(year, 1, 1, tzinfo=UTC) - EPOCH).total_seconds())
                end = int((datetime(year + 1, 1, 1, tzinfo=UTC) - EPOCH).total_seconds())
                previous = offset(z, t)
                while t < end:
                    following = offset(z, t + 86400)
                    if following != previous:
                        low, high = t, t + 86400
                        while high - low > 1:
                            middle = (low + high) // 2
                            if offset(z, middle) == previous:
                                low = middle
                            else:
                                high = middle
                        before, after = previous, offset(z, high)
                        middle = high + min(before, after) + abs(after - before) // 2
                        for wall in sorted({high + before - 1, middle, high + after, high + max(before, after)}):
                            out.append(f"W {name} {wall} {instant(z, wall)}")
                    previous = following
                    t += 86400
        print("\n".join(out))
        """#
}
