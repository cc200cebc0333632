import AlmanacText
import Foundation

/// `csv` and `tsv`: a header of column keys, then a line per row as it comes, in constant memory.
/// With `--headers titles` the header is the columns' titles and a status or yes/no is in the
/// locale's words; with `--date-format` days are written in that form (`SheetForm`).
///
/// - csv: RFC 4180: CRLF line ends, and a field quoted (its quotes doubled) when it holds the
///   delimiter (a comma unless `--delimiter` says otherwise), a quote, a CR or an LF. NULL and empty
///   text are both an empty field.
/// - Either starts with a UTF-8 byte-order mark when `--bom` asks for one (`SheetForm`).
/// - tsv: LF line ends, and tabs, line breaks and backslashes inside a field written as `\t`, `\n`,
///   `\r` and `\\` (the convention of PostgreSQL's COPY and of `cut`-friendly TSV), so every row is
///   one line; every other control character as `\xHH` (`TerminalText`), so none reaches a terminal raw.
package struct DelimitedFormat: RowFormat {
    private let quoting: Bool
    private let separator: UInt8
    private let lineEnd: [UInt8]
    private let columnCount: Int
    private var header: [UInt8]?
    private let sheet: SheetForm
    private let yesNo: (yes: String, no: String)

    private init(_ head: Table.Head, quoting: Bool, sheet: SheetForm, localizer: Localizer?) {
        self.quoting = quoting
        self.sheet = sheet
        yesNo = localizer.map(sheet.yesNo) ?? ("true", "false")
        separator = quoting ? sheet.delimiter : 9
        lineEnd = quoting ? [13, 10] : [10]
        columnCount = head.columns.count
        var line = ByteOutput(writer: nil)
        line.append(sheet.prefix)
        for (index, column) in head.columns.enumerated() {
            if index > 0 { line.append(separator) }
            Self.field(
                sheet.titles ? SheetForm.header(column.title) : column.key, quoting: quoting ? separator : nil,
                into: &line)
        }
        line.append(lineEnd)
        header = line.bytes
    }

    package static func csv(_ head: Table.Head, _ sheet: SheetForm = .plain, _ localizer: Localizer? = nil)
        -> DelimitedFormat
    {
        DelimitedFormat(head, quoting: true, sheet: sheet, localizer: localizer)
    }
    package static func tsv(_ head: Table.Head, _ sheet: SheetForm = .plain, _ localizer: Localizer? = nil)
        -> DelimitedFormat
    {
        DelimitedFormat(head, quoting: false, sheet: sheet, localizer: localizer)
    }

    package mutating func section(_ heading: String, into out: inout ByteOutput) {}

    package mutating func row(_ cells: [Table.Cell], into out: inout ByteOutput) {
        writeHeader(into: &out)
        for index in 0..<columnCount {
            if index > 0 { out.append(separator) }
            put(cells[safe: index], into: &out)
        }
        out.append(lineEnd)
    }

    package mutating func row(streamed cells: [StreamedCell], into out: inout ByteOutput) {
        writeHeader(into: &out)
        let quoting = quoting ? separator : nil
        for index in 0..<columnCount {
            if index > 0 { out.append(separator) }
            switch cells[safe: index] {
            case .dateText(let bytes) where sheet.datePattern != nil:
                if let date = LocalDate(bytes: UnsafeRawBufferPointer(bytes)) {
                    Self.field(sheet.text(date), quoting: quoting, into: &out)
                } else {
                    Self.field(bytes, quoting: quoting, into: &out)
                }
            case .text(let bytes), .dateText(let bytes): Self.field(bytes, quoting: quoting, into: &out)
            case .cell(.null): break
            case .cell(.integer(let number)), .cell(.identifier(let number)): out.append(decimal: number)
            case .cell(let cell): put(cell, into: &out)
            }
        }
        out.append(lineEnd)
    }

    private func put(_ cell: Table.Cell, into out: inout ByteOutput) {
        switch cell {
        case .null: break
        case .integer(let number), .identifier(let number), .count(let number, _): out.append(decimal: number)
        case .date(let date) where sheet.datePattern != nil:
            Self.field(sheet.text(date), quoting: quoting ? separator : nil, into: &out)
        case .date(let date): out.write { Renderer.writeDate(date, into: &$0) }
        case .tag(let tag) where sheet.titles: Self.field(tag.label, quoting: quoting ? separator : nil, into: &out)
        case .bool(let flag): Self.field(flag ? yesNo.yes : yesNo.no, quoting: quoting ? separator : nil, into: &out)
        case .instant(let instant): out.write { Renderer.writeInstant(instant, into: &$0) }
        case .text(let text): Self.field(text, quoting: quoting ? separator : nil, into: &out)
        case let cell:
            if let text = Renderer.plainText(cell) { Self.field(text, quoting: quoting ? separator : nil, into: &out) }
        }
    }

    package mutating func finish(rows: Int, count: Int, into out: inout ByteOutput) {
        writeHeader(into: &out)
    }

    /// The header, before the first row (or alone, for an empty result).
    private mutating func writeHeader(into out: inout ByteOutput) {
        guard let header else { return }
        out.append(header)
        self.header = nil
    }

    /// A field; `quoting` is csv's delimiter (quoted when the field holds it), nil for tsv (escaped).
    private static func field(_ text: String, quoting: UInt8?, into out: inout ByteOutput) {
        var text = text
        text.withUTF8 { field($0, quoting: quoting, into: &out) }
    }

    private static func field(_ bytes: UnsafeBufferPointer<UInt8>, quoting: UInt8?, into out: inout ByteOutput) {
        guard let delimiter = quoting else {
            guard TerminalText.needsShowing(bytes) else { return out.append(bytes) }
            return out.write { TerminalText.append(bytes, to: &$0, .reversible) }
        }
        guard needsQuotes(bytes, delimiter) else { return out.append(bytes) }
        out.append(UInt8(ascii: "\""))
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { out.append(byte) }
            out.append(byte)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// True when `bytes` hold the delimiter, a quote, a CR or an LF, looked for eight bytes at a time
    /// (byte by byte, this was the largest part of a csv listing's own work); the last few bytes of a
    /// field of eight or more are looked at in the eight that end it.
    static func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>, _ delimiter: UInt8) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101
        /// Nonzero when a byte of `word` is zero.
        @inline(__always) func zeroByte(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & 0x8080_8080_8080_8080 }
        let delimiters = UInt64(delimiter) &* ones
        @inline(__always) func found(at index: Int) -> Bool {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            return zeroByte(word ^ delimiters) | zeroByte(word ^ 0x22 &* ones) | zeroByte(word ^ 0x0A &* ones)
                | zeroByte(word ^ 0x0D &* ones) != 0
        }
        var index = 0
        while index + 8 <= bytes.count {
            if found(at: index) { return true }
            index += 8
        }
        if index < bytes.count, bytes.count >= 8 { return found(at: bytes.count - 8) }
        while index < bytes.count {
            let byte = base[index]
            if byte == delimiter || byte == UInt8(ascii: "\"") || byte == 10 || byte == 13 { return true }
            index += 1
        }
        return false
    }
}

extension Renderer {
    /// `YYYY-MM-DD`, as `LocalDate.description` writes it, without making a string.
    static func writeDate(_ date: LocalDate, into out: inout [UInt8]) {
        func digits(_ value: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            if value >= divisor * 10 {
                out += String(value).utf8
                return
            }
            while divisor > 0 {
                out.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        digits(date.year, 4)
        out.append(UInt8(ascii: "-"))
        digits(date.month, 2)
        out.append(UInt8(ascii: "-"))
        digits(date.day, 2)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, as `Instant.format` writes it, without making a string.
    static func writeInstant(_ instant: Date, into out: inout [UInt8]) {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        writeDate(LocalDate(dayNumber: seconds.floorDiv(86_400)), into: &out)
        let time = seconds.floorMod(86_400)
        for (separator, value) in [
            (UInt8(ascii: "T"), time / 3600), (UInt8(ascii: ":"), time / 60 % 60), (UInt8(ascii: ":"), time % 60),
        ] {
            out.append(separator)
            out.append(UInt8(ascii: "0") + UInt8(value / 10))
            out.append(UInt8(ascii: "0") + UInt8(value % 10))
        }
        out.append(UInt8(ascii: "Z"))
    }

    /// A whole number in decimal, as `String(number)` writes it, without making a string.
    static func writeDecimal(_ number: Int64, into out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            let digits = UnsafeMutableBufferPointer(rebasing: buffer[..<decimalLength(number)])
            writeDecimal(number, at: digits)
            out.append(contentsOf: digits)
        }
    }

    /// Writes a whole number in decimal into `place`, which is exactly `decimalLength(number)` long.
    static func writeDecimal(_ number: Int64, at place: UnsafeMutableBufferPointer<UInt8>) {
        precondition(place.count == decimalLength(number), "writeDecimal: the place is not the number's length")
        var magnitude = number.magnitude
        var index = place.count
        repeat {
            index -= 1
            place[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        if number < 0 { place[0] = UInt8(ascii: "-") }
    }

    /// How many characters `writeDecimal` writes for a number.
    static func decimalLength(_ number: Int64) -> Int {
        var length = number < 0 ? 2 : 1
        var magnitude = number.magnitude
        while magnitude >= 10 {
            magnitude /= 10
            length += 1
        }
        return length
    }
}

extension Array where Element == Table.Cell {
    /// The cell at an index, or NULL past the end of a short row.
    package subscript(safe index: Int) -> Table.Cell {
        index < count ? self[index] : .null
    }
}
