import CCSV
import Foundation
import Testing

/// What `CSVReader` and `ParseContext` take from libcsv, each as csv(3) states it, and the one thing
/// the page leaves unsaid (what `csv_fini` hands over after a strict-mode error), pinned here: a
/// libcsv that behaves otherwise fails these tests before it misplaces an error or loses a field.
@Suite struct LibCSVContractTests {
    /// What the callbacks saw: each record's fields, and the characters that ended records.
    final class Seen {
        var records: [[[UInt8]?]] = []
        var current: [[UInt8]?] = []
        var enders: [Int32] = []
    }

    static let onField: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = {
        data, length, context in
        let seen = Unmanaged<Seen>.fromOpaque(context!).takeUnretainedValue()
        seen.current.append(data.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) })
    }

    static let onRecord: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { ender, context in
        let seen = Unmanaged<Seen>.fromOpaque(context!).takeUnretainedValue()
        seen.records.append(seen.current)
        seen.current = []
        seen.enders.append(ender)
    }

    /// Parses `text` in strict mode with no character taken for a space, as the reader does; returns
    /// what was seen, the bytes consumed and the error, after `csv_fini` when `finish`.
    static func parse(
        _ text: String, options: Int32 = CSV_STRICT, finish: Bool = true,
        realloc: (@convention(c) (UnsafeMutableRawPointer?, Int) -> UnsafeMutableRawPointer?)? = nil,
        block: Int = 128
    ) -> (seen: Seen, consumed: Int, error: Int32) {
        var parser = csv_parser()
        csv_init(&parser, UInt8(options))
        csv_set_space_func(&parser, almanac_csv_no_space)
        csv_set_blk_size(&parser, block)
        if let realloc { csv_set_realloc_func(&parser, realloc) }
        defer { csv_free(&parser) }
        let seen = Seen()
        let context = Unmanaged.passUnretained(seen).toOpaque()
        let bytes = Array(text.utf8)
        let consumed = csv_parse(&parser, bytes, bytes.count, onField, onRecord, context)
        let error = csv_error(&parser)
        if finish { _ = csv_fini(&parser, onField, onRecord, context) }
        return (seen, consumed, error)
    }

    static func text(_ field: [UInt8]?) -> String? { field.map { String(decoding: $0, as: UTF8.self) } }

    /// csv(3): a field is quoted when its first character is a quote; its quotes are doubled; with a
    /// space function that says no, nothing is trimmed. `ParseContext` finds a quoted field's length
    /// in the file as its text's length, plus its quotes, plus two.
    @Test func aQuotedFieldIsItsTextBetweenTwoQuotesWithItsQuotesDoubled() {
        let text = "\"a \"\"b\"\"\", c ,\"\",,\"x\ny\"\n"
        let parsed = Self.parse(text)
        #expect(parsed.seen.records.map { $0.map(Self.text) } == [["a \"b\"", " c ", "", "", "x\ny"]])
        #expect(parsed.consumed == text.utf8.count && parsed.error == 0)
    }

    /// csv(3): rows with no fields do not end a record; a line break ends a row (`ParseContext` takes
    /// nothing after a record's end in the same call).
    @Test func blankLinesEndNoRecord() {
        let parsed = Self.parse("a\n\n\r\nb\r\n")
        #expect(parsed.seen.records.map { $0.map(Self.text) } == [["a"], ["b"]])
        #expect(parsed.seen.enders == [10, 13])
    }

    /// csv(3): in strict mode `csv_parse` returns the bytes processed, fewer than given on an error;
    /// `CSVReader` places the error at the first byte not processed.
    @Test(arguments: [("ab\"c,d\n", 2), ("\"ab\"c,d\n", 4), ("x,\"a\"\"b\" ,y\n", 8)])
    func aStrictErrorStopsAtTheOffendingByte(_ text: String, _ offset: Int) {
        let parsed = Self.parse(text, finish: false)
        #expect(parsed.consumed == offset)
        #expect(parsed.error == CSV_EPARSE)
    }

    /// Not stated by csv(3), which says only that `csv_fini` submits "any remaining data in the entry
    /// buffer": after a strict error it hands over the field read so far (a quoted one without the
    /// closing quote it ended on) and the parser is ready for the next line. `CSVReader` keeps that
    /// text in the faulty record, for the rejects file.
    @Test func csvFiniHandsOverTheFieldReadSoFarAfterAStrictError() {
        for (text, field) in [("x,ab\"c\n", "ab"), ("x,\"a\"\"b\"c\n", "a\"b")] {
            let parsed = Self.parse(text)
            #expect(parsed.seen.records.map { $0.map(Self.text) } == [["x", field]], "\(text)")
        }
        var parser = csv_parser()
        csv_init(&parser, UInt8(CSV_STRICT))
        defer { csv_free(&parser) }
        let seen = Seen()
        let context = Unmanaged.passUnretained(seen).toOpaque()
        let bad = Array("a\"b\n".utf8)
        let good = Array("c,d\n".utf8)
        #expect(csv_parse(&parser, bad, bad.count, Self.onField, Self.onRecord, context) == 1)
        _ = csv_fini(&parser, nil, nil, nil)
        #expect(csv_error(&parser) == 0)
        #expect(csv_parse(&parser, good, good.count, Self.onField, Self.onRecord, context) == good.count)
        #expect(seen.records.map { $0.map(Self.text) } == [["c", "d"]])
    }

    /// csv(3): without CSV_STRICT_FINI, `csv_fini` hands over a quoted field the data ends inside,
    /// without an error; `ParseContext` tells it from a closed one by the bytes it was fed.
    @Test func csvFiniHandsOverAnUnterminatedQuotedField() {
        let open = Self.parse("a,\"b\"\"c")
        #expect(open.seen.records.map { $0.map(Self.text) } == [["a", "b\"c"]])
        #expect(open.seen.enders == [-1])
        let closed = Self.parse("a,\"b\"\"c\"")
        #expect(closed.seen.records.map { $0.map(Self.text) } == [["a", "b\"c"]])
    }

    /// csv(3): the entry buffer grows through the realloc function set; when it returns NULL,
    /// `csv_parse` stops and `csv_error` says CSV_ENOMEM. `CSVReader` caps a field's memory so.
    @Test func aReallocThatRefusesStopsTheParseWithENOMEM() {
        let capped: @convention(c) (UnsafeMutableRawPointer?, Int) -> UnsafeMutableRawPointer? = { old, size in
            size > 64 ? nil : realloc(old, size)
        }
        let parsed = Self.parse(
            "short," + String(repeating: "x", count: 200) + "\n", finish: false, realloc: capped, block: 16)
        #expect(parsed.error == CSV_ENOMEM)
        #expect(parsed.consumed < 206 && parsed.consumed >= 6 + 48)
        #expect(parsed.seen.current.map(Self.text) == ["short"])
    }
}
