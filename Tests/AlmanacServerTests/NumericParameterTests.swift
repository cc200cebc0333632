import AlmanacServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Every number a client can send, at the edges of a 64-bit integer and past them, is a checked
/// value: a refusal in the command line's words (400), a row not found (404) or a page, never a
/// trap. `GET /books?page=99999999999999999` ended the process before (exit 132): `page × 100 + 1`.
@Suite struct NumericParameterTests {
    /// Numbers around the edges of `Int64`, and a few that are no number at all.
    static let edges = [
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "99999999999999999", "99999999999999999999999999", "0", "-1", "1e3", "0x10", "+5", " 7",
    ]

    /// Every query string and path part a GET takes a number from, `N` where the number goes.
    static let reads = [
        "/books?page=N", "/books?limit=N", "/books?page=N&limit=N", "/books?page=2&limit=N",
        "/books/N/edit", "/events/N/edit", "/events/N/delete", "/events?columns=N", "/events?from=today%2BN",
        "/events?to=today%2BN", "/animation/Wobble?fps=N", "/quiz?seed=N", "/quiz?seed=N&session=s&player=p",
        "/reports/events-by-day?days=N", "/reports/loans-by-borrower?limit=N", "/reports/overdue-books?within=N",
        "/calendar/christmas?opened=N", "/calendar/christmas?reset=N", "/books?done=returned&id=N",
    ]

    @Test func everyNumberOfAReadIsCheckedInHTMLAndJSON() async throws {
        let demo = try ServedDemo()
        try await demo.serve { client in
            for read in Self.reads {
                for value in Self.edges {
                    let encoded = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
                    let uri = read.replacingOccurrences(of: "N", with: encoded)
                    for json in [false, true] {
                        let headers: HTTPFields = json ? [.accept: "application/json"] : [:]
                        let answer = try await client.ask(uri, headers: headers)
                        let code = answer.status.code
                        #expect(
                            [200, 303, 400, 404].contains(code),
                            "\(uri) json=\(json): \(code) \(answer.text.prefix(200))")
                        #expect(answer.hasSecurityHeaders, "\(uri)")
                    }
                }
            }
            // The server is still there, and still right.
            let answer4 = try await client.ask("/books")
            #expect(answer4.status == .ok)
        }
    }

    /// A page or a limit out of range is a 400 naming the parameter and the numbers it takes (the
    /// JSON of the whole listing takes any limit from 1, as `books list --limit`).
    @Test(arguments: [
        ("/books?page=99999999999999999", "?page=", "9223372036854775"),
        ("/books?page=0", "?page=", "1"), ("/books?limit=0", "?limit=", "1000"),
        ("/books?limit=1001&page=1", "?limit=", "1000"), ("/books?page=-9223372036854775809", "?page=", "1"),
    ])
    func aPageOrALimitOutOfRangeIsAUsageError(uri: String, parameter: String, bound: String) async throws {
        let demo = try ServedDemo()
        try await demo.serve { client in
            let page = try await client.ask(uri)
            #expect(page.status == .badRequest)
            #expect(page.text.contains("for " + parameter + ":") && page.text.contains(bound), "\(page.text)")
            let json = try await client.ask(uri, headers: [.accept: "application/json"])
            #expect(json.status == .badRequest && json.text.hasPrefix("{\"error\": \"invalid value"), "\(json.text)")
        }
    }

    /// The JSON of the whole listing takes any limit `books list --limit` takes, and pages stop at
    /// the last page a listing could have.
    @Test func theWholeListingTakesAnyLimitAndTheLastPageIsEmpty() async throws {
        let demo = try ServedDemo()
        try await demo.serve { client in
            let json: HTTPFields = [.accept: "application/json"]
            let whole = try await client.ask("/books?limit=9223372036854775807", headers: json)
            #expect(whole.status == .ok && whole.text.hasPrefix("[\n"))
            let last = try await client.ask("/books?page=9223372036854775&limit=1000", headers: json)
            #expect(
                last.status == .ok && last.text.contains("\"loans\": []") && last.text.contains("\"next\": null"),
                "\(last.text)")
            let html = try await client.ask("/books?page=9223372036854775&limit=1000")
            #expect(html.status == .ok)
        }
    }

    /// Every number of a form: the quiz's round and choice, the snowman's steps, a door, a loan's
    /// or an event's id; each at the edges, each refused or done, never a trap.
    @Test func everyNumberOfAFormIsChecked() async throws {
        let demo = try ServedDemo()
        try await demo.serve { client in
            let token = try await client.token()
            for value in Self.edges {
                let posts: [(String, [(String, String)])] = [
                    ("/quiz/answer?seed=7&session=7-a&player=p", [("round", value), ("choice", "1")]),
                    ("/quiz/answer?seed=7&session=7-b&player=p", [("round", "1"), ("choice", value)]),
                    ("/animation/Wobble/step", [("key", "duration"), ("by", value)]),
                    ("/calendar/christmas/open", [("door", value)]),
                    ("/books/\(value)/return", []), ("/books/\(value)/edit", [("title", "x")]),
                    ("/events/\(value)/delete", []), ("/events/\(value)/edit", [("title", "x")]),
                    ("/books", [("title", "t"), ("due_on", "today+" + value)]),
                ]
                for (uri, fields) in posts {
                    let path = uri.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? uri
                    let answer = try await client.post(path, fields, token: token)
                    #expect(answer.status.code < 500, "\(uri) \(fields): \(answer.status) \(answer.text.prefix(200))")
                    #expect(answer.hasSecurityHeaders, "\(uri)")
                }
            }
            let answer5 = try await client.ask("/")
            #expect(answer5.status == .ok)
        }
    }
}
