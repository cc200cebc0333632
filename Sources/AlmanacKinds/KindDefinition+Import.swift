/// What most kinds need of an import: their own columns, and a context of nothing or of the zone.
extension KindDefinition {
    package static func importColumns(_ context: Context) -> [ImportColumn] { specs.map(\.importColumn) }
}

extension KindDefinition where Context == Void {
    package static func importContext(_ run: ImportRun) {}
}

extension KindDefinition where Context == ZoneContext {
    package static func importContext(_ run: ImportRun) -> ZoneContext { ZoneContext(zone: run.zone) }
}
