import AlmanacKinds
import AlmanacStore
import AlmanacText
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
    /// or those recorded under the given spellings of a player's name (`spellings(of:)`).
    public func answers(of players: [String]? = nil) throws -> [QuizAnswer] {
        let filter =
            players.map { " WHERE player IN (" + Array(repeating: "?", count: $0.count).joined(separator: ", ") + ")" }
            ?? ""
        let rows = try database.rows(
            """
            SELECT player, session, answered_at, country, chosen, options FROM quiz_answers\(filter)
            ORDER BY answered_at, id
            """, (players ?? []).map(SQLValue.text))
        return try rows.map { row in
            guard let answeredAt = row[2].textValue.flatMap(Instant.parse) else {
                throw AlmanacError(.invalidData, "quiz.error.bad-time", ["value": row[2].textValue ?? "NULL"])
            }
            return QuizAnswer(
                player: row[0].textValue ?? "", session: row[1].textValue, answeredAt: answeredAt,
                country: row[3].textValue ?? "", chosen: row[4].textValue ?? "",
                options: row[5].textValue.map { $0.split(separator: "|").map(String.init) })
        }
    }

    /// Every name answers are recorded under, each once, sorted.
    public func players() throws -> [String] {
        try database.rows("SELECT DISTINCT player FROM quiz_answers ORDER BY player").compactMap { $0[0].textValue }
    }

    /// The names answers are recorded under that are `name` but for case (`anna` finds `Anna`):
    /// a player is named without regard to case wherever one is matched.
    public func spellings(of name: String) throws -> [String] {
        let wanted = Self.caseless(name)
        return try players().filter { Self.caseless($0) == wanted }
    }

    /// A name as players are compared: Unicode case folded (`Аня` and `аня` are one player).
    package static func caseless(_ name: String) -> String {
        name.folding(options: .caseInsensitive, locale: nil)
    }

    /// Records an answer (committed at once, so an interrupted game keeps what was answered).
    public func record(_ answer: QuizAnswer) throws {
        try IDRoom.require(.quizAnswers, table: QuizAnswerKind.table, database)
        try database.run(
            """
            INSERT INTO quiz_answers (player, session, answered_at, country, chosen, options)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            [
                .text(answer.player), SQLValue(answer.session), .text(Instant.format(answer.answeredAt)),
                .text(answer.country), .text(answer.chosen), SQLValue(answer.options?.joined(separator: "|")),
            ])
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
