import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacStore
import AlmanacText
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// One server's state and how a page is answered: the configuration, the rules (`Guard`), the
/// worker threads, the reader's words, the password's pacing; a page is made on a worker under its
/// deadline, a POST first checked (read-only, size, origin, token), and whatever goes back carries
/// the headers every answer has.
final class Site: Sendable {
    let configuration: ServerConfiguration
    let guards: Guard
    let workers: Workers
    let pacing = PasswordPacing()
    let notices: Notice
    /// The reader's words, made once per language (a localizer merges its tables when made).
    let localizers: [String: Localizer]
    /// Where the server's log lines go (failed passwords): standard error, or a test's collector.
    let log: @Sendable (String) -> Void

    init(_ configuration: ServerConfiguration, log: @escaping @Sendable (String) -> Void) {
        self.configuration = configuration
        guards = Guard(
            password: configuration.password, loopbackOnly: configuration.isLoopbackOnly,
            allowedHosts: configuration.allowedHosts, boundHost: configuration.host)
        notices = Notice(token: guards.token)
        workers = Workers(
            count: configuration.limits.workers, queueLimit: configuration.limits.queue,
            path: configuration.settings.databasePath)
        localizers = Dictionary(uniqueKeysWithValues: Language.all.map { ($0, Localizer(locale: $0)) })
        self.log = log
    }

    /// The words of `language`.
    func words(_ language: String) -> Localizer {
        localizers[language] ?? .english
    }

    /// What a page sees of a request: the settings with the reader's words and day, the format by
    /// `Accept`, the query, the token.
    func pageContext(_ request: Request, _ context: ServeContext) -> PageContext {
        let query = FormData(Substring(request.uri.query ?? ""))
        var settings = configuration.settings
        settings.localizer = words(context.language)
        if !configuration.fixedToday { settings.today = LocalDate(Date(), in: settings.timeZone) }
        settings = PageContext.settings(settings, accept: request.headers[.accept])
        return PageContext(
            settings: settings, token: guards.token, readOnly: configuration.readOnly,
            lang: query["lang"].flatMap { Language.all.contains($0) ? $0 : nil }, path: request.uri.path,
            query: query, form: FormData(), notices: notices)
    }

    /// A page made by `make` on a worker, with the worker's connections. A POST is checked first: a
    /// read-only server refuses it (403), a body over `Guard.bodyLimit` is refused unread (413), a
    /// form from another origin or without this server's token is refused (403).
    func page(
        _ request: Request, _ context: ServeContext,
        _ make: @escaping @Sendable (PageContext, Workers.Connections) throws -> Reply
    ) async -> Response {
        var page = pageContext(request, context)
        let words = page.t
        if request.method == .post {
            if configuration.readOnly { return response(Answer(.text(words("serve.error.read-only"), status: 403))) }
            let tooLarge = Answer(
                .text(words("serve.error.too-large", ["limit": String(Guard.bodyLimit)]), status: 413))
            if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > Guard.bodyLimit {
                return response(tooLarge)
            }
            let body: ByteBuffer
            do {
                body = try await request.body.collect(upTo: Guard.bodyLimit)
            } catch is NIOTooManyBytesError {
                return response(tooLarge)
            } catch {
                return response(Answer(.text(words("serve.error.bad-request"), status: 400)))
            }
            let host = request.head.authority
            guard
                Guard.isSameOrigin(origin: request.headers[.origin], referer: request.headers[.referer], host: host)
            else {
                return response(Answer(.text(words("serve.error.foreign-origin"), status: 403)))
            }
            page.form = FormData(Substring(String(buffer: body)))
            guard guards.tokenMatches(page.form[Guard.tokenField]) else {
                return response(Answer(.text(words("serve.error.token"), status: 403)))
            }
        }
        let made = page
        // After a change of its own, a reader's next pages read the primary for a moment
        // (`Site.wroteCookie`): the standby may not have replayed the change yet.
        let readsPrimary = request.method == .post || Self.justWrote(request)
        let key =
            request.method != .post && !readsPrimary && Routes.keepsPage(request.uri.path)
            ? page.cacheKey(query: request.uri.query ?? "") : nil
        let deadline = StatementDeadline(in: configuration.limits.pageTimeout)
        do {
            var answer = try await workers.answer(deadline: deadline, key: key, readsPrimary: readsPrimary) {
                connections in
                Routes.answering(made, deadline) { try make(made, connections) }
            } failed: { error in
                Routes.failure(made, deadline, error)
            }
            if request.method == .post && Store.hasReplica { answer.headers.append(("Set-Cookie", Self.wroteCookie)) }
            return response(answer, head: request.method == .head)
        } catch let refusal as Workers.Refusal {
            let key =
                switch refusal {
                case .full: "serve.error.queue-full"
                case .late: "database.error.deadline"
                case .stopping: "serve.error.stopping"
                }
            let seconds = String(configuration.limits.pageTimeout.components.seconds)
            return response(Answer(.text(words(key, ["seconds": seconds]), status: 503)))
        } catch {
            // The request's task was cancelled (the server is stopping at once): nobody reads this.
            return response(Answer(.text(words("serve.error.stopping"), status: 503)))
        }
    }

    /// The cookie a change's answer sets when reads go to a standby: for its 10 seconds the reader's
    /// pages read the primary, long past a standby's usual replay (well under a second).
    static let wroteCookie = "almanac-wrote=1; Max-Age=10; Path=/; HttpOnly; SameSite=Strict"

    /// True when the request carries `wroteCookie`.
    static func justWrote(_ request: Request) -> Bool {
        request.headers[values: .cookie].contains { field in
            field.split(separator: ";").contains { $0.trimmingCharacters(in: .whitespaces) == "almanac-wrote=1" }
        }
    }

    /// A reply made off the workers (a refusal, a page of the server's own) as it goes out.
    func response(_ reply: Reply, head: Bool = false) -> Response {
        response(Answer(reply), head: head)
    }

    /// An answer as Hummingbird sends it: its status and headers, and its body whole (with its
    /// length) or as it is made (chunked). `HEAD` gets the headers of the `GET` and no body.
    func response(_ answer: Answer, head: Bool = false) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = answer.contentType
        for (name, value) in answer.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        if let location = answer.location { fields[.location] = location }
        let status = HTTPResponse.Status(code: answer.status)
        switch answer.body {
        case .whole(let bytes):
            if head {
                fields[.contentLength] = String(bytes.readableBytes)
                return Response(status: status, headers: fields, body: ResponseBody())
            }
            return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: bytes))
        case .stream(let stream):
            if head {
                stream.abandon()
                return Response(
                    status: status, headers: fields,
                    body: ResponseBody(contentLength: nil) { writer in
                        try await writer.finish(nil)
                    })
            }
            return Response(
                status: status, headers: fields,
                body: ResponseBody(contentLength: nil) { writer in
                    do {
                        while let chunk = try await stream.next() { try await writer.write(chunk) }
                    } catch {
                        // The client went away, or the page failed half way: the worker stops, and the
                        // connection closes on an answer cut short (no last chunk).
                        stream.abandon()
                        throw error
                    }
                    try await writer.finish(nil)
                })
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
        for (order, part) in acceptLanguage.split(separator: ",").prefix(32).enumerated() {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first?.lowercased() else { continue }
            let weight = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            let language = String(tag.split(separator: "-").first ?? "")
            if all.contains(language), weight > 0 { weighted.append((language, weight, order)) }
        }
        return weighted.sorted { ($0.weight, -$0.order) > ($1.weight, -$1.order) }.first?.language ?? "en"
    }
}
