import AlmanacKit
import Foundation
import TestSupport
import Testing

@testable import AlmanacKinds

/// The acceptance corpus of issue 29: workbooks written by openpyxl (Russian titles as headers,
/// dotted dates, US dates, day-first slashes; Cyrillic, quotes, delimiters and a line break in cells)
/// and turned into CSV by LibreOffice itself (`soffice --headless --convert-to csv:…`) with `;`, `,`
/// and tab, in UTF-8, windows-1251 and UTF-16; and Excel's shapes as committed files
/// (`Tests/Spreadsheets/`: a byte-order mark, CRLF, `sep=;`, trailing `;;`, a line of delimiters,
/// "Unicode text"). Each imports with no edit, and the database holds the workbook's cells.
/// LibreOffice and openpyxl come from `make test-deps`; without them the LibreOffice tests are
/// skipped and the reason is printed.
@Suite(.serialized) struct SpreadsheetCorpusTests {
    static let folder = Workdir.packageRoot.appendingPathComponent("Tests/Spreadsheets")
    static let python = Workdir.packageRoot.appendingPathComponent(".build/test-python").path

    /// Nil when soffice and openpyxl are both there, else what is missing.
    static let unavailable: String? = {
        guard
            let soffice = ["/usr/bin/soffice", "/usr/local/bin/soffice", "/usr/lib/libreoffice/program/soffice"]
                .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            return "soffice is not installed (make test-deps installs libreoffice-calc-nogui)"
        }
        _ = soffice
        let probe = try? ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import openpyxl"],
            environment: ["PATH": "/usr/bin:/bin", "PYTHONPATH": python], input: nil, directory: nil)
        guard probe?.status == 0 else {
            return "openpyxl is not installed (make test-deps puts it in .build/test-python)"
        }
        return nil
    }()

    /// LibreOffice's CSV filter options: separator, quote ("), charset, first line 1, …, cells as shown.
    struct Conversion: Sendable, CustomTestStringConvertible {
        let separator: Int
        let charset: Int
        /// What the import is given: an encoding only where no byte-order mark or UTF-8 says it.
        let arguments: [String]
        var testDescription: String { "separator \(separator), charset \(charset)" }
        var filter: String { "csv:Text - txt - csv (StarCalc):\(separator),34,\(charset),1,,0,false,true,true" }
    }

    static let conversions = [
        Conversion(separator: 59, charset: 76, arguments: []),
        Conversion(separator: 44, charset: 76, arguments: []),
        Conversion(separator: 9, charset: 76, arguments: []),
        Conversion(separator: 59, charset: 34, arguments: ["--encoding", "windows-1251"]),
        Conversion(separator: 9, charset: 65535, arguments: []),
    ]

    @Test func theReasonForSkippingIsPrinted() {
        if let reason = Self.unavailable { print("SpreadsheetCorpusTests: LibreOffice tests skipped, \(reason)") }
        #expect(Self.unavailable == nil || !Self.unavailable!.isEmpty)
    }

    @Test(
        .enabled(
            if: unavailable == nil, "needs soffice and openpyxl; the reason is printed by theReasonForSkippingIsPrinted"
        ),
        arguments: conversions)
    func libreOfficeFilesImportAsTheWorkbooksCells(_ conversion: Conversion) throws {
        let dir = try Workdir()
        let names = ["russian", "english", "names"]
        // The workbooks and LibreOffice's profile are made once per test run (the suite is serialized,
        // so one soffice at a time uses the profile): each conversion starts from the same files.
        let workbooks = try Templates.shared.folder("spreadsheet workbooks") { made in
            let script = Self.folder.appendingPathComponent("make_workbooks.py").path
            let run = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, made.url.path],
                environment: ["PATH": "/usr/bin:/bin", "PYTHONPATH": Self.python], input: nil, directory: made.url)
            try #require(run.status == 0, "\(String(decoding: run.stderr, as: UTF8.self))")
        }
        for file in names.map({ "\($0).xlsx" }) + ["expected.json"] {
            try FileManager.default.copyItem(
                at: workbooks.appendingPathComponent(file), to: dir.url.appendingPathComponent(file))
        }
        let profile = try Templates.shared.folder("libreoffice profile") { _ in }
        let converted = try dir.run(
            [
                "-env:UserInstallation=file://\(profile.path)", "--headless", "--convert-to", conversion.filter,
                "--outdir", dir.path("csv"),
            ] + names.map { dir.path("\($0).xlsx") }, executable: URL(fileURLWithPath: "/usr/bin/soffice"))
        #expect(converted.status == 0, "\(converted.stderr)")
        let expected =
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.url.appendingPathComponent("expected.json")))
            as? [String: [[Any]]]
        for name in names {
            let db = "\(name).db"
            #expect(try dir.run(["--db", db, "init"]).status == 0)
            let file = dir.path("csv/\(name).csv")
            let dry = try dir.run(
                ["--db", db, "--today", "2025-12-22", "import", "books", file, "--dry-run"] + conversion.arguments)
            #expect(dry.status == 0, "\(name): \(dry.stderr)")
            #expect(dry.stdout.contains("Dry run: 4 rows would be imported"), "\(name): \(dry.stdout)")
            let out = try dir.run(
                ["--db", db, "--today", "2025-12-22", "import", "books", file] + conversion.arguments)
            #expect(out.status == 0, "\(name): \(out.stderr)")
            let delimiter = conversion.separator == 9 ? "tab" : String(UnicodeScalar(UInt8(conversion.separator)))
            #expect(out.stdout.contains("delimiter \"\(delimiter)\""), "\(name): \(out.stdout)")
            let rows = try dir.run([
                "--db", db, "query", "SELECT title, author, borrower, loaned_on, due_on FROM books ORDER BY id",
                "--format", "json",
            ])
            let stored = try JSONSerialization.jsonObject(with: Data(rows.stdout.utf8)) as? [[String: Any]] ?? []
            let cells = stored.map { row in
                ["title", "author", "borrower", "loaned_on", "due_on"].map { row[$0] as? String }
            }
            // windows-1251 has no é: LibreOffice writes `?` for it, as it says in its export dialog.
            let wanted = (expected?[name] ?? []).map {
                $0.map { ($0 as? String).map { conversion.charset == 34 ? Self.inWindows1251($0) : $0 } }
            }
            #expect(cells == wanted, "\(name) as \(conversion.testDescription)")
        }
    }

    /// The text as windows-1251 can hold it: each character it lacks as `?`.
    static func inWindows1251(_ text: String) -> String {
        String(text.map { $0.isASCII || String($0).data(using: .windowsCP1251) != nil ? $0 : "?" })
    }

    /// Excel's own shapes, written to its documented format and committed.
    @Test(arguments: [
        ("excel-csv-utf8.csv", "utf-8 (byte-order mark), delimiter \";\" (sep= line), dates DD/MM/YYYY (detected)"),
        ("excel-unicode-text.txt", "utf-16le (byte-order mark), delimiter \"tab\" (detected)"),
        ("excel-csv-windows-1251.csv", "windows-1251 (--encoding), delimiter \";\" (detected)"),
    ])
    func excelShapesImportWithNoEdit(_ file: String, _ form: String) throws {
        let dir = try Workdir()
        #expect(try dir.run(["--db", "a.db", "init"]).status == 0)
        let path = Self.folder.appendingPathComponent(file).path
        let encoding = file.contains("1251") ? ["--encoding", "windows-1251"] : []
        let out = try dir.run(["--db", "a.db", "--today", "2025-12-22", "import", "books", path] + encoding)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.hasSuffix(": " + form + "\n"), "\(out.stdout)")
        let rows = try dir.run([
            "--db", "a.db", "query", "SELECT title, borrower, due_on FROM books ORDER BY id", "--format", "csv",
        ])
        #expect(
            rows.stdout
                == "title,borrower,due_on\r\nВойна и мир,Аня,2025-12-20\r\nМастер и Маргарита; «роман»,,2026-01-31\r\n")
    }
}
