import AlmanacKit
import AlmanacText
import Dispatch
import FlyingFox
import FlyingSocks
import Foundation

/// `almanac serve`: the worlds' pages over HTTP/1.1 on the configured address, until SIGINT or
/// SIGTERM; then it stops taking connections, finishes the requests in flight and returns.
public enum Server {
    /// How long a connection may say nothing (or take nothing) before it is closed.
    static let idleTimeout: TimeInterval = 30
    /// How long a page may take before FlyingFox answers 500 for it: four times SQLite's busy timeout.
    /// FlyingFox times each request with a `Task.sleep` whose timer and task (about 0.7 KB) stay until
    /// this deadline even when the page is long answered, so it also bounds that memory: requests per
    /// second × 20 s × 0.7 KB (120 s held 250 MB at 3,000 requests/s).
    static let pageTimeout: TimeInterval = 20
    /// The threads pages are made on (`Workers`), each with its connections: more than the cores, so
    /// reads go on while a write waits out another process's lock.
    static let workerCount = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)

    /// Checks the database (it must exist and be Almanac's; a writing server brings its schema up to
    /// date, as a command would), binds, calls `announce` with the URL once listening, and serves
    /// until a signal stops it. A port in use is exit 75 naming the host and port.
    public static func run(_ configuration: ServerConfiguration, announce: @escaping @Sendable (String) -> Void)
        async throws
    {
        let path = configuration.settings.databasePath
        _ = configuration.readOnly ? try Store.openReadOnly(path) : try Store.open(path)
        let host = configuration.host
        let address = try socketAddress(host: host, port: configuration.port)
        let watch = SocketWatch(idleTimeout: idleTimeout)
        let server = HTTPServer(
            config: HTTPServer.Configuration(
                address: address, timeout: pageTimeout, sharedRequestReplaySize: Guard.bodyLimit, pool: watch,
                logger: .disabled),
            handler: ServerResponder(configuration, workers: Workers(count: workerCount, path: path)))
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                // Stop accepting, close idle connections, answer the requests in flight; `run` returns.
                watch.drain()
                Task { await server.stop(timeout: pageTimeout) }
            }
            source.resume()
            return source
        }
        defer { for source in signals { source.cancel() } }
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await server.run() }
                group.addTask {
                    try await server.waitUntilListening(timeout: pageTimeout)
                    let port = await server.listeningAddress.flatMap(Self.port) ?? configuration.port
                    announce(url(host: host, port: port))
                }
                defer { group.cancelAll() }
                while try await group.next() != nil {}
            }
        } catch  where watch.isDraining {
            // FlyingFox ends its accepting loop as a socket that went away: the stop asked for.
        } catch SocketError.failed(type: let type, errno: let number, message: let reason) where type == "Bind" {
            if number == EADDRINUSE {
                throw AlmanacError(
                    .busy, "serve.error.address-in-use", ["host": host, "port": String(configuration.port)])
            }
            throw AlmanacError(
                .usage, "serve.error.cannot-bind", ["host": host, "port": String(configuration.port), "reason": reason])
        }
    }

    /// The address to bind: an IPv4 or IPv6 literal as it is, a name (`localhost`) as the system
    /// resolves it, its first address. A name that resolves to nothing cannot be bound (64).
    static func socketAddress(host: String, port: Int) throws -> any SocketAddress {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let number = UInt16(clamping: port)
        if let address = try? sockaddr_in.inet(ip4: bare, port: number) { return address }
        if let address = try? sockaddr_in6.inet6(ip6: bare, port: number) { return address }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(bare, String(port), &hints, &found)
        defer { if let found { freeaddrinfo(found) } }
        guard status == 0, let first = found, let socket = first.pointee.ai_addr else {
            throw AlmanacError(
                .usage, "serve.error.cannot-bind",
                ["host": host, "port": String(port), "reason": String(cString: gai_strerror(status))])
        }
        if first.pointee.ai_family == AF_INET6 {
            return socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee }
        }
        return socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee }
    }

    private static func port(_ address: Socket.Address) -> Int? {
        switch address {
        case .ip4(_, let port), .ip6(_, let port): Int(port)
        case .unix: nil
        }
    }

    /// `http://HOST:PORT/`, an IPv6 address in brackets.
    public static func url(host: String, port: Int) -> String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[" + host + "]" : host
        return "http://" + shown + ":" + String(port) + "/"
    }
}
