import FlyingFox
import FlyingSocks
import Foundation

/// The server's sockets as FlyingFox waits on them (its epoll pool), with the two things the server
/// needs that FlyingFox does not do itself: a connection that neither sends nor takes a byte for
/// `idleTimeout` is closed, and once `drain()` is called the listening socket stops accepting, so
/// FlyingFox's `stop` returns as soon as the requests in flight are answered (it waits for every
/// connection's task, and the accepting loop is one).
final class SocketWatch: AsyncSocketPool, @unchecked Sendable {
    private let base: any AsyncSocketPool
    private let idleTimeout: TimeInterval
    // `draining` and `drainers` are read and written under `lock` only, from any thread.
    private let lock = NSLock()
    private var draining = false
    private var drainers: [UUID: CheckedContinuation<Void, Never>] = [:]

    init(idleTimeout: TimeInterval) {
        base = HTTPServer.defaultPool()
        self.idleTimeout = idleTimeout
    }

    func prepare() async throws {
        try await base.prepare()
    }

    func run() async throws {
        try await base.run()
    }

    /// Waits as FlyingFox asks; a connection waits at most `idleTimeout`, the listening socket until
    /// a connection comes or `drain()` is called. Either end is `SocketError.disconnected`, which
    /// FlyingFox takes as the peer gone: it closes that connection, or ends its accepting loop.
    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        let listening = Self.isListening(socket)
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await self.base.suspendSocket(socket, untilReadyFor: events)
                return true
            }
            group.addTask {
                if listening {
                    await self.untilDrained()
                } else {
                    try await Task.sleep(nanoseconds: UInt64(self.idleTimeout * 1_000_000_000))
                }
                return false
            }
            defer { group.cancelAll() }
            guard try await group.next() == true else { throw SocketError.disconnected }
        }
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

    /// True for a socket that listens (accepts connections), false for a connection.
    private static func isListening(_ socket: Socket) -> Bool {
        var accepting: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(socket.file.rawValue, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &size) == 0 && accepting != 0
    }
}
