import AlmanacArguments
import AlmanacKinds
import AlmanacStore
import AlmanacText
import Foundation

/// A rule a library sets for itself, kept in the database (`library_settings`) and changed with
/// `almanac config set`: the longest loan and the overdue notice levels (issue 29), and whether the
/// quiz asks sovereign states only (issue 30).
public enum LibrarySetting: String, CaseIterable, Sendable {
    /// How many months after the loan a book may be due at the latest (`LoanRules`).
    case longestLoanMonths = "longest-loan-months"
    /// The notice levels in days overdue, ascending and distinct (`OverdueRule.levels`).
    case noticeLevels = "notice-levels"
    /// `true`: the flag quiz asks only the states whose flags are their own, as `quiz play --sovereign`.
    case quizSovereignOnly = "quiz.sovereign-only"

    /// The value a new database starts with (migration 007 writes the same; `ConfigCommandTests`).
    public var defaultValue: String {
        switch self {
        case .longestLoanMonths: String(LibrarySettings.defaults.longestLoanMonths)
        case .noticeLevels: LibrarySettings.text(levels: LibrarySettings.defaults.noticeLevels)
        case .quizSovereignOnly: "false"
        }
    }

    /// The translation key of the sentence that says what the setting is.
    public var descriptionKey: String { "config.setting." + rawValue }

    /// The most months a loan can be set to last: ten years.
    public static let mostMonths = 120

    /// The setting a key names; an unknown key is a usage error naming it and the keys there are,
    /// with the nearest as "did you mean".
    public static func named(_ key: String) throws -> LibrarySetting {
        if let setting = LibrarySetting(rawValue: key) { return setting }
        let keys = allCases.map(\.rawValue)
        throw UsageMistake.suggesting(
            "config.error.unknown-key", Suggestions.nearest(to: key, among: keys),
            ["key": key, "keys": keys.joined(separator: ", ")])
    }

    /// `text` as this setting stores it (levels sorted and made distinct), or a usage error naming
    /// the key, the value and what is expected.
    public func checked(_ text: String) throws -> String {
        guard let stored = normalized(text) else {
            throw AlmanacError(
                .usage, "config.error.bad-value." + rawValue,
                violation.arguments.merging(["key": rawValue, "value": text]) { $1 })
        }
        return stored
    }

    /// `text` as this setting stores it, or nil when it is not a value of the setting.
    package func normalized(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch self {
        case .longestLoanMonths:
            guard let months = Int(trimmed), (1...Self.mostMonths).contains(months) else { return nil }
            return String(months)
        case .noticeLevels:
            return OverdueRule.levels(trimmed).map(LibrarySettings.text(levels:))
        case .quizSovereignOnly:
            switch trimmed.lowercased() {
            case "true", "yes", "on", "1": return "true"
            case "false", "no", "off", "0": return "false"
            default: return nil
            }
        }
    }

    /// What a value that is not one of the setting's breaks, as an import places it.
    package var violation: RuleViolation {
        RuleViolation(
            "rule.library-settings." + rawValue,
            ["most": String(Self.mostMonths), "days": String(OverdueRule.mostDays)])
    }
}

/// The library's settings as the rules read them: the database's values, checked.
public struct LibrarySettings: Sendable, Equatable {
    /// How many months after the loan a book may be due at the latest.
    public var longestLoanMonths: Int
    /// The notice levels in days overdue, ascending and distinct.
    public var noticeLevels: [Int]

    /// A settings value from its parts.
    public init(longestLoanMonths: Int, noticeLevels: [Int]) {
        self.longestLoanMonths = longestLoanMonths
        self.noticeLevels = noticeLevels
    }

    /// The settings a library starts with: loans of 3 months at most (BooksKeeper's date picker was
    /// limited to three months), notices at 1, 7 and 14 days overdue.
    public static let defaults = LibrarySettings(longestLoanMonths: 3, noticeLevels: [1, 7, 14])

    /// Levels as a setting and `--levels` write them: `1,7,14`.
    package static func text(levels: [Int]) -> String { levels.map(String.init).joined(separator: ",") }

    /// The stored text of every setting, by key: a database made before the settings (one that could
    /// not be upgraded, opened read-only) has the defaults.
    public static func values(_ database: Database) throws -> [LibrarySetting: String] {
        var values = Dictionary(uniqueKeysWithValues: LibrarySetting.allCases.map { ($0, $0.defaultValue) })
        let exists =
            switch database.dialect {
            case .sqlite: "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'library_settings'"
            case .postgresql: "SELECT 1 WHERE to_regclass('library_settings') IS NOT NULL"
            }
        guard try database.scalar(exists) != nil else {
            return values
        }
        for row in try database.rows("SELECT key, value FROM library_settings") {
            if let key = row[0].textValue.flatMap(LibrarySetting.init(rawValue:)), let value = row[1].textValue {
                values[key] = value
            }
        }
        return values
    }

    /// The settings of a database. A stored value that does not pass its check (a file changed
    /// behind Almanac's back) is refused, naming the key and the value, not guessed at.
    public static func read(_ database: Database) throws -> LibrarySettings {
        let values = try values(database)
        func value(_ setting: LibrarySetting) throws -> String {
            let text = values[setting] ?? setting.defaultValue
            do {
                return try setting.checked(text)
            } catch {
                throw AlmanacError(.invalidData, "config.error.bad-stored", ["key": setting.rawValue, "value": text])
            }
        }
        return LibrarySettings(
            longestLoanMonths: Int(try value(.longestLoanMonths)) ?? defaults.longestLoanMonths,
            noticeLevels: OverdueRule.levels(try value(.noticeLevels)) ?? defaults.noticeLevels)
    }

    /// Whether a yes-or-no setting is on in `database` (a stored value that is not one reads as off).
    public static func isOn(_ setting: LibrarySetting, in database: Database) throws -> Bool {
        try values(database)[setting].flatMap(setting.normalized) == "true"
    }

    /// Checks `text` for `setting` and stores it; returns the value before and the value stored.
    /// Loans already recorded are not judged again: the new value applies from now on.
    @discardableResult
    public static func set(_ setting: LibrarySetting, to text: String, in database: Database) throws -> (
        old: String, new: String
    ) {
        let stored = try setting.checked(text)
        return try database.transaction(.immediate) {
            let old = try values(database)[setting] ?? setting.defaultValue
            try database.run(
                "INSERT INTO library_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                [.text(setting.rawValue), .text(stored)])
            return (old, stored)
        }
    }
}
