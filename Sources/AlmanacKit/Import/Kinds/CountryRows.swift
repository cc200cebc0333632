import Foundation

/// `countries`: **code**, **name**, alpha3, numeric.
struct CountryRows: RowRules {
    let columns = [ImportColumn("code", required: true), ImportColumn("name", required: true), ImportColumn("alpha3"), ImportColumn("numeric")]
    var width: Int { 4 }

    func check(_ row: inout RowCheck) {
        let code = row.text(0)
        var known = false
        if row.require(0) {
            if let violation = CountryRules.checkCode(code) { row.fail(0, violation) } else { known = true }
        }
        row.bindField(0)
        if row.require(1) { row.bindField(1) }
        if known && !row.isEmpty(2), let violation = CountryRules.checkAlpha3(row.text(2), code: code) { row.fail(2, violation) }
        row.bindField(2)
        if known && !row.isEmpty(3), let violation = CountryRules.checkNumeric(row.text(3), code: code) { row.fail(3, violation) }
        row.bindField(3)
    }
}

/// `quiz-answers`: **player**, **answered_at**, **country**, **chosen**, options, session (the game
/// the answer was given in, as `quiz play` records it; empty for none). The two codes must
/// be countries in the database (its foreign keys check that, with rows imported earlier in the run).
struct QuizAnswerRows: RowRules {
    let zone: Zone

    let columns = [
        ImportColumn("player", required: true), ImportColumn("answered_at", required: true),
        ImportColumn("country", required: true), ImportColumn("chosen", required: true), ImportColumn("options"),
        ImportColumn("session"),
    ]
    var width: Int { 6 }

    func check(_ row: inout RowCheck) {
        if row.require(0) { row.bindField(0) }
        if row.require(1), let seconds = row.instant(1, zone: zone) { row.bindInstant(seconds) } else { row.bind(.null) }
        var codesValid = true
        for column in [2, 3] {
            if row.require(column), let violation = CountryRules.checkCode(row.text(column)) {
                row.fail(column, violation)
                codesValid = false
            }
            row.bindField(column)
        }
        if !row.isEmpty(4) && codesValid,
            let violation = QuizOptions.check(row.text(4), country: row.text(2), chosen: row.text(3)) {
            row.fail(4, violation)
        }
        row.bindField(4)
        row.bindField(5)
    }
}
