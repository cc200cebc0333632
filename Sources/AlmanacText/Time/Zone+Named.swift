import Foundation
import Synchronization

/// Finding the zone a `--tz` or `TZ` value names, the way the C library reads `TZ`: a name in the tz
/// database, `:NAME`, `:/path/to/tzif`, or a POSIX rule.
extension Zone {
    /// Where the system keeps its tz database (glibc's default; `TZDIR` overrides it, as for glibc).
    public static let systemDirectory = "/usr/share/zoneinfo"

    /// The zone `value` names. Accepted, in this order:
    /// - `:` then a value: the same value (`:Europe/Berlin`); `:` alone is `/etc/localtime`;
    /// - a path (`/etc/localtime`): the TZif file there, known by its name in the tz database when it
    ///   is one of its files or a link to one (`/etc/localtime` → `Europe/Berlin`);
    /// - a name of the tz database in `directory`, canonical or alias (`Asia/Kolkata`, `US/Eastern`,
    ///   `CET`, `EST5EDT`, `Etc/GMT+3`, which is UTC−3 as POSIX counts);
    /// - a POSIX rule (`UTC0`, `<+03>-3`, `EST5EDT,M3.2.0,M11.1.0`);
    /// - where `directory` does not exist, a name ICU knows.
    /// Anything else is a usage error naming the value and `source` (`--tz` or `TZ`).
    public static func named(_ value: String, source: String, directory: String = systemDirectory) throws -> Zone {
        func refusal(_ key: String) -> AlmanacError { AlmanacError(.usage, key, ["zone": value, "source": source]) }
        var name = Substring(value)
        if name.first == ":" {
            name = name.dropFirst()
            if name.isEmpty { name = "/etc/localtime" }
        }
        guard !name.contains("\0") else { throw refusal("error.bad-time-zone") }
        if name.first == "/" {
            // A database's file is read by its name there: `right/` files (leap seconds) end their
            // data where the leap-second table expires, the plain file of the same zone does not.
            let known = databaseEntry(ofFile: String(name)).map { (name: $0.name, path: $0.root + "/" + $0.name) }
            if let known, case .zone(let tzif) = readTZif(known.path) {
                return Zone(identifier: known.name, tzif: tzif, path: known.path)
            }
            switch readTZif(String(name)) {
            case .zone(let tzif): return Zone(identifier: String(name), tzif: tzif, path: String(name))
            case .tooLarge: throw refusal("time.error.zone-file-too-large")
            case .refused, .notTZif: throw refusal("time.error.not-a-zone-file")
            }
        }
        if isDatabaseName(name) {
            let path = directory + "/" + name
            switch readTZif(path) {
            case .zone(let tzif): return Zone(identifier: String(name), tzif: tzif, path: path)
            // A file that says it is a zone and is not one is named: it is the file that is wrong.
            case .tooLarge:
                throw AlmanacError(.usage, "time.error.zone-file-too-large", ["zone": path, "source": source])
            case .refused: throw AlmanacError(.usage, "time.error.not-a-zone-file", ["zone": path, "source": source])
            case .notTZif: break
            }
        }
        do throws(PosixZoneRule.Failure) {
            return Zone(
                identifier: String(name), rule: try PosixZoneRule(parsing: String(name)), cLibraryValue: String(name))
        } catch {
            if error == .daylightWithoutDates { throw refusal("time.error.daylight-without-dates") }
        }
        if !FileManager.default.fileExists(atPath: directory), let zone = icuZone(String(name)) { return zone }
        throw refusal("error.bad-time-zone")
    }

    /// Where the machine's zone is, as the C library reads it.
    public static let localtimePath = "/etc/localtime"

    /// The machine's zone, as `date` finds it without `TZ`: the TZif file at `localtime` (or the
    /// zone of the tz database it links to, known by its name); UTC when there is none, or it is not
    /// one the tz database would give.
    public static func machine(localtime: String = localtimePath, directory: String = systemDirectory) -> Zone {
        guard FileManager.default.fileExists(atPath: localtime),
            let zone = try? named(localtime, source: "/etc/localtime", directory: directory)
        else { return .utc }
        // UTC by another of its names is UTC, so what prints it says `UTC` as before.
        return utcNames.contains(zone.identifier) ? .utc : zone
    }

    /// The tz database's names of UTC itself.
    private static let utcNames: Set = [
        "UTC", "Etc/UTC", "Etc/UCT", "UCT", "Etc/Universal", "Universal", "Etc/Zulu", "Zulu",
    ]

    /// The zone `identifier` names, as `named` finds it in the system's tz database; nil when none.
    /// Zones are found once a process by name: an events import reads a row's `zone`, and every
    /// range read expands each recurring event on its own zone's clock.
    public init?(identifier: String) {
        if let known = Self.found.withLock({ $0[identifier] }) {
            self = known
            return
        }
        guard let zone = try? Self.named(identifier, source: "") else { return nil }
        Self.found.withLock { found in
            // A handful of zones is the common case; a file naming thousands does not grow it past this.
            if found.count >= 64 { found.removeAll() }
            found[identifier] = zone
        }
        self = zone
    }

    /// The zones `init?(identifier:)` found, by the name asked.
    private static let found = Mutex<[String: Zone]>([:])

    /// Every zone name of the tz database in `directory`: the TZif files under it, except the
    /// `posix/` and `right/` copies (the same zones, the second counting leap seconds). Nil when the
    /// directory does not exist.
    public static func databaseNames(in directory: String = systemDirectory) -> [String]? {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return nil }
        var names: [String] = []
        while let path = walker.nextObject() as? String {
            if path == "posix" || path == "right" {
                walker.skipDescendants()
                continue
            }
            if isDatabaseName(Substring(path)), startsWithTZifMagic(directory + "/" + path) { names.append(path) }
        }
        return names.sorted()
    }

    /// A relative name with no empty, `.` or `..` part, so it cannot leave the database's directory.
    private static func isDatabaseName(_ name: Substring) -> Bool {
        !name.isEmpty && name.first != "/"
            && name.split(separator: "/", omittingEmptySubsequences: false)
                .allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// What reading a zone file found.
    private enum Reading {
        case zone(TZif)
        /// Missing, unreadable, not a regular file, or without the `TZif` magic.
        case notTZif
        /// Larger than `TZif.largestFile`: not read at all.
        case tooLarge
        /// A TZif file that contradicts itself or passes TZif's limits.
        case refused
    }

    /// The file's TZif contents. Only a regular file is read (a FIFO or a device would block or never
    /// end), opened without waiting, and never more than `TZif.largestFile` bytes of it.
    private static func readTZif(_ path: String) -> Reading {
        guard let bytes = readRegularFile(path, largest: TZif.largestFile) else { return .notTZif }
        guard bytes.count <= TZif.largestFile else { return TZif.isTZif(bytes, at: 0) ? .tooLarge : .notTZif }
        if let tzif = TZif(bytes) { return .zone(tzif) }
        return TZif.isTZif(bytes, at: 0) ? .refused : .notTZif
    }

    /// The first `largest + 1` bytes of a regular file (so a longer one shows as longer), or nil when
    /// the path is not one or cannot be read.
    private static func readRegularFile(_ path: String, largest: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: min(max(Int(status.st_size), 0), largest) + 1)
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes {
                Foundation.read(descriptor, $0.baseAddress! + count, $0.count - count)
            }
            if read < 0 && errno == EINTR { continue }
            guard read >= 0 else { return nil }
            if read == 0 { break }
            count += read
        }
        return Array(bytes.prefix(count))
    }

    private static func startsWithTZifMagic(_ path: String) -> Bool {
        readRegularFile(path, largest: 3).map { TZif.isTZif($0, at: 0) } ?? false
    }

    /// The tz database and the zone's name there for a file in a `zoneinfo` directory, or a link to
    /// one (symlinks followed): `/usr/share/zoneinfo/right/Europe/Berlin` and an `/etc/localtime`
    /// pointing at `../usr/share/zoneinfo/Europe/Berlin` are both `Europe/Berlin` of
    /// `/usr/share/zoneinfo`. Nil for a file elsewhere.
    private static func databaseEntry(ofFile path: String) -> (root: String, name: String)? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        let parts = String(cString: resolved).split(separator: "/")
        guard let root = parts.lastIndex(of: "zoneinfo") else { return nil }
        var name = parts[(root + 1)...]
        if name.count > 1, name.first == "posix" || name.first == "right" { name = name.dropFirst() }
        guard !name.isEmpty else { return nil }
        return ("/" + parts[...root].joined(separator: "/"), name.joined(separator: "/"))
    }

    /// A zone from ICU's data, for a machine without a tz database. ICU's custom `GMT+5` means UTC+5,
    /// the opposite of POSIX's reading of the same text, so those are not taken from it.
    private static func icuZone(_ name: String) -> Zone? {
        let custom = ["GMT+", "GMT-", "UTC+", "UTC-", "UT+", "UT-"].contains { name.hasPrefix($0) }
        guard !custom, let zone = TimeZone(identifier: name) else { return nil }
        return Zone(identifier: name, icu: zone)
    }
}
