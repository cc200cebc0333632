import Foundation
import Testing

/// A UTF-8 file imported with an 8-bit `--encoding` would be stored as mojibake with no error: it is
/// refused (65, nothing stored) with a sample as UTF-8 and as it would be stored; `NAME!` forces it.
@Suite struct MislabelledEncodingTests {
    let dir: Workdir

    init() throws {
        dir = try Workdir()
        try dir.initDatabase("a.db")
    }

    static let books = "id,title,author,due_on,loaned_on\n1,Снег ночь,Пушкин,2025-12-20,2025-12-01\n"

    /// latin1's sample ends in C1 controls (U+0087, U+008C), which a message shows escaped.
    @Test(arguments: [
        ("windows-1251", "РЎРЅРµРі РЅРѕС‡СЊ"), ("windows-1252", "Ð¡Ð½ÐµÐ³ Ð½Ð¾Ñ‡ÑŒ"), ("latin1", "Ð¡Ð½ÐµÐ³ Ð½Ð¾Ñ"),
        ("cp1251", "РЎРЅРµРі РЅРѕС‡СЊ"),
    ])
    func aUTF8FileGivenAnEightBitEncodingIsRefusedShowingWhatItWouldBecome(encoding: String, stored: String) throws {
        try dir.write("books.csv", Self.books)
        let out = try dir.run(["--db", "a.db", "import", "books", "books.csv", "--encoding", encoding])
        #expect(out.status == 65, "\(out.stdout)\(out.stderr)")
        let name = encoding == "cp1251" ? "windows-1251" : encoding
        #expect(
            out.stderr.contains(
                "books.csv: the file is UTF-8, but --encoding says \(name): \"Снег ночь\" would be stored as \"\(stored)"
            ),
            "\(out.stderr)")
        #expect(out.stderr.contains("--encoding \(name)!"))
        #expect(try dir.scalar("SELECT count(*) FROM books") == "0")
        #expect(try dir.scalar("SELECT count(*) FROM import_log") == "0")
    }

    @Test func theRefusalIsInRussianToo() throws {
        try dir.write("books.csv", Self.books)
        let out = try dir.run([
            "--db", "a.db", "--locale", "ru", "import", "books", "books.csv", "--encoding", "windows-1251",
        ])
        #expect(out.status == 65)
        #expect(
            out.stderr.contains(
                "файл в UTF-8, а --encoding говорит windows-1251: «Снег ночь» сохранилось бы как «РЎРЅРµРі РЅРѕС‡СЊ»"))
    }

    /// Non-ASCII text far past the first chunk (1 MiB) of ASCII rows is caught all the same.
    @Test func textPastTheFirstChunkIsWatchedToo() throws {
        var text = "id,title,author,due_on,loaned_on\n"
        for id in 1...40_000 { text += "\(id),Plain title number \(id),,2025-12-20,2025-12-01\n" }
        text += "40001,Снег ночь,,2025-12-20,2025-12-01\n"
        try dir.write("books.csv", text)
        let out = try dir.run(["--db", "a.db", "import", "books", "books.csv", "--encoding", "windows-1252"])
        #expect(out.status == 65, "\(out.stdout)\(out.stderr)")
        #expect(out.stderr.contains("\"Снег ночь\" would be stored as"))
        #expect(try dir.scalar("SELECT count(*) FROM books") == "0")
    }

    @Test func aBangAfterTheNameForcesTheEncoding() throws {
        try dir.write("books.csv", Self.books)
        let out = try dir.run(["--db", "a.db", "import", "books", "books.csv", "--encoding", "windows-1251!"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("books.csv: windows-1251 (--encoding)"), "\(out.stdout)")
        #expect(try dir.scalar("SELECT title FROM books") == "РЎРЅРµРі РЅРѕС‡СЊ")
        #expect(try dir.run(["--db", "a.db", "import", "books", "books.csv", "--encoding", "koi8-r!"]).status == 64)
    }

    @Test(arguments: ["windows-1251", "windows-1252", "latin1"])
    func anASCIIFileReadsTheSameInEveryEncoding(encoding: String) throws {
        try dir.write("books.csv", "id,title,due_on,loaned_on\n1,Snow at night,2025-12-20,2025-12-01\n")
        let out = try dir.run(["--db", "a.db", "import", "books", "books.csv", "--encoding", encoding])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try dir.scalar("SELECT title FROM books") == "Snow at night")
    }

    /// A real windows-1251 file is no UTF-8: a lead byte is followed by a letter, not a continuation.
    @Test func aGenuineWindows1251FileStillImports() throws {
        let bytes = Data(
            Self.books.unicodeScalars.map { scalar -> UInt8 in
                switch scalar.value {
                case 0x0410...0x044F: UInt8(scalar.value - 0x0410 + 0xC0)
                default: UInt8(scalar.value)
                }
            })
        try bytes.write(to: URL(fileURLWithPath: dir.path("books.csv")))
        let out = try dir.run(["--db", "a.db", "import", "books", "books.csv", "--encoding", "windows-1251"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try dir.scalar("SELECT title || '/' || author FROM books") == "Снег ночь/Пушкин")
    }
}
