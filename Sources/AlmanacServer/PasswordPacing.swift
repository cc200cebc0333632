import Foundation

/// Failed passwords, paced per client address: the first `free` failures in a row cost nothing (a
/// person mistyping), then each further try from that address waits its turn, twice as long as the
/// last (`firstDelay`, doubling, at most `longestDelay`), however many connections it comes on. A
/// try whose turn is more than `longestWait` away is refused at once (429, with `Retry-After`),
/// without its password being looked at. A right password resets its address.
///
/// So 1,000 guesses from one address take hours, not the third of a second they took; a person who
/// mistyped a few times waits a second or two. Bounded: at most `limit` addresses are remembered
/// (the one whose turn came longest ago is forgotten first).
final class PasswordPacing: @unchecked Sendable {
    // `clients` is read and written under `lock` only, by whichever task checks a password.
    private let lock = NSLock()
    private var clients: [String: Client] = [:]

    private struct Client {
        /// Wrong passwords in a row.
        var failures = 0
        /// Tries that took a turn and whose password is still being looked at.
        var trying = 0
        /// When the next try from this address may be looked at.
        var next = ContinuousClock.now
    }

    static let free = 5
    static let firstDelay = Duration.milliseconds(250)
    static let longestDelay = Duration.seconds(8)
    static let longestWait = Duration.seconds(10)
    static let limit = 10_000

    /// What a try must do before its password is looked at.
    enum Turn: Equatable {
        /// Go on now.
        case now
        /// Wait this long first.
        case after(Duration)
        /// Refused without a look: come back after this long.
        case refused(Duration)
    }

    /// Takes the next turn of `address` for a try: free while its failures and the tries under way
    /// are fewer than `free`, else after every turn already taken plus the delay those ask. A turn
    /// taken (not refused) must be ended with `ended`.
    func turn(_ address: String) -> Turn {
        lock.lock()
        defer { lock.unlock() }
        let now = ContinuousClock.now
        if clients[address] == nil {
            if clients.count >= Self.limit, let oldest = clients.min(by: { $0.value.next < $1.value.next }) {
                clients.removeValue(forKey: oldest.key)
            }
            clients[address] = Client(next: now)
        }
        var client = clients[address]!
        let counted = client.failures + client.trying
        guard counted >= Self.free else {
            client.trying += 1
            clients[address] = client
            return .now
        }
        let start = max(now, client.next)
        if start - now > Self.longestWait { return .refused(start - now) }
        client.next = start + Self.delay(afterFailures: counted)
        client.trying += 1
        clients[address] = client
        return start == now ? .now : .after(start - now)
    }

    /// Ends a try of `address`: a right password forgets its failures; a wrong one counts. The
    /// wrong passwords in a row so far (0 after a right one).
    @discardableResult
    func ended(_ address: String, right: Bool) -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard var client = clients[address] else { return 0 }
        if right {
            clients.removeValue(forKey: address)
            return 0
        }
        client.trying = max(0, client.trying - 1)
        client.failures += 1
        if client.failures == Self.free { client.next = max(client.next, ContinuousClock.now + Self.firstDelay) }
        clients[address] = client
        return client.failures
    }

    /// The wait between tries after `failures` wrong passwords in a row.
    static func delay(afterFailures failures: Int) -> Duration {
        guard failures >= free else { return .zero }
        let doublings = min(failures - free, 10)
        return min(firstDelay * (1 << doublings), longestDelay)
    }
}
