import AlmanacKinds
import AlmanacText
import Foundation

/// Decides the order of a file's slashed dates (`09/13/2025`) from a sample of its first lines, as
/// PRODUCT.md asks: a first number over 12 in a date column is a day, a second one over 12 means the
/// month came first. Both in one sample, or neither, decide nothing, and a slashed date the rows
/// hold is then refused, naming `--date-format`. Only the date columns are read, and only when the
/// sample holds a `/` at all.
enum DateOrderSniffer {
    /// The order the sample shows, or nil. `text` is the start of the file after any `sep=` line;
    /// `dateFields` are the header's fields that hold days; `complete` says the text is the whole file.
    static func order(_ text: UnsafeRawBufferPointer, delimiter: UInt8, dateFields: Set<Int>, complete: Bool)
        -> DateForms.Order?
    {
        guard !dateFields.isEmpty, let base = text.baseAddress, memchr(base, 47, text.count) != nil else { return nil }
        var dayFirst = false
        var monthFirst = false
        var field = 0
        var fieldStart = 0
        var lines = 0
        var inQuotes = false
        var atFieldStart = true
        var lineHasText = false
        var index = 0
        let count = text.count
        func endField(_ end: Int) {
            guard lines > 0, dateFields.contains(field) else { return }
            var bytes = UnsafeRawBufferPointer(rebasing: text[fieldStart..<end])
            if bytes.count >= 2, bytes.first == 34, bytes.last == 34 {
                bytes = UnsafeRawBufferPointer(rebasing: bytes[1..<(bytes.count - 1)])
            }
            switch DateForms.slashEvidence(bytes) {
            case .dayMonthYear: dayFirst = true
            case .monthDayYear: monthFirst = true
            default: break
            }
        }
        while index < count && lines <= DelimiterSniffer.sampleLines {
            let byte = text[index]
            if inQuotes {
                if byte == 34 {
                    if index + 1 < count && text[index + 1] == 34 { index += 1 } else { inQuotes = false }
                }
            } else if byte == delimiter {
                endField(index)
                field += 1
                fieldStart = index + 1
                atFieldStart = true
                lineHasText = true
            } else if byte == 10 || byte == 13 {
                if lineHasText {
                    endField(index)
                    lines += 1
                }
                if byte == 13 && index + 1 < count && text[index + 1] == 10 { index += 1 }
                field = 0
                fieldStart = index + 1
                atFieldStart = true
                lineHasText = false
            } else {
                if byte == 34 && atFieldStart { inQuotes = true }
                atFieldStart = false
                lineHasText = true
            }
            index += 1
        }
        if complete && index == count && lineHasText { endField(count) }
        if dayFirst == monthFirst { return nil }
        return dayFirst ? .dayMonthYear : .monthDayYear
    }
}
