import Foundation
import Testing

@testable import AlmanacAnimation
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacText
@testable import AlmanacViews

/// Saved settings in the database: the picker's order, saving, replacing, finding by name.
@Suite struct AnimationLibraryTests {
    static let later = Instant.parse("2030-01-01T10:00:00Z")!

    static func library() throws -> (SampleDatabase, AnimationLibrary) {
        let sample = try SampleDatabase(kinds: [.animationProperties, .animationSettings])
        return (sample, AnimationLibrary(database: sample.database))
    }

    @Test func thePickerListsTheNewestLast() throws {
        let (_, library) = try Self.library()
        #expect(
            try library.settings().map(\.name) == [
                "Wobble", "Grow tall", "Somersault", "Slide away", "Spin and fade",
                "Tiny hop", "Снеговик-путешественник",
            ])
        let values = try SettingAssignments.values(["opacity=0.5"], catalog: library.catalog(), localizer: .english)
        // Saved with a day before the others (a replayed --today): still the newest in the picker.
        try library.save(name: "Ghost", values: values, replace: false, at: Instant.parse("2001-01-01T00:00:00Z")!)
        #expect(try library.settings().last?.name == "Ghost")
        #expect(try library.setting(named: "Ghost").values["opacity"] == DecimalNumber("0.5"))
        #expect(try library.setting(named: "Ghost").values["duration"] == DecimalNumber("2"))
    }

    @Test func storedValuesReadBackExactly() throws {
        let (_, library) = try Self.library()
        let catalog = try library.catalog()
        let assignments = [
            "width_multiplier=2.9", "height_multiplier=0.7", "opacity=0.35", "duration=9.75", "rotation_z=-165",
        ]
        let values = try SettingAssignments.values(assignments, catalog: catalog, localizer: .english)
        try library.save(name: "Exact", values: values, replace: false, at: Self.later)
        #expect(try library.setting(named: "Exact").values == values)
    }

    @Test func anExistingNameNeedsReplace() throws {
        let (sample, library) = try Self.library()
        let values = try SettingAssignments.values(["rotation_x=90"], catalog: library.catalog(), localizer: .english)
        let error = try #require(throws: AlmanacError.self) {
            try library.save(name: "Wobble", values: values, replace: false, at: Self.later)
        }
        #expect(error.failure == .invalidData)
        #expect(error.description == "a setting named \"Wobble\" exists already (add --replace to overwrite it)")
        #expect(try library.setting(named: "Wobble").values["rotation_x"] == DecimalNumber("0"))
        let id = try library.setting(named: "Wobble").id
        try library.save(name: "Wobble", values: values, replace: true, at: Self.later)
        let replaced = try library.setting(named: "Wobble")
        #expect(replaced.id > id, "saved afresh")
        #expect(replaced.values["rotation_x"] == DecimalNumber("90"))
        #expect(replaced.values["width_multiplier"] == DecimalNumber("1"), "every value is replaced, not merged")
        #expect(try library.settings().last?.name == "Wobble", "a replaced setting becomes the newest")
        #expect(
            try sample.database.scalar(
                "SELECT count(*) FROM animation_setting_values WHERE setting_id = ?", [.integer(id)]) == .integer(0))
        #expect(
            try sample.database.scalar(
                "SELECT count(*) FROM animation_setting_values WHERE setting_id = ?", [.integer(replaced.id)])
                == .integer(8))
    }

    @Test func unknownNamesListTheSavedOnes() throws {
        let (_, library) = try Self.library()
        let error = try #require(throws: AlmanacError.self) { try library.setting(named: "wobble") }
        #expect(error.failure == .missingInput)
        #expect(error.description.hasPrefix("\"wobble\" is not a saved setting (settings: \"Wobble\", \"Grow tall\""))
        let empty = AnimationLibrary(database: try SampleDatabase(kinds: [.animationProperties]).database)
        #expect(throws: AlmanacError.self) { try empty.setting(named: "Wobble") }
    }

    @Test(arguments: ["", "   ", "tab\there"])
    func namesMustBeText(_ name: String) throws {
        let (_, library) = try Self.library()
        let error = try #require(throws: AlmanacError.self) {
            try library.save(name: name, values: [:], replace: false, at: Self.later)
        }
        #expect(error.key == "animation.error.bad-name")
    }

    @Test func labelsAreLocalizedByKeyWithTheStoredLabelAsFallback() throws {
        let (sample, library) = try Self.library()
        try sample.database.execute("INSERT INTO animation_properties VALUES ('snow_rate', 'Snowfall', 0, 10, 1, 0)")
        let table = AnimationTables.properties(try library.catalog(), localizer: Localizer(locale: "ru"))
        let labels = table.rows.map { $0[1] }
        #expect(labels.first == .text("Множитель ширины"))
        #expect(labels.last == .text("Snowfall"))
        #expect(table.rows.count == 9)
    }

    @Test func theSummaryNamesWhatDiffersFromTheDefaults() throws {
        let (_, library) = try Self.library()
        let catalog = try library.catalog()
        let english = LocalizedFormats(localizer: .english)
        let russian = LocalizedFormats(localizer: Localizer(locale: "ru"))
        let wobble = try library.setting(named: "Wobble")
        #expect(
            AnimationTables.summary(wobble, catalog: catalog, formats: english)
                == "width ×1.2, height ×0.8, turn Z 15°, 1.5 s")
        #expect(
            AnimationTables.summary(wobble, catalog: catalog, formats: russian)
                == "ширина ×1,2, высота ×0,8, поворот Z 15°, 1,5 с")
        let plain = AnimationSetting(id: 0, name: "plain", createdAt: Self.later, values: [:])
        #expect(AnimationTables.summary(plain, catalog: catalog, formats: english) == "all defaults")
    }

    @Test func machineFormatsGetAColumnPerProperty() throws {
        let (_, library) = try Self.library()
        let table = AnimationTables.settings(
            try library.settings(), catalog: try library.catalog(), for: .machines, localizer: .english)
        #expect(
            table.columns.map(\.key) == [
                "id", "name", "created_at", "width_multiplier", "height_multiplier", "horizontal_position",
                "vertical_position", "rotation_x", "rotation_z", "opacity", "duration",
            ])
        // "Spin and fade" left two values empty in the CSV: they took the defaults.
        #expect(
            table.rows[4].suffix(8) == [
                .real(0.6), .real(0.6), .real(0), .real(0), .real(0), .real(-180), .real(0.1), .real(4),
            ])
    }
}
