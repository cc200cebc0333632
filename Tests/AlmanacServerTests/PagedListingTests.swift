import AlmanacServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// `/books?page=N` pages the JSON as it pages the HTML, with the next page's address in the answer
/// (`next`, and a `Link: rel="next"` header), as Datasette pages its JSON; followed to the end, the
/// pages are the whole listing. Before, `?page=` was ignored for JSON: page 1 of 100,000 loans sent
/// all of them.
@Suite struct PagedListingTests {
    struct Page: Decodable {
        let page: Int
        let pageSize: Int
        let next: String?
        let loans: [[String: JSONValue]]

        enum CodingKeys: String, CodingKey {
            case page, next, loans
            case pageSize = "page_size"
        }
    }

    /// Any JSON value, compared as parsed.
    enum JSONValue: Decodable, Equatable {
        case text(String)
        case number(Double)
        case bool(Bool)
        case null
        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let bool = try? value.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? value.decode(Double.self) {
                self = .number(number)
            } else {
                self = .text(try value.decode(String.self))
            }
        }
    }

    @Test(arguments: ["", "&sort=title", "&overdue=1", "&search=a", "&open=1&sort=title"])
    func followingNextGivesTheWholeListing(filter: String) async throws {
        let demo = try ServedDemo()
        try await demo.serve { client in
            let json: HTTPFields = [.accept: "application/json"]
            let whole = try JSONDecoder().decode(
                [[String: JSONValue]].self,
                from: Data(try await client.ask("/books?" + filter.dropFirst(), headers: json).text.utf8))
            #expect(whole.count > 3)
            var address: String? = "/books?limit=3&page=1" + filter
            var loans: [[String: JSONValue]] = []
            var pages = 0
            while let next = address {
                let answer = try await client.ask(next, headers: json)
                #expect(answer.status == .ok)
                let page = try JSONDecoder().decode(Page.self, from: Data(answer.text.utf8))
                pages += 1
                #expect(page.page == pages && page.pageSize == 3 && page.loans.count <= 3)
                #expect(answer.headers[HTTPField.Name("Link")!] == page.next.map { "<" + $0 + ">; rel=\"next\"" })
                loans += page.loans
                address = page.next
            }
            #expect(loans == whole, "\(filter): \(loans.count) loans paged, \(whole.count) whole")
            #expect(pages == (whole.count + 2) / 3)
        }
    }

    /// The HTML pages show the same loans, a hundred by default, with links before and after.
    @Test func theHTMLPagesLinkToEachOther() async throws {
        let demo = try ServedDemo()
        try await demo.serve { client in
            let second = try await client.ask("/books?limit=2&page=2&sort=title")
            #expect(second.status == .ok)
            #expect(
                second.text.contains("href=\"/books?sort=title&amp;limit=2&amp;page=1\""), "\(second.text.prefix(100))")
            #expect(second.text.contains("href=\"/books?sort=title&amp;limit=2&amp;page=3\""))
            #expect(second.text.contains("Loans 3–4"))
        }
    }
}
