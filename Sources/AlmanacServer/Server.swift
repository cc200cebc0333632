import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacStore
import AlmanacText
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// `almanac serve`: the worlds' pages over HTTP/1.1 on Hummingbird, until SIGINT or SIGTERM; then it
/// stops taking connections, answers the requests in flight and returns.
///
/// Every limit is bounded, by Hummingbird and SwiftNIO where they have it and here where they do
/// not: a header line (`headerFieldLimit`), the header block (`headerListLimit`) and the number of
/// headers (`headerCountLimit`) by NIO's parser (past them: 431, `ParserRefusal`); a body by
/// `Guard.bodyLimit` (413); connections at once by `connectionLimit` (more wait in the kernel's queue,
/// and NIO backs off when the process runs out of descriptors instead of ending); a connection that
/// says nothing for `idleTimeout` is closed; pages waiting for a worker by `queueLimit` (503); a page
/// by `pageTimeout` (503, its statement stopped, its transaction rolled back).
public enum Server {
    /// How long a connection may say nothing (no header block, no part of a body, no request after
    /// its last answer) before it is closed.
    static let idleTimeout = Duration.seconds(30)
    /// How long a page may take, from its request's arrival to its answer (its last byte, for a
    /// listing sent as it is read): four times SQLite's busy timeout.
    static let pageTimeout = Duration.seconds(20)
    /// The threads pages are made on (`Workers`), each with its connections: more than the cores, so
    /// reads go on while a write waits out another process's lock.
    static let workerCount = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)
    /// Pages waiting for a worker at most; one more is refused at once (503, `Retry-After`).
    static let queueLimit = 64 * workerCount
    /// The longest header line (a name and its value), the whole header block, and how many headers.
    static let headerFieldLimit = 16 * 1024
    static let headerListLimit = 64 * 1024
    static let headerCountLimit = 100
    /// Connections open at once: at most 1,024, and never more than the descriptors the process may
    /// open leave after the databases' (each worker's two connections and their files) and a margin.
    static var connectionLimit: Int {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let descriptors = Int(clamping: min(limit.rlim_cur, 1_048_576))
        return max(16, min(1_024, descriptors - 64 - 8 * workerCount))
    }

    /// Checks the database (it must exist and be Almanac's; a writing server brings its schema up to
    /// date, as a command would), binds, calls `announce` with the URL once listening, and serves
    /// until SIGINT or SIGTERM. A port in use is exit 75 naming the host and port.
    public static func run(_ configuration: ServerConfiguration, announce: @escaping @Sendable (String) -> Void)
        async throws
    {
        let path = configuration.settings.databasePath
        _ = configuration.readOnly ? try Store.openReadOnly(path) : try Store.open(path)
        let site = Site(configuration) { line in
            try? OutputWriter.standardError.write(line + "\n")
        }
        defer { site.workers.stop() }
        let host = configuration.host
        let app = application(site) { port in announce(url(host: host, port: port)) }
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw AlmanacError(.busy, "serve.error.address-in-use", ["host": host, "port": String(configuration.port)])
        } catch let error as IOError {
            throw AlmanacError(
                .usage, "serve.error.cannot-bind",
                [
                    "host": host, "port": String(configuration.port),
                    "reason": String(cString: strerror(error.errnoCode)),
                ])
        } catch let error as SocketAddressError {
            throw AlmanacError(
                .usage, "serve.error.cannot-bind",
                ["host": host, "port": String(configuration.port), "reason": String(describing: error)])
        }
    }

    /// The server as a Hummingbird application over `configuration`'s database, for the tests'
    /// client (which needs no socket): every route and rule of `run`, its worker threads started, and
    /// the call that lets them end.
    public static func application(
        _ configuration: ServerConfiguration, log: @escaping @Sendable (String) -> Void = { _ in }
    ) -> (app: some ApplicationProtocol, stop: @Sendable () -> Void) {
        let site = Site(configuration, log: log)
        return (application(site) { _ in }, { site.workers.stop() })
    }

    private static func application(_ site: Site, running: @escaping @Sendable (Int) -> Void)
        -> some ApplicationProtocol
    {
        StatementDeadline.enable()
        let configuration = site.configuration
        let router = Router(context: ServeContext.self)
        router.add(middleware: Gate(site: site))
        Routes.register(on: router, site)
        let refusal = parserRefusal(site)
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [ParserRefusal(refusal)], idleTimeout: TimeAmount(idleTimeout),
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: headerFieldLimit, maxHeaderListSize: headerListLimit,
                maxHeaderFieldCount: headerCountLimit))
        // Hummingbird's own log lines (a connection reset, a parse error) are not the user's business.
        let logger = Logger(label: "almanac.serve") { _ in SwiftLogNoOpLogHandler() }
        return Application(
            router: router,
            server: .http1(configuration: http),
            configuration: .init(
                address: .hostname(bareHost(configuration.host), port: configuration.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(connectionLimit, logger: logger)),
            onServerRunning: { channel in running(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
    }

    /// The refusal of a request HTTP's parser refused (`ParserRefusal`), in the words of its head when
    /// it had one.
    private static func parserRefusal(_ site: Site) -> ParserRefusal.Refusal {
        { error, head in
            let words = site.words(
                Language.choose(query: nil, acceptLanguage: head?.headerFields[.acceptLanguage]))
            let reply: Reply =
                switch error {
                case .headerOverflow: .text(words("serve.error.headers-too-large"), status: 431)
                case .invalidMethod: .text(words("serve.error.method"), status: 405)
                // An HTTP/2 client's preface (`PRI * HTTP/2.0`) pauses the parser; another version is refused.
                case .paused, .invalidVersion: .text(words("serve.error.version"), status: 505)
                default: .text(words("serve.error.bad-request"), status: 400)
                }
            let answer = Answer(reply)
            var fields = HTTPFields()
            fields[.contentType] = answer.contentType
            for (name, value) in answer.headers {
                if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
            }
            guard case .whole(let body) = answer.body else { return (HTTPResponse(status: .badRequest), ByteBuffer()) }
            return (HTTPResponse(status: .init(code: answer.status), headerFields: fields), body)
        }
    }

    /// An IPv6 address without its brackets, as the socket takes it.
    static func bareHost(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// `http://HOST:PORT/`, an IPv6 address in brackets.
    public static func url(host: String, port: Int) -> String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[" + host + "]" : host
        return "http://" + shown + ":" + String(port) + "/"
    }
}
