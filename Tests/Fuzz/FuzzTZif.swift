// The libFuzzer entry point for untrusted time data, compiled with AlmanacKit's sources into one
// module by Tests/Fuzz/fuzz.sh: HARNESS=tzif reads each input as a TZif file, HARNESS=posixtz
// (ALMANAC_FUZZ=posixtz, the same binary) as a POSIX TZ rule (FuzzPosixTZ.swift). The invariants
// are in Tests/AlmanacKitTests/Support/ZoneFuzz.swift, which ZoneFuzzTests replays on the corpora.
import Foundation

/// Which reader the inputs go to, read once.
private let readsRules = ProcessInfo.processInfo.environment["ALMANAC_FUZZ"] == "posixtz"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZone(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    if readsRules { return fuzzPosixTZ(bytes) }
    if let broken = ZoneFuzz.checkTZif(bytes) {
        fatalError("invariant broken (\(size) bytes): \(broken)")
    }
    return 0
}
