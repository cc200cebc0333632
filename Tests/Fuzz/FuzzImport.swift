// The libFuzzer entry point, compiled with AlmanacKit's sources into one module by Tests/Fuzz/fuzz.sh
// (SwiftPM's own `main` would hide libFuzzer's). The first byte of an input picks the kind and the
// options (see `ImportProbe.kind`, which also reads the input's length, and `ImportProbe.options`);
// the rest is the CSV file.
import Foundation

/// One probe for the whole run: an in-memory database restored to its baseline whenever an input
/// changed it, so an execution costs an import, not a database.
nonisolated(unsafe) private var probe: ImportProbe?

/// `ALMANAC_FUZZ=header` (fuzz.sh) turns the inputs into headers (`HeaderFuzz`), on their own corpus.
private let fuzzingHeaders = ProcessInfo.processInfo.environment["ALMANAC_FUZZ"] == "header"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    if probe == nil {
        let directory = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        do {
            probe = try ImportProbe(directory: directory)
            // libFuzzer ends with exit(): the probe's deinit then removes its input file.
            atexit { probe = nil }
        } catch {
            fatalError("cannot set up the probe: \(error)")
        }
    }
    if fuzzingHeaders, let probe {
        if let broken = HeaderFuzz.check(UnsafeRawBufferPointer(start: data, count: size), probe: probe) {
            fatalError("invariant broken (header, first byte \(data[0])): \(broken)")
        }
        return 0
    }
    let flags = data[0]
    let body = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    let kind = ImportProbe.kind(flags, length: size)
    if let broken = probe?.check(body, kind: kind, flags: flags) {
        // Any broken invariant is a crash to libFuzzer, which then saves the input.
        fatalError("invariant broken (kind \(kind.rawValue), flags \(flags)): \(broken)")
    }
    return 0
}
