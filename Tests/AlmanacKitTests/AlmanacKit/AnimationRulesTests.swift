import Foundation
import Testing

@testable import AlmanacAnimation
@testable import AlmanacImport
@testable import AlmanacKinds
@testable import AlmanacKit

/// Animation properties and the settings saved with them: a property changes only while every saved
/// value stays valid, refused at the row that would break one; keys never collide with the settings
/// file's own columns; a new property gives every setting its default; and after any import that is
/// accepted, the settings export reads back into a fresh database as it was.
@Suite struct AnimationRulesTests {
    static let properties = "key,label,min,max,step,default\nopacity,Opacity,0,1,0.05,1\nturn,Turn,-180,180,15,0\n"
    static let settings = "name,opacity,turn\nFade,0.3,0\nSpin,1,-165\nHalf,0.5,90\n"

    static func fixture() throws -> ImportFixture {
        let fixture = try ImportFixture()
        _ = try fixture.load(.animationProperties, properties)
        _ = try fixture.load(.animationSettings, settings)
        fixture.options.onConflict = .replace
        return fixture
    }

    @Test(arguments: ["name", "reason", "id", "created_at"])
    func aKeyThatIsAColumnOfTheSettingsFileIsRefused(_ key: String) throws {
        #expect(AnimationRules.checkKey(key)?.key == "rule.animation.reserved-key")
        let fixture = try ImportFixture()
        let outcome = try fixture.load(
            .animationProperties, "key,label,min,max,step,default\nok,Ok,0,1,1,0\n\(key),Name,0,1,1,0\n")
        #expect(
            outcome.diagnostics == [
                #"animation-properties.csv:3:1: error: column "key": "\#(key)" is reserved: "#
                    + "animation-settings files have a column of that name (reserved: created_at, id, name, reason)"
            ])
        #expect(try fixture.rows("SELECT count(*) FROM animation_properties") == [["0"]])
        #expect(AnimationRules.checkKey("names") == nil && AnimationRules.checkKey("Name")?.key == "rule.animation.key")
    }

    static let refusals: [(name: String, row: String, expected: String)] = [
        (
            "a narrower range", "opacity,Opacity,0.5,1,0.05,1",
            #"property "opacity": the range 0.5 to 1 would leave saved setting "Fade" (0.3) outside it (change that setting first, or keep the range)"#
        ),
        (
            "a range that ends lower", "turn,Turn,-180,60,15,0",
            #"property "turn": the range -180 to 60 would leave saved setting "Half" (90) outside it (change that setting first, or keep the range)"#
        ),
        (
            "a coarser grid", "opacity,Opacity,0,1,0.25,1",
            #"property "opacity": the grid of 0 plus whole steps of 0.25 would leave saved setting "Fade" (0.3) off it (change that setting first, or keep the grid)"#
        ),
        (
            "a grid moved by its minimum", "turn,Turn,-170,180,15,10",
            #"property "turn": the grid of -170 plus whole steps of 15 would leave saved setting "Spin" (-165) off it (change that setting first, or keep the grid)"#
        ),
    ]

    @Test(arguments: refusals.indices)
    func aChangeThatWouldBreakASavedSettingIsRefusedAtItsRow(_ index: Int) throws {
        let (_, row, expected) = Self.refusals[index]
        let fixture = try Self.fixture()
        let before = try fixture.dump()
        // Row 2 changes nothing that matters; row 3 is the one that would break a setting.
        let outcome = try fixture.load(
            .animationProperties, "key,label,min,max,step,default\nopacity,Opacity,0,1,0.05,0.5\n\(row)\n")
        #expect(outcome.diagnostics == ["animation-properties.csv:3:1: error: " + expected])
        #expect(!outcome.report.committed)
        #expect(try fixture.dump() == before)
    }

    @Test func withSkipInvalidOnlyTheBreakingRowIsLeftOut() throws {
        let fixture = try Self.fixture()
        fixture.options.skipInvalid = true
        fixture.options.rejectsPath = fixture.directory.path("rejects.csv")
        let outcome = try fixture.load(
            .animationProperties,
            "key,label,min,max,step,default\nopacity,Opacity,0.5,1,0.05,1\nturn,Turning,-360,360,5,0\n")
        #expect(outcome.report.committed && outcome.report.rows == 1 && outcome.report.rejected == 1)
        #expect(
            try fixture.rows("SELECT key, label, min, max FROM animation_properties ORDER BY rowid")
                == [["opacity", "Opacity", "0.0", "1.0"], ["turn", "Turning", "-360.0", "360.0"]])
        let rejects = try String(contentsOfFile: fixture.directory.path("rejects.csv"), encoding: .utf8)
        #expect(rejects.hasPrefix("key,label,min,max,step,default,reason\nopacity,Opacity,0.5,1,0.05,1,"))
    }

    @Test func aWiderRangeAndAFinerGridAreAccepted() throws {
        let fixture = try Self.fixture()
        let outcome = try fixture.load(
            .animationProperties,
            "key,label,min,max,step,default\nopacity,Opacity,-1,2,0.01,1\nturn,Turn,-360,360,5,0\n")
        #expect(outcome.diagnostics == [] && outcome.report.rows == 2)
    }

    @Test func skipAndFailNeverChangeAProperty() throws {
        for policy in [ConflictPolicy.skip, .fail] {
            let fixture = try Self.fixture()
            fixture.options.onConflict = policy
            let before = try fixture.dump()
            let outcome = try fixture.load(
                .animationProperties, "key,label,min,max,step,default\nopacity,Opacity,0.5,1,0.05,1\n")
            #expect(outcome.report.rows == 0, "\(policy)")
            if policy == .skip { #expect(outcome.report.committed && outcome.diagnostics == []) }
            #expect(
                try fixture.dump().filter { !$0.hasPrefix("import_log") }
                    == before.filter { !$0.hasPrefix("import_log") })
        }
    }

    /// A property added after settings were saved gives each of them its default, so the settings
    /// file holds a value in every column; a later row of the same file that would leave that default
    /// outside the property is refused (the values read once are kept up to date).
    @Test func aNewPropertyGivesEverySavedSettingItsDefault() throws {
        let fixture = try Self.fixture()
        let outcome = try fixture.load(
            .animationProperties,
            "key,label,min,max,step,default\nturn,Turn,-180,180,15,0\nglow,Glow,0,1,0.5,0.5\nglow,Glow,0.6,1,0.1,0.8\n")
        #expect(
            outcome.diagnostics == [
                #"animation-properties.csv:4:1: error: property "glow": the range 0.6 to 1 would leave saved setting "Fade" (0.5) outside it (change that setting first, or keep the range)"#
            ])
        let added = try fixture.load(.animationProperties, "key,label,min,max,step,default\nglow,Glow,0,1,0.5,0.5\n")
        #expect(added.diagnostics == [])
        #expect(
            try fixture.rows(
                "SELECT s.name, v.value FROM animation_setting_values v JOIN animation_settings s ON s.id = v.setting_id WHERE v.property_key = 'glow' ORDER BY s.id"
            )
                == [["Fade", "0.5"], ["Spin", "0.5"], ["Half", "0.5"]])
        let export = try Self.export(.animationSettings, fixture)
        #expect(
            export.replacingOccurrences(
                of: #",\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ,"#, with: ",T,", options: .regularExpression)
                == "id,name,created_at,opacity,turn,glow\n1,Fade,T,0.3,0,0.5\n2,Spin,T,1,-165,0.5\n3,Half,T,0.5,90,0.5\n"
        )
    }

    /// Seeded sequences of imports, each accepted or refused as a whole: after every accepted one, the
    /// properties and settings exported and imported into a fresh database export the same again.
    @Test(arguments: 1...8)
    func afterAnyAcceptedImportTheSettingsExportReadsBackTheSame(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &* 104_729)
        let fixture = try Self.fixture()
        let steps = [
            ("0.05", ["0", "0.1", "0.3", "0.5", "0.95", "1"]), ("0.1", ["0", "0.3", "0.5", "1"]),
            ("0.25", ["0", "0.25", "0.5", "1"]),
        ]
        var accepted = 0
        for round in 0..<12 {
            let text: String
            let kind: ImportKind
            if random.below(3) == 0 {
                kind = .animationSettings
                let values = (0..<3).map { _ in random.pick(["0", "0.1", "0.25", "0.3", "0.5", "1"]) }
                text =
                    "name,opacity,turn,glow\nS\(random.below(4)),\(values[0]),\(random.pick(["0", "15", "-165", "90"])),\(values[2])\n"
            } else {
                kind = .animationProperties
                let (step, lows) = random.pick(steps)
                let key = random.pick(["opacity", "glow"])
                text = "key,label,min,max,step,default\n\(key),\(key.capitalized),\(random.pick(lows)),1,\(step),1\n"
            }
            fixture.options.onConflict = random.pick([.replace, .skip])
            let outcome = try fixture.load(kind, text)
            guard outcome.report.committed && outcome.diagnostics.isEmpty else { continue }
            accepted += 1
            let fresh = try ImportFixture()
            for exported in [ImportKind.animationProperties, .animationSettings] {
                try fresh.write(exported.fileName, Self.export(exported, fixture))
                #expect(
                    try fresh.run([(exported, exported.fileName)]).diagnostics == [], "seed \(seed), round \(round)")
                #expect(
                    try Self.export(exported, fresh) == Self.export(exported, fixture), "seed \(seed), round \(round)")
            }
        }
        #expect(accepted > 0)
    }

    static func export(_ kind: ImportKind, _ fixture: ImportFixture) throws -> String {
        let path = fixture.directory.path("export-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Exporter.export(kind, from: fixture.database, to: path)
        return try String(contentsOfFile: path, encoding: .utf8)
    }
}
