import Foundation

/// `events`: id, **title**, person, **starts_at**, ends_at, image, description.
struct EventRows: RowRules {
    /// The zone of date-times written without an offset (the user's `--tz`).
    let zone: Zone

    let columns = [
        ImportColumn("id"), ImportColumn("title", required: true), ImportColumn("person"),
        ImportColumn("starts_at", required: true), ImportColumn("ends_at"), ImportColumn("image"), ImportColumn("description"),
    ]
    var width: Int { 7 }

    func check(_ row: inout RowCheck) {
        row.bindOptionalID(0)
        if row.require(1) { row.bindField(1) }
        row.bindField(2)
        guard row.require(3), let starts = row.instant(3, zone: zone) else { return }
        row.bindInstant(starts)
        if row.isEmpty(4) {
            row.bind(.null)
        } else if let ends = row.instant(4, zone: zone) {
            row.bindInstant(ends)
            if ends < starts { row.fail(4, RuleViolation("rule.events.ends-before-start", ["starts": Instant.utcText(starts)])) }
        }
        row.bindField(5)
        row.bindField(6)
    }
}
