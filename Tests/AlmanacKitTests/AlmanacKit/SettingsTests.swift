import AlmanacKit
import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacText

@Suite struct SettingsTests {
    /// Without --tz or TZ the zone is the machine's: /etc/localtime's link or file; UTC without one.
    @Test func withoutAnOptionTheMachinesZoneIsUsed() throws {
        let directory = try TemporaryDirectory()
        let link = directory.path("localtime")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
        let tokyo = try Settings.resolve(
            database: "a.db", locale: "en", timeZone: nil, today: "2025-12-22", environment: [:], localtime: link)
        #expect(tokyo.timeZone.identifier == "Asia/Tokyo")
        let copy = directory.path("copied")
        try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Europe/Berlin", toPath: copy)
        #expect(
            try Settings.resolve(
                database: "a.db", locale: "en", timeZone: nil, today: nil, environment: [:], localtime: copy
            )
            .timeZone.offset(at: 1_782_907_200) == 7200)
        let none = try Settings.resolve(
            database: "a.db", locale: "en", timeZone: nil, today: nil, environment: [:],
            localtime: directory.path("missing"))
        #expect(none.timeZone.identifier == "UTC")
        let utc = directory.path("utc")
        try FileManager.default.createSymbolicLink(atPath: utc, withDestinationPath: "/usr/share/zoneinfo/Etc/UTC")
        #expect(
            try Settings.resolve(
                database: "a.db", locale: "en", timeZone: nil, today: nil, environment: [:], localtime: utc
            ).timeZone.identifier == "UTC")
        #expect(
            try Settings.resolve(
                database: "a.db", locale: "en", timeZone: "Asia/Kolkata", today: nil, environment: [:], localtime: link
            )
            .timeZone.identifier == "Asia/Kolkata")
    }

    let noon = Date(timeIntervalSince1970: 1_766_404_800)  // 2025-12-22T12:00:00Z

    func resolve(_ options: [String: String] = [:], _ environment: [String: String] = [:]) throws -> Settings {
        try Settings.resolve(
            database: options["db"], locale: options["locale"], timeZone: options["tz"],
            today: options["today"], environment: environment, now: noon)
    }

    @Test func defaults() throws {
        let settings = try resolve()
        #expect(settings.databasePath == "./almanac.db")
        #expect(settings.localizer.language == "en")
        #expect(settings.timeZone.identifier == "UTC")
        #expect(settings.today.description == "2025-12-22")
    }

    @Test func optionBeatsEnvironment() throws {
        let settings = try resolve(
            ["db": "a.db", "locale": "ru", "tz": "Asia/Tokyo", "today": "2025-01-02"],
            ["ALMANAC_DB": "b.db", "LANG": "de_DE.UTF-8", "TZ": "Europe/Berlin", "ALMANAC_TODAY": "2025-03-04"])
        #expect(settings.databasePath == "a.db")
        #expect(settings.localizer.language == "ru")
        #expect(settings.timeZone.identifier == "Asia/Tokyo")
        #expect(settings.today.description == "2025-01-02")
    }

    @Test func environmentBeatsDefaults() throws {
        let settings = try resolve(
            [:], ["ALMANAC_DB": "b.db", "LANG": "ru_RU.UTF-8", "TZ": ":Europe/Moscow", "ALMANAC_TODAY": "2025-03-04"])
        #expect(settings.databasePath == "b.db")
        #expect(settings.localizer.localeIdentifier == "ru_RU")
        #expect(settings.timeZone.identifier == "Europe/Moscow")
        #expect(settings.today.description == "2025-03-04")
    }

    @Test func todayIsTheClockInTheZone() throws {
        // Noon UTC on the 22nd is already the 23rd at UTC+14.
        #expect(try resolve(["tz": "Pacific/Kiritimati"]).today.description == "2025-12-23")
    }

    @Test(
        arguments: [
            ([:], [:], "en"), ([:], ["LANG": "ru_RU.UTF-8"], "ru_RU"),
            ([:], ["LC_MESSAGES": "de_DE", "LANG": "ru_RU"], "de_DE"),
            ([:], ["LC_ALL": "C", "LANG": "ru_RU"], "en"), (["locale": "fr"], ["LC_ALL": "ru_RU"], "fr"),
        ] as [([String: String], [String: String], String)])
    func localeOrder(_ options: [String: String], _ environment: [String: String], _ expected: String) throws {
        #expect(try resolve(options, environment).localizer.localeIdentifier == expected)
    }

    @Test func otherLocalesUseEnglishWords() throws {
        let german = try resolve(["locale": "de_DE"])
        #expect(german.localizer.language == "en")
        #expect(german.localizer.localeIdentifier == "de_DE")
    }

    @Test(
        arguments: [(["tz": "Mars/Base"], "--tz"), (["today": "tomorrow"], "--today")] as [([String: String], String)])
    func badValuesAreUsageErrors(_ options: [String: String], _ source: String) throws {
        let error = try #require(throws: AlmanacError.self) { try resolve(options) }
        #expect(error.failure == .usage)
        #expect(error.arguments["source"] == source)
    }
}
