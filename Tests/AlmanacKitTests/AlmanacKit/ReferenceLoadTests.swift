import Foundation
import Testing

@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacQuiz

/// The reference data `init` loads: the 249 countries of the ISO list built in, with CLDR's English
/// names, and the snowman's properties exactly as the demo's import of the sample file gives them;
/// loading again adds nothing; an imported row takes the place of a reference row still as loaded.
@Suite struct ReferenceLoadTests {
    @Test func loadsEveryISOCountryWithItsCLDRNameAndCodes() throws {
        let fixture = try ImportFixture()
        let added = try ReferenceLoad.load(into: fixture.database)
        #expect(added.counts.map(\.name) == ["countries", "properties"])
        #expect(added["countries"] == 249 && added["properties"] == 8)
        let rows = try fixture.rows("SELECT code, name, alpha3, numeric FROM countries ORDER BY code")
        #expect(rows.map { $0[0] } == ISO3166.entries.map(\.alpha2))
        #expect(rows.map { $0[2] } == ISO3166.entries.map(\.alpha3))
        #expect(rows.map { $0[3] } == ISO3166.entries.map(\.numeric))
        let english = Locale(identifier: "en")
        #expect(
            rows.map { $0[1] }
                == ISO3166.entries.map { Country.localizedName(code: $0.alpha2, stored: "", locale: english) })
        #expect(rows.first { $0[0] == "CN" }?[1] == "China")
    }

    @Test func propertiesAreThoseTheSampleFileImports() throws {
        let loaded = try ImportFixture()
        try ReferenceLoad.load(into: loaded.database)
        let imported = try ImportFixture()
        let sample = SampleDatabase.sampleFolder.appendingPathComponent("animation-properties.csv").path
        #expect(try imported.run([(.animationProperties, sample)]).report.committed)
        let query = "SELECT key, label, min, max, step, default_value FROM animation_properties ORDER BY rowid"
        #expect(try loaded.rows(query).count == 8)
        #expect(try loaded.rows(query) == imported.rows(query))
    }

    @Test func loadingAgainChangesNothing() throws {
        let fixture = try ImportFixture()
        try ReferenceLoad.load(into: fixture.database)
        try fixture.database.execute("UPDATE countries SET name = 'Deutschland' WHERE code = 'DE'")
        try fixture.database.execute("DELETE FROM animation_properties WHERE key = 'opacity'")
        let before = try fixture.dump()
        // A missing row comes back; a changed one stays as the user made it.
        let again = try ReferenceLoad.load(into: fixture.database)
        #expect(again["countries"] == 0 && again["properties"] == 1)
        let after = try fixture.dump()
        #expect(after.contains { $0.hasPrefix("countries: DE | Deutschland") })
        #expect(Set(after).subtracting(before).count == 1)
        #expect(try ReferenceLoad.load(into: fixture.database).isEmpty)
        #expect(try fixture.dump() == after)
    }

    @Test func aPropertyAddedGivesSavedSettingsItsDefault() throws {
        let fixture = try ImportFixture()
        try ReferenceLoad.load(into: fixture.database)
        #expect(try fixture.load(.animationSettings, "name,width_multiplier\nWide,2\n").report.committed)
        try fixture.database.execute("DELETE FROM animation_properties WHERE key = 'opacity'")
        try ReferenceLoad.load(into: fixture.database)
        #expect(
            try fixture.rows("SELECT value FROM animation_setting_values WHERE property_key = 'opacity'") == [["1.0"]])
    }

    @Test func anImportedRowTakesThePlaceOfAReferenceRowStillAsLoaded() throws {
        let fixture = try ImportFixture()
        try ReferenceLoad.load(into: fixture.database)
        let countries = try fixture.load(.countries, "code,name\nDE,Deutschland\n")
        #expect(countries.report.committed && countries.report.rows == 1)
        #expect(try fixture.rows("SELECT name, alpha3 FROM countries WHERE code = 'DE'") == [["Deutschland", nil]])
        // Once changed, the row is the user's: another row with its key is a conflict again.
        let again = try fixture.load(.countries, "code,name\nDE,Germany\n")
        #expect(!again.report.committed)
        #expect(again.diagnostics.first?.contains("\"DE\" already exists") == true, "\(again.diagnostics)")
        let property = try fixture.load(
            .animationProperties, "key,label,min,max,step,default\nopacity,Opacity,0,1,0.5,1\n")
        #expect(property.report.committed)
        #expect(try fixture.rows("SELECT step FROM animation_properties WHERE key = 'opacity'") == [["0.5"]])
    }

    @Test func aKeyTwiceInOneFileIsADuplicateEvenOverAReferenceRow() throws {
        let fixture = try ImportFixture()
        try ReferenceLoad.load(into: fixture.database)
        let before = try fixture.dump()
        let outcome = try fixture.load(.countries, "code,name,alpha3,numeric\nDE,Germany,DEU,276\nDE,Germany,DEU,276\n")
        #expect(!outcome.report.committed)
        #expect(outcome.diagnostics.first?.hasPrefix("countries.csv:3:1:") == true, "\(outcome.diagnostics)")
        #expect(try fixture.dump() == before)
    }
}
