import AlmanacServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// A "done" notice is a fact: shown only for a change this client just made, carried in the redirect
/// and signed with the server's token. Before, `?done=returned&id=N` and `?reset=N` made up notices
/// from a bare query string (a link in a mail could say "returned" of a loan nobody returned).
@Suite struct NoticeTests {
    @Test func aReturnSaysSoOnlyThroughItsOwnRedirect() async throws {
        let demo = try ServedDemo()
        try await demo.serve { client in
            let token = try await client.token()
            // Made up: no notice, whatever the query says.
            for forged in [
                "/books?done=returned&id=11", "/books?done=returned&id=11&at=9999999999&sign=00",
                "/books?done=added&id=3&sign=", "/calendar/christmas?opened=1", "/calendar/christmas?reset=24",
                "/events?done=added&id=1",
            ] {
                let page = try await client.ask(forged)
                #expect(page.status == .ok, "\(forged)")
                #expect(!page.text.contains("role=\"status\""), "\(forged) shows a notice")
            }
            let returned = try await client.post("/books/11/return", [], token: token)
            #expect(returned.status == .seeOther)
            let location = try #require(returned.headers[.location])
            #expect(location.hasPrefix("/books?done=returned&id=11&at=") && location.contains("&sign="))
            let said = try await client.ask(location)
            #expect(said.text.contains("role=\"status\"") && said.text.contains("11"), "\(said.text.prefix(300))")
            // The same link for another loan, or another change, is refused as made up.
            for tampered in [
                location.replacingOccurrences(of: "id=11", with: "id=12"),
                location.replacingOccurrences(of: "done=returned", with: "done=added"),
                location.replacingOccurrences(of: "/books?", with: "/books?lang=ru&").replacingOccurrences(
                    of: "&sign=", with: "&sign=0"),
            ] {
                let page = try await client.ask(tampered).text
                #expect(!page.contains("role=\"status\""), "\(tampered)")
            }
            let opened = try await client.post("/calendar/christmas/open", [("door", "1")], token: token)
            let door = try #require(opened.headers[.location])
            #expect(door.contains("opened=1") && door.contains("sign="))
            let said2 = try await client.ask(door).text
            #expect(said2.contains("role=\"status\""))
        }
    }

    /// A notice of another server (its own token) is made up here.
    @Test func anotherServersNoticeIsNotShown() async throws {
        let demo = try ServedDemo()
        let link = try await demo.serve { client in
            let token = try await client.token()
            let returned = try await client.post("/books/11/return", [], token: token)
            return try #require(returned.headers[.location])
        }
        let page = try await demo.serve { client in try await client.ask(link).text }
        #expect(!page.contains("role=\"status\""))
    }
}
