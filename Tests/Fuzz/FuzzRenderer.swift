// The libFuzzer entry point for the renderer, compiled with AlmanacKit's sources into one module by
// Tests/Fuzz/fuzz.sh (HARNESS=renderer). Each input is a table (`RendererFuzz`: widths, scripts,
// control characters, empty cells, section headings, a terminal's width, how much is held before
// the box spills to its file) written through a `TableWriter` in every format; a broken invariant
// is a crash, which libFuzzer saves.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRenderer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let table = RendererFuzz(Array(UnsafeBufferPointer(start: data, count: size)))
    do {
        if let broken = try table.check() {
            fatalError(
                "invariant broken (first bytes \(Array(UnsafeBufferPointer(start: data, count: min(size, 2))))): \(broken)"
            )
        }
    } catch {
        fatalError("rendering failed: \(error)")
    }
    return 0
}
