import AlmanacKinds
import AlmanacStore
import AlmanacText
import Foundation

/// The quiz's kinds.
extension ImportKind {
    /// `countries` (`CountryKind`).
    public static let countries = ImportKind(rawValue: "countries")
    /// `quiz-answers` (`QuizAnswerKind`).
    public static let quizAnswers = ImportKind(rawValue: "quiz-answers")
}

/// `countries`: an ISO 3166-1 country (`init` loads all 249), by its alpha-2 code, with its name and
/// the alpha-3 and numeric codes ISO gives it.
package enum CountryKind: KindDefinition {
    package enum Column: Int, KindColumn {
        case code, name, alpha3, numeric

        package var spec: ColumnSpec {
            switch self {
            case .code: ColumnSpec("code", .text, required: true, key: true)
            case .name: ColumnSpec("name", .text, required: true)
            case .alpha3: ColumnSpec("alpha3", .text)
            case .numeric: ColumnSpec("numeric", .text)
            }
        }
    }

    package static let kind = ImportKind.countries
    package static let table = "countries"

    /// The 249 ISO 3166-1 countries built into the binary (`ISO3166`), by code, named in English as
    /// CLDR names them (`Country.localizedName`): `init` loads them.
    package static let reference: ReferenceRows? = ReferenceRows(
        ISO3166.entries.map { entry in
            [
                .text(entry.alpha2),
                .text(
                    Country.localizedName(code: entry.alpha2, stored: entry.alpha2, locale: Locale(identifier: "en"))),
                .text(entry.alpha3), .text(entry.numeric),
            ]
        }, loaded: ReferenceRows.Count(name: "countries", unit: "unit.country"))

    package static func check<Row: RowSource>(_ row: inout Row, _ context: Void) {
        let code = row.text(Column.code)
        var known = false
        if row.require(Column.code) {
            if let violation = CountryRules.checkCode(code) { row.fail(Column.code, violation) } else { known = true }
        }
        row.bindField(Column.code)
        if row.requireText(Column.name) { row.bindField(Column.name) }
        if known && !row.isEmpty(Column.alpha3),
            let violation = CountryRules.checkAlpha3(row.text(Column.alpha3), code: code)
        {
            row.fail(Column.alpha3, violation)
        }
        row.bindField(Column.alpha3)
        if known && !row.isEmpty(Column.numeric),
            let violation = CountryRules.checkNumeric(row.text(Column.numeric), code: code)
        {
            row.fail(Column.numeric, violation)
        }
        row.bindField(Column.numeric)
    }
}

/// `quiz-answers`: one answer of the flag quiz: who, when, the country asked, the flag chosen, the
/// four options offered (if known) and the game it belonged to. The two codes must be countries in
/// the database (its foreign keys check that, with rows imported earlier in the run).
package enum QuizAnswerKind: KindDefinition {
    package enum Column: Int, KindColumn {
        case id, player, answeredAt, country, chosen, options, session

        package var spec: ColumnSpec {
            switch self {
            case .id: ColumnSpec("id", .id, key: true)
            case .player: ColumnSpec("player", .text, required: true)
            case .answeredAt: ColumnSpec("answered_at", .instant, required: true)
            case .country: ColumnSpec("country", .text, required: true)
            case .chosen: ColumnSpec("chosen", .text, required: true)
            case .options: ColumnSpec("options", .text)
            case .session: ColumnSpec("session", .text)
            }
        }
    }

    /// The zone of times written without an offset.
    package typealias Context = ZoneContext

    package static let kind = ImportKind.quizAnswers
    package static let table = "quiz_answers"
    package static let exportOrder = "id"
    package static let refersTo = [ImportKind.countries]

    /// A country or chosen flag that is not a country in the database.
    package static func refusal(_ constraint: DatabaseError.Constraint, field: (Int) -> String, database: Database)
        throws -> RowRefusal?
    {
        guard constraint == .foreignKey else { return generalRefusal(constraint) }
        for column in [Column.country, Column.chosen] {
            if case .integer(0)? = try database.scalar(
                "SELECT count(*) FROM countries WHERE code = ?", [.text(field(column.index))])
            {
                return RowRefusal(column, "import.error.unknown-country")
            }
        }
        return nil
    }

    package static func check<Row: RowSource>(_ row: inout Row, _ context: Context) {
        row.bindOptionalID(Column.id)
        if row.requireText(Column.player) { row.bindField(Column.player) }
        if row.require(Column.answeredAt), let seconds = row.instant(Column.answeredAt, zone: context.zone) {
            row.bindInstant(Column.answeredAt, seconds)
        }
        var codesValid = true
        for column in [Column.country, Column.chosen] {
            if row.require(column), let violation = CountryRules.checkCode(row.text(column)) {
                row.fail(column, violation)
                codesValid = false
            }
            row.bindField(column)
        }
        if !row.isEmpty(Column.options) && codesValid,
            let violation = QuizOptions.check(
                row.text(Column.options), country: row.text(Column.country), chosen: row.text(Column.chosen))
        {
            row.fail(Column.options, violation)
        }
        row.bindField(Column.options)
        row.bindField(Column.session)
    }
}
