import AlmanacText

/// What the rules of a kind with times need besides the row: the zone of a time written without an
/// offset (doors' opening times, events, quiz answers).
package struct ZoneContext {
    package let zone: Zone

    package init(zone: Zone) {
        self.zone = zone
    }
}
