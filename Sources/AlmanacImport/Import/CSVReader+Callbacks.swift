import AlmanacKinds
import CCSV
import Foundation

// libcsv's callbacks and allocator for `CSVReader`: C function pointers, so file-level constants.

let onField: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = {
    data, length, context in
    context!.assumingMemoryBound(to: ParseContext.self).pointee.addField(data, length)
}

let onRecord: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { _, context in
    context!.assumingMemoryBound(to: ParseContext.self).pointee.endRecord()
}

/// Hands the text of the field being read over after a parse fault (see `CSVReader.recordParseFault`).
let onFaultyField: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = {
    data, length, context in
    context!.assumingMemoryBound(to: ParseContext.self).pointee.storage.arena.append(data, length)
}

/// How much libcsv's entry buffer grows at a time (csv_set_blk_size).
let entryBlock = 1 << 16

/// libcsv's entry buffer holds the field being read. It may grow to one block past the longest field
/// accepted and no further: growing past that fails, `csv_parse` stops short and `csv_error` says
/// CSV_ENOMEM (csv(3)), so a field that never ends cannot take the memory.
let cappedRealloc: @convention(c) (UnsafeMutableRawPointer?, Int) -> UnsafeMutableRawPointer? = { old, size in
    size > CSVReader.maximumField + entryBlock ? nil : realloc(old, size)
}
