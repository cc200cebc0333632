import Foundation

/// The pages a worker made lately, each kept with the database's data version it was read at
/// (`Database.dataVersion`) and given again while that version holds, for at most `maxAge`: a page is
/// made from the database, the request's path, query, language and format, and the day, so its key
/// holds all of those besides the database. A page given again is the one made then, byte for byte:
/// it says when it was made (a few seconds ago at most), and every change since would have changed the
/// version. Only the pages `Routes.keepsPage` names are kept (not the quiz: a question without
/// `?seed=` is drawn at random), and only when they answered 200.
///
/// A library's loans page read by many at once is then made once in a while on each worker, not once
/// a request. Bounded: at most `limit` pages and `byteLimit` bytes a worker; a page larger than
/// `largest` is never kept.
struct PageCache {
    static let limit = 64
    static let byteLimit = 4 << 20
    static let largest = 1 << 20
    /// How long a page is given again: its "made at" is at most this old.
    static let maxAge = Duration.seconds(10)

    private var kept: [String: Entry] = [:]
    private var bytes = 0

    private struct Entry {
        let version: Int64
        let made: ContinuousClock.Instant
        let answer: Answer
    }

    /// The key of a page: everything it is made from besides the database.
    static func key(path: String, query: String, language: String, json: Bool, today: String) -> String {
        path + "?" + query + "\n" + language + (json ? " json " : " html ") + today
    }

    /// The page kept under `key`, if it was read at `version` less than `maxAge` ago.
    func answer(_ key: String, version: Int64) -> Answer? {
        guard let entry = kept[key], entry.version == version, entry.made.duration(to: .now) < Self.maxAge else {
            return nil
        }
        return entry.answer
    }

    /// Keeps a page made at `version` (a page of another status, or too large, is not kept). When full,
    /// every kept page goes: they are a few seconds' worth.
    mutating func keep(_ answer: Answer, _ key: String, version: Int64) {
        guard let length = answer.length else { return }
        let size = length + key.utf8.count
        guard answer.status == 200, size <= Self.largest else { return }
        if let old = kept.removeValue(forKey: key) { bytes -= (old.answer.length ?? 0) + key.utf8.count }
        if kept.count >= Self.limit || bytes + size > Self.byteLimit {
            kept.removeAll(keepingCapacity: true)
            bytes = 0
        }
        kept[key] = Entry(version: version, made: .now, answer: answer)
        bytes += size
    }
}
