import FlyingFox
import FlyingSocks
import Foundation

/// The server's sockets as FlyingFox waits on them (its epoll pool), with the two things the server
/// needs that FlyingFox does not do itself: a connection that neither sends nor takes a byte for
/// `idleTimeout` is closed, and once `drain()` is called the listening socket stops accepting, so
/// FlyingFox's `stop` returns as soon as the requests in flight are answered (it waits for every
/// connection's task, and the accepting loop is one).
///
/// One sweeper finds the connections waiting too long, a few times per `idleTimeout`, rather than a
/// timer per wait: a cancelled `Task.sleep` keeps its timer and task (about 0.7 KB) until its
/// deadline, so a timer per wait held 30 s of a busy server's waits in memory.
final class SocketWatch: AsyncSocketPool, @unchecked Sendable {
    private let base: any AsyncSocketPool
    private let idleTimeout: TimeInterval
    // `draining`, `drainers`, `waits` and `nextWait` are read and written under `lock` only, from any thread.
    private let lock = NSLock()
    private var draining = false
    private var drainers: [UUID: CheckedContinuation<Void, Never>] = [:]
    private var waits: [Int: Wait] = [:]
    private var nextWait = 0

    /// A connection waiting for its socket: since when, the task waiting on the pool, and whether the
    /// sweeper ended it.
    private final class Wait {
        let since: ContinuousClock.Instant
        let task: Task<Void, any Error>
        var timedOut = false

        init(_ task: Task<Void, any Error>) {
            since = .now
            self.task = task
        }
    }

    init(idleTimeout: TimeInterval) {
        base = HTTPServer.defaultPool()
        self.idleTimeout = idleTimeout
        Task { [weak self] in await self?.sweep() }
    }

    func prepare() async throws {
        try await base.prepare()
    }

    func run() async throws {
        try await base.run()
    }

    /// Waits as FlyingFox asks; a connection waits at most `idleTimeout` (give or take a quarter of
    /// it), the listening socket until a connection comes or `drain()` is called. Either end is
    /// `SocketError.disconnected`, which FlyingFox takes as the peer gone: it closes that connection,
    /// or ends its accepting loop.
    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        Self.sendAtOnce(socket)
        if Self.isListening(socket) {
            try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    try await self.base.suspendSocket(socket, untilReadyFor: events)
                    return true
                }
                group.addTask {
                    await self.untilDrained()
                    return false
                }
                defer { group.cancelAll() }
                guard try await group.next() == true else { throw SocketError.disconnected }
            }
            return
        }
        let base = base
        let waiting = Task { try await base.suspendSocket(socket, untilReadyFor: events) }
        let id = watch(waiting)
        let result = await withTaskCancellationHandler {
            await waiting.result
        } onCancel: {
            waiting.cancel()
        }
        if unwatch(id) { throw SocketError.disconnected }
        try result.get()
    }

    /// Counts a wait in (it may be ended from now on), and says its number.
    private func watch(_ task: Task<Void, any Error>) -> Int {
        lock.withLock {
            nextWait += 1
            waits[nextWait] = Wait(task)
            return nextWait
        }
    }

    /// Counts a wait out; true when the sweeper ended it.
    private func unwatch(_ id: Int) -> Bool {
        lock.withLock { waits.removeValue(forKey: id)?.timedOut ?? false }
    }

    /// Every quarter of `idleTimeout`, ends the waits older than it (their connections close); stops
    /// with the watch.
    private func sweep() async {
        let period = UInt64(idleTimeout / 4 * 1_000_000_000)
        while true {
            try? await Task.sleep(nanoseconds: period)
            guard endIdleWaits() else { return }
        }
    }

    /// Ends the waits older than `idleTimeout`; false once the server drained and nothing waits.
    private func endIdleWaits() -> Bool {
        let oldest = ContinuousClock.now - .milliseconds(Int64(idleTimeout * 1000))
        lock.lock()
        defer { lock.unlock() }
        for wait in waits.values where wait.since <= oldest && !wait.timedOut {
            wait.timedOut = true
            wait.task.cancel()
        }
        return !(draining && waits.isEmpty)
    }

    /// Stops accepting connections: the listening socket's wait ends now and every later one at once.
    func drain() {
        lock.lock()
        draining = true
        let waiting = drainers.values
        drainers = [:]
        lock.unlock()
        for continuation in waiting { continuation.resume() }
    }

    /// True once `drain()` was called.
    var isDraining: Bool {
        lock.lock()
        defer { lock.unlock() }
        return draining
    }

    private func untilDrained() async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                lock.lock()
                if draining || Task.isCancelled {
                    lock.unlock()
                    continuation.resume()
                } else {
                    drainers[id] = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            lock.lock()
            let continuation = drainers.removeValue(forKey: id)
            lock.unlock()
            continuation?.resume()
        }
    }

    /// Turns off Nagle's algorithm (`TCP_NODELAY`) on a TCP socket; a connection accepted from a
    /// listening socket keeps it. FlyingFox writes an answer in two parts, its head and then its body:
    /// with Nagle's algorithm the body waits until the client acknowledges the head, and a client
    /// delays that acknowledgement (40 ms on Linux), so every answer on a kept-alive connection took
    /// 40 ms more (a browser's second page, and `wrk`: 23 requests/s on one connection, not 900).
    private static func sendAtOnce(_ socket: Socket) {
        try? socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY))
    }

    /// True for a socket that listens (accepts connections), false for a connection.
    private static func isListening(_ socket: Socket) -> Bool {
        var accepting: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(socket.file.rawValue, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &size) == 0 && accepting != 0
    }
}
