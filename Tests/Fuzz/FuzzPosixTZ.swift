// The POSIX TZ rule harness (HARNESS=posixtz): each input is the text of a `TZ` value or of a TZif
// file's footer. Reached through FuzzTZif.swift's entry point, one binary for both.

/// Checks one input as a rule; a broken invariant is a crash, which libFuzzer saves.
func fuzzPosixTZ(_ bytes: UnsafeRawBufferPointer) -> Int32 {
    if let broken = ZoneFuzz.checkPosixRule(bytes) {
        fatalError("invariant broken (\(String(decoding: bytes, as: UTF8.self).debugDescription)): \(broken)")
    }
    return 0
}
