import AlmanacKit
import AlmanacText
import Foundation
import Hummingbird
import Logging
import NIOCore

/// `almanac serve`: the worlds' pages over HTTP/1.1 on the configured address, until SIGINT or
/// SIGTERM; then it stops taking connections, finishes the requests in flight and returns.
public enum Server {
    /// How long a connection may say nothing before it is closed.
    static let idleTimeout = TimeAmount.seconds(30)

    /// Checks the database (it must exist and be Almanac's; a writing server brings its schema up to
    /// date, as a command would), binds, calls `announce` with the URL once listening, and serves
    /// until a signal stops it. A port in use is exit 75 naming the host and port.
    public static func run(_ configuration: ServerConfiguration, announce: @escaping @Sendable (String) -> Void)
        async throws
    {
        let path = configuration.settings.databasePath
        _ = configuration.readOnly ? try Store.openReadOnly(path) : try Store.open(path)
        let responder = ServerResponder(configuration)
        let logger = Logger(label: "almanac.serve") { _ in SwiftLogNoOpLogHandler() }
        let host = configuration.host
        let app = Application(
            responder: responder,
            server: .http1(configuration: .init(idleTimeout: idleTimeout)),
            configuration: .init(address: .hostname(host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                announce(url(host: host, port: port))
            },
            logger: logger)
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw AlmanacError(.busy, "serve.error.address-in-use", ["host": host, "port": String(configuration.port)])
        } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL || error.errnoCode == EACCES {
            throw AlmanacError(
                .usage, "serve.error.cannot-bind",
                [
                    "host": host, "port": String(configuration.port),
                    "reason": String(cString: strerror(error.errnoCode)),
                ])
        }
    }

    /// `http://HOST:PORT/`, an IPv6 address in brackets.
    public static func url(host: String, port: Int) -> String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[" + host + "]" : host
        return "http://" + shown + ":" + String(port) + "/"
    }
}
