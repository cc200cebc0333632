import Foundation

/// Reads and writes `quiz_answers`.
public struct QuizStore {
    /// The open database.
    public let database: Database

    /// A store on an open database.
    public init(database: Database) {
        self.database = database
    }

    /// The recorded answers in the order they were given (time, then recording order), all of them
    /// or one player's.
    public func answers(player: String? = nil) throws -> [QuizAnswer] {
        let filter = player == nil ? "" : " WHERE player = ?"
        let rows = try database.rows("""
            SELECT player, session, answered_at, country, chosen, options FROM quiz_answers\(filter)
            ORDER BY answered_at, id
            """, player.map { [SQLValue.text($0)] } ?? [])
        return try rows.map { row in
            guard let answeredAt = row[2].textValue.flatMap(Instant.parse) else {
                throw AlmanacError(.invalidData, "quiz.error.bad-time", ["value": row[2].textValue ?? "NULL"])
            }
            return QuizAnswer(player: row[0].textValue ?? "", session: row[1].textValue, answeredAt: answeredAt,
                country: row[3].textValue ?? "", chosen: row[4].textValue ?? "",
                options: row[5].textValue.map { $0.split(separator: "|").map(String.init) })
        }
    }

    /// Records an answer (committed at once, so an interrupted game keeps what was answered).
    public func record(_ answer: QuizAnswer) throws {
        try database.run("""
            INSERT INTO quiz_answers (player, session, answered_at, country, chosen, options)
            VALUES (?, ?, ?, ?, ?, ?)
            """, [.text(answer.player), SQLValue(answer.session), .text(Instant.format(answer.answeredAt)),
                  .text(answer.country), .text(answer.chosen), SQLValue(answer.options?.joined(separator: "|"))])
    }

    /// The player's name when none is given: `$USER`, else `player`.
    public static func defaultPlayer(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let user = environment["USER"]?.trimmingCharacters(in: .whitespaces) ?? ""
        return user.isEmpty ? "player" : user
    }

    /// A new game's session id: its seed, then eight random hex digits (`42-9f3a61c0`), so the
    /// recorded answers say which seed replays the game.
    public static func newSession(seed: UInt64) -> String {
        var system = SystemRandomNumberGenerator()
        let suffix = String(UInt32.random(in: 0...UInt32.max, using: &system), radix: 16)
        return String(seed) + "-" + String(repeating: "0", count: 8 - suffix.count) + suffix
    }

    /// A seed for a game started without one: from the system's random source, kept short (up to
    /// six digits) so it is easy to read out and type again.
    public static func newSeed() -> UInt64 {
        var system = SystemRandomNumberGenerator()
        return UInt64.random(in: 1...999_999, using: &system)
    }
}
