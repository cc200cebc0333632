// The libFuzzer entry point for the delimiter sniffer, compiled with AlmanacKit's sources into one
// module by Tests/Fuzz/fuzz.sh (HARNESS=sniffer); the invariants are in
// Tests/AlmanacKitTests/Support/SnifferFuzz.swift, which SnifferFuzzTests replays on the corpus.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSniffer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    if let broken = SnifferFuzz.check(UnsafeRawBufferPointer(start: data, count: size)) {
        fatalError("invariant broken: \(broken)")
    }
    return 0
}
