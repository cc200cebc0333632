import AlmanacKinds
import AlmanacOutput
import AlmanacText
import Foundation

/// The reports a user can run: the built-in ones embedded from `Reports/*.sql`, plus the `.sql`
/// files of `--reports-dir`, whose reports replace built-in ones of the same name.
public struct ReportCatalog: Sendable {
    /// Every report, sorted by name.
    public let reports: [ReportDefinition]

    /// Creates a catalog from definitions; a later one replaces an earlier one of the same name.
    public init(_ definitions: [ReportDefinition]) {
        var byName: [String: ReportDefinition] = [:]
        for definition in definitions { byName[definition.name] = definition }
        self.reports = byName.values.sorted { $0.name < $1.name }
    }

    /// The reports built into the binary.
    public static func builtIn() throws -> ReportCatalog {
        ReportCatalog(try builtInDefinitions())
    }

    /// The built-in reports plus those in `directory`, when given.
    public static func load(directory: String?) throws -> ReportCatalog {
        var definitions = try builtInDefinitions()
        if let directory { definitions += try definitionsIn(directory: directory) }
        return ReportCatalog(definitions)
    }

    /// The report with a name; otherwise not found (66), listing the names.
    public func report(named name: String) throws -> ReportDefinition {
        if let report = reports.first(where: { $0.name == name }) { return report }
        throw AlmanacError.notFound(
            "report.error.unknown", ["name": name, "names": reports.map(\.name).joined(separator: ", ")])
    }

    private static func builtInDefinitions() throws -> [ReportDefinition] {
        let files = Resources.files(under: "Reports").filter { $0.path.hasSuffix(".sql") }
        let postgres = Dictionary(
            uniqueKeysWithValues: files.filter { $0.path.hasPrefix("Reports/postgresql/") }.map {
                (($0.path as NSString).lastPathComponent, $0.contents)
            })
        return try files.filter { !$0.path.dropFirst("Reports/".count).contains("/") }.map { file in
            let base = (file.path as NSString).lastPathComponent
            var definition = try ReportDefinition.parse(
                file.contents, source: file.path, defaultName: String(base.dropLast(4)))
            definition.postgresSQL = postgres[base]
            return definition
        }
    }

    /// Every `.sql` file directly in a directory, by name.
    static func definitionsIn(directory: String) throws -> [ReportDefinition] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw AlmanacError(.missingInput, "report.error.no-directory", ["path": directory])
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".sql") }
                .sorted()
        } catch {
            throw AlmanacError(.missingInput, "report.error.unreadable", ["path": directory])
        }
        return try names.map { name in
            let path = (directory as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw AlmanacError(.missingInput, "report.error.unreadable", ["path": path])
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw AlmanacError(.invalidData, "report.error.not-utf8", ["path": path])
            }
            return try ReportDefinition.parse(text, source: path, defaultName: String(name.dropLast(4)))
        }
    }
}

extension ReportCatalog {
    /// What `report list` prints: each report's name, localized title, parameters and description.
    /// Machine formats get the parameters as declared (`days integer = 7`); people get them in words.
    public func listTable(_ localizer: Localizer) -> Table {
        let columns = ["name", "title", "parameters", "description"].map {
            Table.Column(key: $0, title: localizer("report.list." + $0))
        }
        let rows = reports.map { report -> [Table.Cell] in
            let parameters =
                report.parameters.isEmpty
                ? Table.Tag(value: "", label: localizer("report.param.none"))
                : Table.Tag(
                    value: report.parameters.map(\.declaration).joined(separator: "; "),
                    label: report.parameters.map { $0.summary(localizer) }.joined(separator: "; "))
            return [
                .text(report.name), .text(localizer(report.titleKey)), .tag(parameters),
                report.descriptionKey.isEmpty ? .null : .text(localizer(report.descriptionKey)),
            ]
        }
        return Table(columns: columns, rows: rows, summaryUnit: "unit.report")
    }
}
