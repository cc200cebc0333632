import AlmanacKit
import AlmanacServer
import AlmanacText
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import AlmanacKinds

/// `--password-file`: the first line without its line break (LF or CRLF), an empty or blank one
/// refused; wrong passwords paced per address and logged without the password. Before, a file saved
/// by Notepad (CRLF) never matched, one of spaces was taken, and 3,000 guesses a second went
/// through one connection unnoticed.
@Suite struct PasswordTests {
    static func basic(_ password: String) -> HTTPFields {
        [.authorization: "Basic " + Data(("anyone:" + password).utf8).base64EncodedString()]
    }

    @Test(arguments: ["s3cret\n", "s3cret\r\n", "s3cret", "s3cret\r\nsecond line\r\n", "s3cret\nother\n"])
    func theFirstLineIsThePasswordWhateverItsLineBreak(file: String) async throws {
        let demo = try ServedDemo()
        let path = try demo.write("password", file)
        try await demo.serve(try demo.configuration(passwordFile: path)) { client in
            let answer6 = try await client.ask("/books", headers: Self.basic("s3cret"))
            #expect(answer6.status == .ok)
            let answer7 = try await client.ask("/books", headers: Self.basic("s3cret\r"))
            #expect(answer7.status == .unauthorized)
            let answer8 = try await client.ask("/books")
            #expect(answer8.status == .unauthorized)
        }
    }

    @Test(arguments: ["", "\n", "   \n", "\t \r\n", "\r\n", " "])
    func anEmptyOrBlankPasswordIsRefused(file: String) throws {
        let demo = try ServedDemo()
        let path = try demo.write("password", file)
        let error = #expect(throws: AlmanacError.self) { try demo.configuration(passwordFile: path) }
        #expect(error?.failure == .usage)
        #expect(error?.message(.english).contains("has no password on its first line") == true)
    }

    /// 1,000 wrong passwords as fast as a client can send them, 50 at a time: the first few are
    /// looked at at once, then each waits its turn, twice as long as the last, and a try whose turn
    /// is more than 10 s away is refused unlooked (429, `Retry-After`). So in the time they take here
    /// no more than a dozen are tried: a thousand would take hours. Each wrong one is logged with the
    /// client's address, never the password. The right one, once its turn comes, goes in.
    @Test func wrongPasswordsArePacedAndLogged() async throws {
        let demo = try ServedDemo()
        let path = try demo.write("password", "s3cret\n")
        try await demo.serve(try demo.configuration(passwordFile: path)) { client in
            let start = ContinuousClock.now
            let statuses = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
                var statuses: [(Int, String?)] = []
                for guess in 0..<1_000 {
                    if guess >= 50, let done = try await group.next() { statuses.append(done) }
                    group.addTask {
                        let answer = try await client.ask("/books", headers: Self.basic("guess-\(guess)"))
                        return (answer.status.code, answer.headers[.retryAfter])
                    }
                }
                for try await done in group { statuses.append(done) }
                return statuses
            }
            let elapsed = ContinuousClock.now - start
            let tried = statuses.filter { $0.0 == 401 }.count
            let refused = statuses.filter { $0.0 == 429 }
            #expect(tried + refused.count == 1_000, "\(Set(statuses.map(\.0)))")
            // Six at once, then turns 0.25, 0.5, 1, 2 and 4 s apart, then one each 8 s: however slowly
            // this machine sends them, no more than that many are looked at in the time it took.
            let seconds = Double(elapsed.components.seconds)
            #expect(tried >= 5 && tried <= 11 + Int(seconds / 8) + 1, "\(tried) passwords looked at in \(elapsed)")
            #expect(refused.allSatisfy { (Int($0.1 ?? "") ?? 0) >= 1 })
            let log = demo.log
            #expect(log.count == tried, "\(log.count) log lines for \(tried) wrong passwords")
            #expect(
                log.allSatisfy { $0.contains("wrong password from unknown") && !$0.contains("guess-") },
                "\(log.prefix(3))")
            #expect(log.last?.contains("\(tried) in a row") == true, "\(log.last ?? "")")
            // The right password waits its turn too (else its quick answer would give it away).
            let waited = ContinuousClock.now
            var right = try await client.ask("/books", headers: Self.basic("s3cret"))
            while right.status == .tooManyRequests {
                try await Task.sleep(for: .seconds(Int(right.headers[.retryAfter] ?? "1") ?? 1))
                right = try await client.ask("/books", headers: Self.basic("s3cret"))
            }
            #expect(right.status == .ok)
            #expect(ContinuousClock.now - waited >= .seconds(1))
            // It reset the count: the next wrong one is looked at at once, the first in a row again.
            let again = try await client.ask("/books", headers: Self.basic("wrong"))
            #expect(again.status == .unauthorized)
            #expect(demo.log.last?.contains("(1 in a row)") == true, "\(demo.log.last ?? "")")
        }
    }
}
