import Foundation
import Testing

@testable import AlmanacKinds
@testable import AlmanacKit

/// Every rule of PRODUCT.md's kinds table: the exact place and message, and the database unchanged.
@Suite struct ImportRuleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let kind: ImportKind
        let setup: [(ImportKind, String)]
        let text: String
        let expected: [String]
        var testDescription: String { name }

        init(
            _ name: String, _ kind: ImportKind, setup: [(ImportKind, String)] = [], _ text: String, _ expected: [String]
        ) {
            self.name = name
            self.kind = kind
            self.setup = setup
            self.text = text
            self.expected = expected
        }
    }

    static let bookHeader = "id,title,author,borrower,loaned_on,due_on,returned_on\n"
    static let eventHeader = "id,title,person,starts_at,ends_at,image,description\n"

    static let books: [Case] = [
        Case(
            "a day that does not exist", .books, bookHeader + "1,War,,,2025-01-10,2025-02-30,\n",
            [#"books.csv:2:20: error: column "due_on": "2025-02-30" is not a date (expected YYYY-MM-DD)"#]),
        Case(
            "a date in the wrong form", .books, bookHeader + "1,War,,,2025-1-5,2025-02-01,\n",
            [#"books.csv:2:9: error: column "loaned_on": "2025-1-5" is not a date (expected YYYY-MM-DD)"#]),
        Case(
            "3 months clamp to the month's end", .books, bookHeader + "1,War,,,2025-11-30,2026-03-01,\n",
            [
                #"books.csv:2:20: error: column "due_on": "2026-03-01" is more than 3 months after loaned_on 2025-11-30 (the latest is 2026-02-28; 3 months end at a shorter month's end; the longest loan is the setting longest-loan-months)"#
            ]),
        Case(
            "3 months clamp to Feb 29 in a leap year", .books, bookHeader + "1,War,,,2023-11-30,2024-03-01,\n",
            [
                #"books.csv:2:20: error: column "due_on": "2024-03-01" is more than 3 months after loaned_on 2023-11-30 (the latest is 2024-02-29; 3 months end at a shorter month's end; the longest loan is the setting longest-loan-months)"#
            ]),
        Case(
            "due before the loan", .books, bookHeader + "1,War,,,2025-05-10,2025-05-09,\n",
            [#"books.csv:2:20: error: column "due_on": "2025-05-09" is before loaned_on (2025-05-10)"#]),
        Case(
            "due before today when loaned_on is empty", .books, "title,due_on\nWar,2025-11-30\n",
            [#"books.csv:2:5: error: column "due_on": "2025-11-30" is before loaned_on (2025-12-01)"#]),
        Case(
            "returned before the loan", .books, bookHeader + "1,War,,,2025-05-10,2025-05-20,2025-05-01\n",
            [#"books.csv:2:31: error: column "returned_on": "2025-05-01" is before loaned_on (2025-05-10)"#]),
        Case(
            "a title is required", .books, bookHeader + "1,,Tolstoy,,2025-05-10,2025-05-20,\n",
            [#"books.csv:2:3: error: column "title": a value is required"#]),
        Case(
            "an id is a whole number", .books, bookHeader + "1.5,War,,,2025-05-10,2025-05-20,\n",
            [
                #"books.csv:2:1: error: column "id": "1.5" is not an id (expected a whole number from 1 to 9223372036854775807, in digits)"#
            ]),
        Case(
            "an id already in the file", .books,
            bookHeader + "1,War,,,2025-05-10,2025-05-20,\n1,Peace,,,2025-05-10,2025-05-20,\n",
            [#"books.csv:3:1: error: column "id": "1" already exists (use --on-conflict skip or replace)"#]),
    ]

    static let events: [Case] = [
        Case(
            "starts_at is a date-time or a day", .events, eventHeader + "1,Party,,2025-12-22 T,,,\n",
            [
                #"events.csv:2:10: error: column "starts_at": "2025-12-22 T" is not a date and time or a day (expected ISO 8601, e.g. 2025-12-22T16:30 or 2025-12-22T16:30:00+03:00, a day and time as spreadsheets write them, e.g. 22.12.2025 16:30 or 12/22/2025 4:30 PM, or 2025-12-24 for the whole day)"#
            ]),
        Case(
            "an all-day event ends on a day", .events, eventHeader + "1,Party,,2025-12-22,2025-12-23T10:00,,\n",
            [
                #"events.csv:2:21: error: column "ends_at": "2025-12-23T10:00" is not a day: an all-day event from 2025-12-22 ends on a day (YYYY-MM-DD, the last day it lasts)"#
            ]),
        Case(
            "an all-day event ends on or after its day", .events, eventHeader + "1,Party,,2025-12-22,2025-12-21,,\n",
            [#"events.csv:2:21: error: column "ends_at": "2025-12-21" is before starts_at (2025-12-22)"#]),
        Case(
            "a timed event ends at a time", .events, eventHeader + "1,Party,,2025-12-22T18:00Z,2025-12-23,,\n",
            [
                #"events.csv:2:28: error: column "ends_at": "2025-12-23" is a day, but the event starts at a time (2025-12-22T18:00:00Z): give the end a time too"#
            ]),
        Case(
            "a time that does not exist", .events, eventHeader + "1,Party,,2025-12-22T24:00,,,\n",
            [
                #"events.csv:2:10: error: column "starts_at": "2025-12-22T24:00" is not a date and time or a day (expected ISO 8601, e.g. 2025-12-22T16:30 or 2025-12-22T16:30:00+03:00, a day and time as spreadsheets write them, e.g. 22.12.2025 16:30 or 12/22/2025 4:30 PM, or 2025-12-24 for the whole day)"#
            ]),
        Case(
            "ends before it starts", .events, eventHeader + "1,Party,,2025-12-22T16:30+03:00,2025-12-22T13:00Z,,\n",
            [
                #"events.csv:2:33: error: column "ends_at": "2025-12-22T13:00Z" (2025-12-22T13:00:00Z) is before starts_at (2025-12-22T13:30:00Z)"#
            ]),
        Case(
            "starts_at is required", .events, eventHeader + "1,Party,Ann,,,,\n",
            [#"events.csv:2:13: error: column "starts_at": a value is required"#]),
    ]

    static let calendar: [Case] = [
        Case(
            "a holiday key", .holidays, "key,title\nX-mas,Christmas\n",
            [#"holidays.csv:2:1: error: column "key": "X-mas" is not a holiday key (expected a-z, 0-9 and -)"#]),
        Case(
            "a colour", .holidays, "key,title,color\nxmas,Christmas,#12345G\n",
            [##"holidays.csv:2:16: error: column "color": "#12345G" is not a colour (expected #RRGGBB)"##]),
        Case(
            "a holiday key twice", .holidays, "key,title\nxmas,Christmas\nxmas,Again\n",
            [#"holidays.csv:3:1: error: column "key": "xmas" already exists (use --on-conflict skip or replace)"#]),
        Case(
            "door 25", .doors, setup: [(.holidays, baseHolidays)], "holiday,door,surprise\nxmas,25,Snow\n",
            [#"doors.csv:2:6: error: column "door": "25" is not a door (expected 1 to 24)"#]),
        Case(
            "door 0", .doors, setup: [(.holidays, baseHolidays)], "holiday,door,surprise\nxmas,0,Snow\n",
            [#"doors.csv:2:6: error: column "door": "0" is not a door (expected 1 to 24)"#]),
        Case(
            "a door is a number", .doors, setup: [(.holidays, baseHolidays)], "holiday,door,surprise\nxmas,five,Snow\n",
            [#"doors.csv:2:6: error: column "door": "five" is not a whole number"#]),
        Case(
            "a door once per holiday", .doors, setup: [(.holidays, baseHolidays)],
            "holiday,door,surprise\nxmas,5,Snow\nxmas,5,Ice\n",
            [
                #"doors.csv:3:6: error: column "door": door 5 of holiday "xmas" already exists (use --on-conflict skip or replace)"#
            ]),
        Case(
            "a holiday that is not there", .doors, setup: [(.holidays, baseHolidays)],
            "holiday,door,surprise\neaster,1,Egg\n",
            [
                #"doors.csv:2:1: error: column "holiday": "easter" is not a holiday in the database (import holidays first)"#
            ]),
    ]

    static let countries: [Case] = [
        Case(
            "ZZ, EU, SU and lower case", .countries, "code,name\nZZ,Nowhere\nEU,Europe\nSU,Soviet Union\nde,Germany\n",
            [
                #"countries.csv:2:1: error: column "code": "ZZ" is not an ISO 3166-1 alpha-2 country code (expected two capitals such as DE)"#,
                #"countries.csv:3:1: error: column "code": "EU" is not an ISO 3166-1 alpha-2 country code (expected two capitals such as DE)"#,
                #"countries.csv:4:1: error: column "code": "SU" is not an ISO 3166-1 alpha-2 country code (expected two capitals such as DE)"#,
                #"countries.csv:5:1: error: column "code": "de" is not an ISO 3166-1 alpha-2 country code (expected two capitals such as DE)"#,
            ]),
        Case(
            "alpha-3 of another country", .countries, "code,name,alpha3\nGB,United Kingdom,USA\n",
            [#"countries.csv:2:19: error: column "alpha3": "USA" is not the alpha-3 code of GB (expected GBR)"#]),
        Case(
            "numeric of another country", .countries, "code,name,numeric\nDE,Germany,250\n",
            [#"countries.csv:2:12: error: column "numeric": "250" is not the numeric code of DE (expected 276)"#]),
        Case(
            "a code already in the database", .countries, setup: [(.countries, baseCountries)],
            "code,name\nDE,Deutschland\n",
            [#"countries.csv:2:1: error: column "code": "DE" already exists (use --on-conflict skip or replace)"#]),
        Case(
            "a quiz country that is not there", .quizAnswers, setup: [(.countries, baseCountries)],
            "player,answered_at,country,chosen\nann,2025-12-22T16:30Z,PL,DE\n",
            [
                #"quiz-answers.csv:2:23: error: column "country": "PL" is not a country in the database (import countries first)"#
            ]),
        Case(
            "a quiz choice that is not a code", .quizAnswers, setup: [(.countries, baseCountries)],
            "player,answered_at,country,chosen\nann,2025-12-22T16:30Z,DE,XX\n",
            [
                #"quiz-answers.csv:2:26: error: column "chosen": "XX" is not an ISO 3166-1 alpha-2 country code (expected two capitals such as DE)"#
            ]),
        Case(
            "options: four codes", .quizAnswers, setup: [(.countries, baseCountries)],
            "player,answered_at,country,chosen,options\nann,2025-12-22T16:30Z,DE,FR,DE|FR|IT\n",
            [#"quiz-answers.csv:2:29: error: column "options": "DE|FR|IT" is not 4 country codes joined by |"#]),
        Case(
            "options: distinct", .quizAnswers, setup: [(.countries, baseCountries)],
            "player,answered_at,country,chosen,options\nann,2025-12-22T16:30Z,DE,FR,DE|FR|FR|IT\n",
            [#"quiz-answers.csv:2:29: error: column "options": "DE|FR|FR|IT" names FR twice (expected distinct codes)"#]
        ),
        Case(
            "options: include the choice", .quizAnswers, setup: [(.countries, baseCountries)],
            "player,answered_at,country,chosen,options\nann,2025-12-22T16:30Z,DE,FR,DE|IT|ES|PL\n",
            [
                #"quiz-answers.csv:2:29: error: column "options": "DE|IT|ES|PL" does not include FR (the options must include the country asked and the one chosen)"#
            ]),
        Case(
            "options: real codes", .quizAnswers, setup: [(.countries, baseCountries)],
            "player,answered_at,country,chosen,options\nann,2025-12-22T16:30Z,DE,FR,DE|FR|ZZ|IT\n",
            [
                #"quiz-answers.csv:2:29: error: column "options": "DE|FR|ZZ|IT" names ZZ, which is not an ISO 3166-1 alpha-2 code"#
            ]),
    ]

    static let animation: [Case] = [
        Case(
            "step above 0", .animationProperties, "key,label,min,max,step,default\nwidth,Width,0,2,0,1\n",
            [
                #"animation-properties.csv:2:17: error: column "step": "0" is not a step (expected a number greater than 0)"#
            ]),
        Case(
            "min below max", .animationProperties, "key,label,min,max,step,default\nwidth,Width,2,2,0.1,2\n",
            [#"animation-properties.csv:2:15: error: column "max": "2" is not greater than min (2)"#]),
        Case(
            "default in range", .animationProperties, "key,label,min,max,step,default\nangle,Angle,-90,90,0.25,90.25\n",
            [#"animation-properties.csv:2:25: error: column "default": "90.25" is outside the range -90 to 90"#]),
        Case(
            "default on the grid", .animationProperties, "key,label,min,max,step,default\nwidth,Width,0,1,0.1,0.35\n",
            [
                #"animation-properties.csv:2:21: error: column "default": "0.35" is not on the step grid (expected 0 plus a whole number of steps of 0.1)"#
            ]),
        Case(
            "a number", .animationProperties, "key,label,min,max,step,default\nwidth,Width,0,1e3,0.1,0\n",
            [
                #"animation-properties.csv:2:15: error: column "max": "1e3" is not a number (expected a decimal such as -1.5)"#
            ]),
        Case(
            "a property key", .animationProperties, "key,label,min,max,step,default\nWidth,Width,0,1,0.1,0\n",
            [
                #"animation-properties.csv:2:1: error: column "key": "Width" is not a property key (expected a-z, 0-9 and _)"#
            ]),
        Case(
            "a setting in range", .animationSettings, setup: [(.animationProperties, baseProperties)],
            "name,width,angle\nbig,2.1,0\n",
            [#"animation-settings.csv:2:5: error: column "width": "2.1" is outside the range 0.5 to 2"#]),
        Case(
            "a setting on the grid", .animationSettings, setup: [(.animationProperties, baseProperties)],
            "name,angle\nodd,-45.3\n",
            [
                #"animation-settings.csv:2:5: error: column "angle": "-45.3" is not on the step grid (expected -90 plus a whole number of steps of 0.25)"#
            ]),
        Case(
            "a setting names properties", .animationSettings, setup: [(.animationProperties, baseProperties)],
            "name,height\nbig,2\n",
            [
                #"animation-settings.csv:1:6: error: column "height" is not a column of animation-settings (accepted: id, name, created (created_at), width, angle); --map "height=COLUMN" reads it as one of them"#
            ]),
    ]

    @Test(arguments: books + events + calendar + countries + animation)
    func ruleIsLocatedAndNothingIsWritten(_ rule: Case) throws {
        let fixture = try ImportFixture()
        for (kind, text) in rule.setup { _ = try fixture.load(kind, text) }
        let before = try fixture.dump()
        let outcome = try fixture.load(rule.kind, rule.text)
        #expect(outcome.diagnostics == rule.expected)
        #expect(!outcome.report.committed)
        #expect(try fixture.dump() == before)
    }
}
