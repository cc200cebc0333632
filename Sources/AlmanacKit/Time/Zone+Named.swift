import Foundation

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
            if let known, let tzif = readTZif(known.path) { return Zone(identifier: known.name, tzif: tzif, path: known.path) }
            guard let tzif = readTZif(String(name)) else { throw refusal("time.error.not-a-zone-file") }
            return Zone(identifier: String(name), tzif: tzif, path: String(name))
        }
        if isDatabaseName(name), let tzif = readTZif(directory + "/" + name) {
            return Zone(identifier: String(name), tzif: tzif, path: directory + "/" + name)
        }
        do throws(PosixZoneRule.Failure) {
            return Zone(identifier: String(name), rule: try PosixZoneRule(parsing: String(name)), cLibraryValue: String(name))
        } catch {
            if error == .daylightWithoutDates { throw refusal("time.error.daylight-without-dates") }
        }
        if !FileManager.default.fileExists(atPath: directory), let zone = icuZone(String(name)) { return zone }
        throw refusal("error.bad-time-zone")
    }

    /// The zone `identifier` names, as `named` finds it in the system's tz database; nil when none.
    public init?(identifier: String) {
        guard let zone = try? Self.named(identifier, source: "") else { return nil }
        self = zone
    }

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
        !name.isEmpty && name.first != "/" && name.split(separator: "/", omittingEmptySubsequences: false)
            .allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// The file's TZif contents, or nil when it cannot be read or is not TZif.
    private static func readTZif(_ path: String) -> TZif? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return TZif([UInt8](data))
    }

    private static func startsWithTZifMagic(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4)).map { $0.elementsEqual("TZif".utf8) } ?? false
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
