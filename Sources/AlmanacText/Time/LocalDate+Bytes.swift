extension LocalDate {
    /// Parses exactly `YYYY-MM-DD` straight from bytes (the import's hot path makes no `String`).
    public init?(bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 10, bytes[4] == 45, bytes[7] == 45 else { return nil }
        var parts = (0, 0, 0)
        for index in 0..<10 where index != 4 && index != 7 {
            let byte = bytes[index]
            guard byte >= 48, byte <= 57 else { return nil }
            let digit = Int(byte - 48)
            if index < 4 {
                parts.0 = parts.0 * 10 + digit
            } else if index < 7 {
                parts.1 = parts.1 * 10 + digit
            } else {
                parts.2 = parts.2 * 10 + digit
            }
        }
        self.init(year: parts.0, month: parts.1, day: parts.2)
    }
}
