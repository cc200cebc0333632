import AlmanacAnimation
import AlmanacArguments
import AlmanacCalendar
import AlmanacImport
import AlmanacKinds
import AlmanacOutput
import AlmanacPostgres
import AlmanacSQLite
import AlmanacStore
import AlmanacText
import Foundation

/// The value lists completion computes (`CompletionList`). Lists from the database read the database given
/// by `--db` (else `$ALMANAC_DB`, else `./almanac.db`) and never create, migrate or change anything:
/// a missing file, another application's file or any error gives an empty list, never a message.
public enum CompletionValues {
    /// The values of a list, for the command line read so far, that begin with `prefix`.
    public static func values(
        _ list: CompletionList, _ invocation: Invocation, prefix: String,
        environment: [String: String]
    ) -> [String] {
        let all: [String]
        switch list {
        case .kinds, .importArguments: all = KindRegistry.listed.map(\.rawValue)
        case .locales: all = Localizer.languages
        case .zones: return zoneNames(prefix: prefix)
        case .reports:
            all =
                (try? ReportCatalog.load(directory: reportsDirectory(invocation, environment)).reports.map(\.name))
                ?? []
        case .reportParameters: all = reportParameters(invocation, environment).map { $0 + "=" }
        case .propertyAssignments where prefix.contains("="):
            all = assignedValues(key: String(prefix.prefix { $0 != "=" }), path: databasePath(invocation, environment))
        case .holidays, .settings, .properties, .propertyAssignments:
            all = fromDatabase(list, path: databasePath(invocation, environment))
        case .schemaNames:
            all =
                snapshot(databasePath(invocation, environment)).flatMap { try? SchemaListing.names($0) }
                ?? KindRegistry.listed.map(\.rawValue)
        }
        return all.filter { $0.hasPrefix(prefix) }
    }

    /// The database the command line names.
    static func databasePath(_ invocation: Invocation, _ environment: [String: String]) -> String {
        for candidate in [invocation.global("--db"), environment["ALMANAC_DB"]] {
            if let candidate, !candidate.isEmpty { return expandingTilde(candidate, environment) }
        }
        return "./almanac.db"
    }

    /// `--reports-dir` as the command will read it.
    static func reportsDirectory(_ invocation: Invocation, _ environment: [String: String]) -> String? {
        invocation.option("--reports-dir").map { expandingTilde($0, environment) }
    }

    /// A path as the shell gives it to the command: the words a shell hands to completion are not
    /// expanded yet, so `~/lib.db` and `~anna/lib.db` are expanded here as the shell will expand them
    /// (`$HOME`, the user's home folder); other paths stay as they are.
    static func expandingTilde(_ path: String, _ environment: [String: String]) -> String {
        guard path.hasPrefix("~") else { return path }
        let user = path.dropFirst().prefix { $0 != "/" }
        let rest = path.dropFirst(1 + user.count)
        let home: String?
        if user.isEmpty {
            home =
                environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
                ?? getpwuid(getuid()).map { String(cString: $0.pointee.pw_dir) }
        } else {
            home = getpwnam(String(user)).map { String(cString: $0.pointee.pw_dir) }
        }
        guard let home else { return path }
        return home + rest
    }

    private static func reportParameters(_ invocation: Invocation, _ environment: [String: String]) -> [String] {
        guard let name = invocation.positionals.first,
            let catalog = try? ReportCatalog.load(directory: reportsDirectory(invocation, environment)),
            let report = try? catalog.report(named: name)
        else { return [] }
        return report.parameters.map(\.name)
    }

    private static func fromDatabase(_ list: CompletionList, path: String) -> [String] {
        guard let database = snapshot(path) else { return [] }
        switch list {
        case .holidays: return (try? AdventCalendar(database: database).holidays().map(\.key)) ?? []
        case .settings: return (try? AnimationLibrary(database: database).settings().map(\.name)) ?? []
        case .properties: return (try? AnimationCatalog.load(database).properties.map(\.key)) ?? []
        case .propertyAssignments: return (try? AnimationCatalog.load(database).properties.map { $0.key + "=" }) ?? []
        default: return []
        }
    }

    /// `KEY=VALUE` for the values a property takes (`--set opacity=` offers `opacity=0` … `opacity=1`):
    /// its whole grid when it has at most `gridLimit` values, else its least, default and largest.
    private static func assignedValues(key: String, path: String) -> [String] {
        guard let database = snapshot(path), let catalog = try? AnimationCatalog.load(database),
            let property = catalog.properties.first(where: { $0.key == key })
        else { return [] }
        let stepper = property.stepper
        let values =
            stepper.valueCount.map { $0 <= gridLimit } == true
            ? stepper.values : [stepper.min, property.defaultValue, stepper.max]
        var seen: Set<String> = []
        return values.map(\.description).filter { seen.insert($0).inserted }.map { key + "=" + $0 }
    }

    /// The most values of a grid completion lists.
    static let gridLimit: Int64 = 200

    /// The database opened read-only so that nothing is created beside it. With its `-wal` and `-shm`
    /// files present (a writer keeps them while it works), SQLite reads through them as any reader
    /// does. Without them every committed row is in the file itself, and it is read as an immutable
    /// file (`immutable=1`, a URI name SQLite understands when built with URI names, as Debian's is;
    /// elsewhere the open fails and the list is empty), which takes no lock and makes no `-shm` file.
    /// A PostgreSQL database is read through a read-only connection, given two seconds to answer, so
    /// a server that is down costs Tab no more than that.
    static func snapshot(_ path: String) -> Database? {
        if PostgresDatabase.names(path) { return try? PostgresDatabase(url: path, mode: .readOnly, connectTimeout: 2) }
        let files = FileManager.default
        // Only a regular file: a FIFO or a device would hang the shell waiting for Tab.
        guard FileLocation.kind(of: path) == .regular else { return nil }
        if files.fileExists(atPath: path + "-wal") && files.fileExists(atPath: path + "-shm") {
            return try? SQLiteDatabase(path: path, mode: .readOnly, busyTimeout: 100)
        }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        guard let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) else { return nil }
        return try? SQLiteDatabase(path: "file:\(escaped)?mode=ro&immutable=1", mode: .readOnly, busyTimeout: 100)
    }

    /// The names of the system's tz database that begin with `prefix`: the files under
    /// `/usr/share/zoneinfo` that are zone files (they begin with `TZif`), without the `posix/` and
    /// `right/` copies.
    public static func zoneNames(prefix: String, root: String = "/usr/share/zoneinfo") -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var names: [String] = []
        while let name = walker.nextObject() as? String {
            if name == "posix" || name == "right" { walker.skipDescendants() }
            guard name.hasPrefix(prefix), isZoneFile(root + "/" + name) else { continue }
            if name != "posixrules" && name != "localtime" { names.append(name) }
        }
        return names.sorted()
    }

    private static func isZoneFile(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4)) == Data("TZif".utf8)
    }
}
