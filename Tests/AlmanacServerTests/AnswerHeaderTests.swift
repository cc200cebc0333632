import AlmanacServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Every answer carries the security headers (the Content-Security-Policy and the rest), refusals
/// and errors as much as pages: before, a method the server did not know got a bare 404 with no
/// policy and skipped the host check, and HEAD answered `Content-Length: 0`.
@Suite struct AnswerHeaderTests {
    /// Methods this server does not answer: 405, with `Allow`, the headers, in the reader's words.
    @Test(arguments: ["PROPFIND", "DELETE", "PUT", "PATCH", "OPTIONS", "TRACE", "FOO", "PRI"])
    func anUnknownMethodIs405WithTheHeaders(method: String) async throws {
        let demo = try ServedDemo()
        try await demo.serve { client in
            for path in ["/", "/books", "/no-such-page"] {
                let answer = try await client.ask(path, HTTPRequest.Method(method)!)
                #expect(answer.status == .methodNotAllowed, "\(method) \(path): \(answer.status)")
                #expect(answer.headers[.allow] == "GET, HEAD, POST")
                #expect(answer.hasSecurityHeaders, "\(method) \(path)")
                #expect(answer.text == "Method not allowed: this server answers GET, HEAD and POST.\n")
                let russian = try await client.ask(path, HTTPRequest.Method(method)!, headers: [.acceptLanguage: "ru"])
                #expect(russian.text.hasPrefix("Метод не разрешён"))
            }
        }
    }

    /// HEAD answers as GET does, without the body: the same status, headers and length.
    @Test func headGivesTheLengthOfTheGet() async throws {
        let demo = try ServedDemo()
        try await demo.serve { client in
            for path in [
                "/", "/books", "/books?page=2&limit=3", "/books/3/edit", "/calendar/christmas", "/events",
                "/quiz/scores", "/reports", "/reports/overdue-books", "/animation/Wobble", "/no-such-page",
            ] {
                for headers: HTTPFields in [[:], [.accept: "application/json"]] {
                    let get = try await client.ask(path, headers: headers)
                    let head = try await client.ask(path, .head, headers: headers)
                    #expect(head.status == get.status, "\(path)")
                    #expect(head.body.readableBytes == 0, "\(path)")
                    #expect(head.headers[.contentLength] == String(get.body.readableBytes), "\(path) \(headers)")
                    #expect(head.headers[.contentType] == get.headers[.contentType], "\(path)")
                    #expect(head.hasSecurityHeaders && get.hasSecurityHeaders, "\(path)")
                }
            }
        }
    }

    /// The server's refusals and errors: each with the headers.
    @Test func everyRefusalCarriesTheHeaders() async throws {
        let demo = try ServedDemo()
        let password = try demo.write("password", "s3cret\n")
        try await demo.serve { client in
            let token = try await client.token()
            let refusals: [(TestResponse, HTTPResponse.Status)] = [
                (try await client.ask("/no-such-page"), .notFound),
                (try await client.ask("/books/999999/edit"), .notFound),
                (try await client.ask("/books?sort=sideways"), .badRequest),
                (try await client.post("/books", [("title", "x")], token: "forged"), .forbidden),
                (
                    try await client.post(
                        "/books", [("title", "x")], token: token, headers: [.origin: "http://evil.example"]), .forbidden
                ),
                (
                    try await client.post("/books", [("title", String(repeating: "x", count: 70_000))], token: token),
                    .contentTooLarge
                ),
                (try await client.post("/books", [("title", "x"), ("due_on", "someday")], token: token), .badRequest),
                (
                    try await client.post("/books", [("title", "x"), ("due_on", "2030-01-01")], token: token),
                    .unprocessableContent
                ),
                (try await client.post("/books/999999/return", [], token: token), .notFound),
                (try await client.ask("/quiz/answer"), .notFound),
            ]
            for (answer, status) in refusals {
                #expect(answer.status == status, "\(answer.status) \(answer.text.prefix(200))")
                #expect(answer.hasSecurityHeaders, "\(status)")
            }
        }
        try await demo.serve(try demo.configuration(passwordFile: password)) { client in
            let refused = try await client.ask("/books")
            #expect(refused.status == .unauthorized && refused.hasSecurityHeaders)
            #expect(refused.headers[.wwwAuthenticate]?.hasPrefix("Basic realm=") == true)
        }
        try await demo.serve(try demo.configuration(readOnly: true)) { client in
            let refused = try await client.ask(
                "/books", .post, headers: [.contentType: "application/x-www-form-urlencoded"], body: "title=x")
            #expect(refused.status == .forbidden && refused.hasSecurityHeaders)
        }
    }
}
