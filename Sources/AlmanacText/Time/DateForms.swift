/// The ways a day may be written, in a file or an option. ISO `YYYY-MM-DD` always; `DD.MM.YYYY` and
/// `D.M.YYYY` always (dots put the day first in every locale that uses them); `YYYY/MM/DD`; and
/// slashed dates with the day or the month first as `--date-format` says, or as a file's first lines
/// show (a first number over 12 is a day, a second one over 12 means the month came first). Never a
/// guess: a slashed date nothing decides is refused, naming `--date-format`.
public struct DateForms: Sendable, Equatable {
    /// The order of a date's three numbers.
    public enum Order: Sendable, Equatable {
        case dayMonthYear, monthDayYear, yearMonthDay
    }

    /// A `--date-format` pattern: the order of `DD`, `MM` and `YYYY` and the one separator between them.
    public struct Pattern: Sendable, Equatable {
        public let order: Order
        public let separator: UInt8
        /// As the user wrote it (`MM/DD/YYYY`).
        public let text: String

        /// A day written in this form (`25.12.2025` for `DD.MM.YYYY`), as the pattern reads it back:
        /// `DD` and `MM` with a leading zero, `D` and `M` without; `YYYY` always four digits.
        public func write(_ date: LocalDate) -> String {
            let padded = text.split(separator: Character(UnicodeScalar(separator))).map { $0.count > 1 }
            func part(_ value: Int, _ kind: Int) -> String {
                let digits = String(value)
                let width = kind == 0 ? 4 : (padded.count == 3 && !padded[kindPlace(kind)] ? 1 : 2)
                return String(repeating: "0", count: max(0, width - digits.count)) + digits
            }
            let parts: [String] =
                switch order {
                case .dayMonthYear: [part(date.day, 2), part(date.month, 1), part(date.year, 0)]
                case .monthDayYear: [part(date.month, 1), part(date.day, 2), part(date.year, 0)]
                case .yearMonthDay: [part(date.year, 0), part(date.month, 1), part(date.day, 2)]
                }
            return parts.joined(separator: String(UnicodeScalar(separator)))
        }

        /// Where the pattern has the year (0), the month (1) or the day (2).
        private func kindPlace(_ kind: Int) -> Int {
            let places: [Int] =
                switch order {
                case .dayMonthYear: [2, 1, 0]
                case .monthDayYear: [2, 0, 1]
                case .yearMonthDay: [0, 1, 2]
                }
            return places[kind]
        }
    }

    /// `--date-format`, when given.
    public var pattern: Pattern?
    /// The order of slashed dates, as a file's first lines show it.
    public var slashOrder: Order?

    /// Forms with nothing given or found: ISO, dotted and year-first slashed dates.
    public init(pattern: Pattern? = nil, slashOrder: Order? = nil) {
        self.pattern = pattern
        self.slashOrder = slashOrder
    }

    /// The patterns help and messages list.
    public static let examples = ["DD.MM.YYYY", "MM/DD/YYYY", "DD/MM/YYYY", "YYYY/MM/DD"]

    /// Reads a `--date-format` pattern: `DD`, `MM` and `YYYY` (or `D`, `M`) in any order, joined by one
    /// of `.` `/` `-`, in any case; nil for anything else.
    public static func pattern(_ text: String) -> Pattern? {
        let upper = text.uppercased()
        guard let separator = upper.first(where: { $0 == "." || $0 == "/" || $0 == "-" }) else { return nil }
        let parts = upper.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { return nil }
        let kinds = parts.map { part -> Character? in
            switch part {
            case "D", "DD": "d"
            case "M", "MM": "m"
            case "YYYY": "y"
            default: nil
            }
        }
        let order: Order
        switch String(kinds.compactMap { $0 }) {
        case "dmy": order = .dayMonthYear
        case "mdy": order = .monthDayYear
        case "ymd": order = .yearMonthDay
        default: return nil
        }
        return Pattern(order: order, separator: separator.asciiValue!, text: upper)
    }

    /// `--date-format` as given: its pattern, nil when not given; a usage error for anything else.
    public static func option(_ text: String?) throws -> Pattern? {
        guard let text else { return nil }
        guard let pattern = pattern(text) else {
            throw AlmanacError(.usage, "import.error.bad-date-format", ["value": text])
        }
        return pattern
    }

    /// What a text reads as.
    public enum Reading: Equatable {
        case date(LocalDate)
        /// A slashed date whose order nothing decided.
        case undecided
        case notADate
    }

    /// The three numbers of `D?D<sep>M?M<sep>YYYY`-like text and its separator, or nil.
    private static func parts(_ bytes: UnsafeRawBufferPointer) -> (
        numbers: [(value: Int, digits: Int)], separator: UInt8
    )? {
        guard bytes.count >= 8, bytes.count <= 10 else { return nil }
        var numbers: [(value: Int, digits: Int)] = [(0, 0)]
        var separator: UInt8 = 0
        for byte in bytes {
            if byte >= 48 && byte <= 57 {
                numbers[numbers.count - 1].value = numbers[numbers.count - 1].value * 10 + Int(byte - 48)
                numbers[numbers.count - 1].digits += 1
            } else if (byte == 46 || byte == 47 || byte == 45) && (separator == 0 || separator == byte)
                && numbers.count < 3
            {
                separator = byte
                numbers.append((0, 0))
            } else {
                return nil
            }
        }
        guard numbers.count == 3, numbers.allSatisfy({ $0.digits > 0 }) else { return nil }
        return (numbers, separator)
    }

    /// Reads a day in these forms.
    public func read(_ bytes: UnsafeRawBufferPointer) -> Reading {
        if let date = LocalDate(bytes: bytes) { return .date(date) }
        guard let (numbers, separator) = Self.parts(bytes) else { return .notADate }
        let order: Order
        if let pattern, pattern.separator == separator {
            order = pattern.order
        } else if separator == 46 {
            order = .dayMonthYear
        } else if separator == 47 {
            if numbers[0].digits == 4 {
                order = .yearMonthDay
            } else if let slashOrder {
                order = slashOrder
            } else {
                return numbers[0].digits <= 2 && numbers[1].digits <= 2 && numbers[2].digits == 4
                    ? .undecided : .notADate
            }
        } else {
            return .notADate
        }
        let (year, month, day) =
            switch order {
            case .dayMonthYear: (numbers[2], numbers[1], numbers[0])
            case .monthDayYear: (numbers[2], numbers[0], numbers[1])
            case .yearMonthDay: (numbers[0], numbers[1], numbers[2])
            }
        guard year.digits == 4, month.digits <= 2, day.digits <= 2,
            let date = LocalDate(year: year.value, month: month.value, day: day.value), date.year >= 1
        else { return .notADate }
        return .date(date)
    }

    /// Reads one day given alone (an option): a slashed date its own numbers decide (`09/13/2025`)
    /// is read so; one they do not is undecided.
    public func readAlone(_ text: String) -> Reading {
        var text = text
        return text.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            var forms = self
            if forms.slashOrder == nil, let order = Self.slashEvidence(bytes) { forms.slashOrder = order }
            return forms.read(bytes)
        }
    }

    /// What a slashed date with the day and month first (`13/09/2025`, `09/13/2025`) shows of its
    /// order: a first number over 12 is a day, a second one over 12 puts the month first; nil when
    /// neither is (or the text is no such date).
    package static func slashEvidence(_ bytes: UnsafeRawBufferPointer) -> Order? {
        // A time may follow the day (`1/22/2026 6:00 PM`).
        let day = bytes.firstIndex(of: 32).map { UnsafeRawBufferPointer(rebasing: bytes[..<$0]) } ?? bytes
        guard let (numbers, separator) = parts(day), separator == 47, numbers[0].digits <= 2, numbers[1].digits <= 2,
            numbers[2].digits == 4
        else { return nil }
        if numbers[0].value > 12 && (1...12).contains(numbers[1].value) { return .dayMonthYear }
        if numbers[1].value > 12 && (1...12).contains(numbers[0].value) { return .monthDayYear }
        return nil
    }

    /// The order as a pattern says it (`DD/MM/YYYY`), for messages and the summary.
    public static func name(_ order: Order, separator: String = "/") -> String {
        switch order {
        case .dayMonthYear: ["DD", "MM", "YYYY"].joined(separator: separator)
        case .monthDayYear: ["MM", "DD", "YYYY"].joined(separator: separator)
        case .yearMonthDay: ["YYYY", "MM", "DD"].joined(separator: separator)
        }
    }
}
