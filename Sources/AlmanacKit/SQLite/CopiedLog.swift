/// Which stretches of a write-ahead log a checkpoint has read in full, so their file pages can be let
/// go while it copies the rest (`CopiedLogRelease`).
///
/// The log is a 32-byte header followed by frames: a 24-byte frame header, then one database page.
/// A checkpoint reads the page of each frame it copies, exactly that many bytes at that offset, and
/// nothing else reads a log that way while it runs. The log is taken in stretches of `stretchSize`
/// bytes; a stretch is done once every frame whose page lies partly in it has been read, so a file
/// page shared by two frames is let go only after both. A frame read again counts once, and a
/// frame never read (one a later frame of the same page replaced) keeps its stretch.
struct CopiedLog {
    static let logHeaderSize: Int64 = 32
    static let frameHeaderSize: Int64 = 24

    let pageSize: Int64
    let stretchSize: Int64
    private var frameSize: Int64 { Self.frameHeaderSize + pageSize }
    /// One bit per frame: its page has been read.
    private var framesRead: [UInt64] = []
    /// Per stretch: how many of the frames with page bytes in it have been read.
    private var stretchReads: [Int32] = []

    init(pageSize: Int, stretchSize: Int = 1 << 20) {
        precondition(pageSize > 0 && stretchSize > 0)
        self.pageSize = Int64(pageSize)
        self.stretchSize = Int64(stretchSize)
    }

    /// Notes a read of `amount` bytes at `offset`, and returns the stretches it completed (none, one, or
    /// the two a frame's page straddles) as byte ranges of the log.
    mutating func read(offset: Int64, amount: Int) -> [Range<Int64>] {
        let firstPage = Self.logHeaderSize + Self.frameHeaderSize
        guard Int64(amount) == pageSize, offset >= firstPage, (offset - firstPage) % frameSize == 0 else { return [] }
        let frame = Int((offset - firstPage) / frameSize)
        let word = frame / 64, bit = UInt64(1) << UInt64(frame % 64)
        if word >= framesRead.count { framesRead += repeatElement(0, count: word + 1 - framesRead.count) }
        guard framesRead[word] & bit == 0 else { return [] }
        framesRead[word] |= bit
        var done: [Range<Int64>] = []
        for stretch in Int(offset / stretchSize)...Int((offset + pageSize - 1) / stretchSize) {
            if stretch >= stretchReads.count { stretchReads += repeatElement(0, count: stretch + 1 - stretchReads.count) }
            stretchReads[stretch] += 1
            if Int64(stretchReads[stretch]) == framesWithPageBytes(in: stretch) {
                let start = Int64(stretch) * stretchSize
                done.append(start..<start + stretchSize)
            }
        }
        return done
    }

    /// How many frames have page bytes in the stretch: those whose page starts before its end and
    /// ends after its start.
    func framesWithPageBytes(in stretch: Int) -> Int64 {
        let start = Int64(stretch) * stretchSize, end = start + stretchSize
        let firstPage = Self.logHeaderSize + Self.frameHeaderSize
        // Frame k's page covers [firstPage + k·frameSize, firstPage + k·frameSize + pageSize).
        let after = start - firstPage - pageSize  // frames past this one end after the start
        let first = after < 0 ? 0 : after / frameSize + 1
        let last = (end - firstPage - 1) / frameSize  // the last that starts before the end
        return max(0, last - first + 1)
    }
}
