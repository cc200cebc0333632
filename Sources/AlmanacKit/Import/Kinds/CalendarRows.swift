/// `holidays`: **key**, **title**, color, image, greeting.
struct HolidayRows: RowRules {
    let columns = [
        ImportColumn("key", required: true), ImportColumn("title", required: true), ImportColumn("color"),
        ImportColumn("image"), ImportColumn("greeting"),
    ]
    var width: Int { 5 }

    func check(_ row: inout RowCheck) {
        if row.require(0) {
            if CalendarRules.isHolidayKey(row.text(0)) { row.bindField(0) } else { row.fail(0, RuleViolation("rule.calendar.key")) }
        }
        if row.require(1) { row.bindField(1) }
        if !row.isEmpty(2) && !CalendarRules.isColor(row.text(2)) { row.fail(2, RuleViolation("rule.calendar.color")) }
        row.bindField(2)
        row.bindField(3)
        row.bindField(4)
    }
}

/// `doors`: **holiday**, **door**, **surprise**, opened_at (when the door was opened; empty while it is
/// closed). The holiday must exist (checked by the database's foreign key, so a holiday imported
/// earlier in the same run counts).
struct DoorRows: RowRules {
    /// The zone of an `opened_at` without an offset.
    let zone: Zone

    let columns = [
        ImportColumn("holiday", required: true), ImportColumn("door", required: true), ImportColumn("surprise", required: true),
        ImportColumn("opened_at"),
    ]
    var width: Int { 4 }

    func check(_ row: inout RowCheck) {
        if row.require(0) {
            if CalendarRules.isHolidayKey(row.text(0)) { row.bindField(0) } else { row.fail(0, RuleViolation("rule.calendar.key")) }
        }
        if row.require(1) {
            switch CalendarRules.door(row.text(1)) {
            case .success(let door): row.bind(.integer(Int64(door)))
            case .failure(let violation): row.fail(1, violation)
            }
        }
        if row.require(2) { row.bindField(2) }
        if row.isEmpty(3) {
            row.bind(.null)
        } else if let seconds = row.instant(3, zone: zone) {
            row.bindInstant(seconds)
        }
    }
}
