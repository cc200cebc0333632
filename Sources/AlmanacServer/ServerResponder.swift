import AlmanacKit
import AlmanacOutput
import AlmanacText
import Dispatch
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Answers every request: the safety rules first (the host, the password, a POST's size, origin
/// and token, read-only), then the page, made on a thread of its own because SQLite blocks (a busy
/// database is waited for, as the CLI waits), then the security headers on whatever goes back.
struct ServerResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let configuration: ServerConfiguration
    let guards: Guard
    let routes: Routes
    /// The reader's words, made once per language (a localizer merges its tables when made).
    let localizers: [String: Localizer]

    init(_ configuration: ServerConfiguration) {
        self.configuration = configuration
        guards = Guard(password: configuration.password, loopbackOnly: configuration.isLoopbackOnly)
        routes = Routes()
        localizers = Dictionary(uniqueKeysWithValues: Language.all.map { ($0, Localizer(locale: $0)) })
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        let reply = await reply(to: request)
        var fields = HTTPFields()
        fields[.contentType] = reply.contentType
        for (name, value) in Guard.headers(contentType: reply.contentType, body: reply.body) {
            if let name = HTTPField.Name(name) { fields[name] = value }
        }
        if let location = reply.location { fields[.location] = location }
        if reply.status == 401 { fields[.wwwAuthenticate] = "Basic realm=\"almanac\", charset=\"UTF-8\"" }
        if reply.status == 405 { fields[.allow] = "GET, HEAD, POST" }
        let bytes = ByteBuffer(string: request.method == .head ? "" : reply.body)
        return Response(status: .init(code: reply.status), headers: fields, body: .init(byteBuffer: bytes))
    }

    /// The reply, after the rules every request passes.
    private func reply(to request: Request) async -> Reply {
        let headers = request.headers
        let host = request.head.authority
        guard guards.acceptsHost(host) else {
            return .text("Misdirected request: this server answers to a loopback address only.", status: 421)
        }
        guard guards.isAuthorized(headers[.authorization]) else {
            return .text("Authentication required.", status: 401)
        }
        let query = FormData(request.uri.query.map { Substring($0) } ?? "")
        let language = Language.choose(query: query["lang"], acceptLanguage: headers[.acceptLanguage])
        let wantsJSON = (headers[.accept] ?? "").contains("application/json")
        var settings = configuration.settings
        settings.localizer = localizers[language] ?? .english
        if !configuration.fixedToday { settings.today = LocalDate(Date(), in: settings.timeZone) }
        settings.format = wantsJSON ? .json : .html
        let path = request.uri.path
        var context = PageContext(
            settings: settings, token: guards.token, readOnly: configuration.readOnly,
            lang: query["lang"].flatMap { Language.all.contains($0) ? $0 : nil }, path: path, query: query,
            form: FormData())
        switch request.method {
        case .get, .head:
            let page = context
            return await blocking { routes.get(path, page) }
        case .post:
            if configuration.readOnly { return .text(context.t("serve.error.read-only"), status: 403) }
            if let length = headers[.contentLength].flatMap({ Int($0) }), length > Guard.bodyLimit {
                return .text(context.t("serve.error.too-large", ["limit": String(Guard.bodyLimit)]), status: 413)
            }
            var request = request
            let body: ByteBuffer
            do {
                body = try await request.collectBody(upTo: Guard.bodyLimit)
            } catch is NIOTooManyBytesError {
                return .text(context.t("serve.error.too-large", ["limit": String(Guard.bodyLimit)]), status: 413)
            } catch {
                return .text("Bad request.", status: 400)
            }
            guard Guard.isSameOrigin(origin: headers[.origin], referer: headers[.referer], host: host) else {
                return .text(context.t("serve.error.foreign-origin"), status: 403)
            }
            context.form = FormData(Substring(String(buffer: body)))
            guard guards.tokenMatches(context.form[Guard.tokenField]) else {
                return .text(context.t("serve.error.token"), status: 403)
            }
            let page = context
            return await blocking { routes.post(path, page) }
        default:
            return .text("Method not allowed.", status: 405)
        }
    }

    /// Where every page touches the database: one request at a time, on a thread that may block
    /// (SQLite's busy wait), not on the server's own. One at a time because opening a database checks
    /// its file with open() and close() first (`DatabaseContent`), and POSIX drops every lock a process
    /// holds on a file when any descriptor of it closes: a second request opening the file while a
    /// first holds a write lock would hand that lock to another process (a cron `overdue --notify`),
    /// and two writers at once damage the database (seen: SQLite errors 11 and 522 under 4 writers).
    private static let database = DispatchQueue(label: "almanac.serve.database")

    /// Runs `body` on the database's queue.
    private func blocking(_ body: @escaping @Sendable () -> Reply) async -> Reply {
        await withCheckedContinuation { continuation in
            Self.database.async { continuation.resume(returning: body()) }
        }
    }
}

/// The languages pages are in, and how a request picks one: `?lang=`, else the first of
/// `Accept-Language` (by its weights) that Almanac speaks, else English.
enum Language {
    static let all = ["en", "ru"]

    static func choose(query: String?, acceptLanguage: String?) -> String {
        if let query, all.contains(query) { return query }
        guard let acceptLanguage else { return "en" }
        var weighted: [(language: String, weight: Double, order: Int)] = []
        for (order, part) in acceptLanguage.split(separator: ",").enumerated() {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first?.lowercased() else { continue }
            let weight = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            let language = String(tag.split(separator: "-").first ?? "")
            if all.contains(language), weight > 0 { weighted.append((language, weight, order)) }
        }
        return weighted.sorted { ($0.weight, -$0.order) > ($1.weight, -$1.order) }.first?.language ?? "en"
    }
}
