import AlmanacKit
import AlmanacOutput
import AlmanacText
import FlyingFox
import Foundation

/// Answers every request: the safety rules first (the host, the password, a POST's size, origin
/// and token, read-only), then the page, made on a worker thread with its open connections
/// (`Workers`: SQLite blocks, and a busy database is waited for, as the CLI waits), then the
/// security headers on whatever goes back.
struct ServerResponder: HTTPHandler {
    let configuration: ServerConfiguration
    let guards: Guard
    let routes: Routes
    let workers: Workers
    /// The reader's words, made once per language (a localizer merges its tables when made).
    let localizers: [String: Localizer]

    init(_ configuration: ServerConfiguration, workers: Workers) {
        self.configuration = configuration
        guards = Guard(password: configuration.password, loopbackOnly: configuration.isLoopbackOnly)
        routes = Routes()
        self.workers = workers
        localizers = Dictionary(uniqueKeysWithValues: Language.all.map { ($0, Localizer(locale: $0)) })
    }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let answer = await answer(to: request)
        let reply = answer.reply
        var fields = HTTPHeaders()
        fields[.contentType] = reply.contentType
        for (name, value) in answer.headers { fields[HTTPHeader(name)] = value }
        if let location = reply.location { fields[.location] = location }
        if reply.status == 401 { fields[HTTPHeader("WWW-Authenticate")] = "Basic realm=\"almanac\", charset=\"UTF-8\"" }
        if reply.status == 405 { fields[HTTPHeader("Allow")] = "GET, HEAD, POST" }
        return HTTPResponse(
            statusCode: HTTPStatusCode(reply.status, phrase: Reply.phrase(reply.status)), headers: fields,
            body: request.method == .HEAD ? Data() : answer.body)
    }

    /// The answer, after the rules every request passes: a page is made (or, for a GET, given again:
    /// `PageCache`) on a worker.
    private func answer(to request: HTTPRequest) async -> Answer {
        let headers = request.headers
        let host = headers[.host]
        // The language first: even a refusal is said in the reader's words.
        let query = FormData(Substring(request.target.query()))
        let language = Language.choose(query: query["lang"], acceptLanguage: headers[HTTPHeader("Accept-Language")])
        let words = localizers[language] ?? .english
        guard guards.acceptsHost(host) else { return Answer(.text(words("serve.error.misdirected"), status: 421)) }
        guard guards.isAuthorized(headers[.authorization]) else {
            return Answer(.text(words("serve.error.unauthorized"), status: 401))
        }
        let wantsJSON = (headers[HTTPHeader("Accept")] ?? "").contains("application/json")
        var settings = configuration.settings
        settings.localizer = words
        if !configuration.fixedToday { settings.today = LocalDate(Date(), in: settings.timeZone) }
        settings.format = wantsJSON ? .json : .html
        let path = request.target.path()
        var context = PageContext(
            settings: settings, token: guards.token, readOnly: configuration.readOnly,
            lang: query["lang"].flatMap { Language.all.contains($0) ? $0 : nil }, path: path, query: query,
            form: FormData())
        switch request.method {
        case .GET, .HEAD:
            let (routes, page) = (routes, context)
            let key =
                Routes.keepsPage(path)
                ? PageCache.key(
                    path: path, query: request.target.query(), language: words.language, json: wantsJSON,
                    today: settings.today.description)
                : nil
            return await workers.run { connections in
                connections.answer(key) { routes.get(path, page) { try connections.reader() } }
            }
        case .POST:
            if configuration.readOnly { return Answer(.text(words("serve.error.read-only"), status: 403)) }
            let body: Data
            switch await Self.body(of: request) {
            case .read(let data): body = data
            case .tooLarge:
                return Answer(.text(words("serve.error.too-large", ["limit": String(Guard.bodyLimit)]), status: 413))
            case .unreadable: return Answer(.text(words("serve.error.bad-request"), status: 400))
            }
            guard
                Guard.isSameOrigin(
                    origin: headers[HTTPHeader("Origin")], referer: headers[HTTPHeader("Referer")], host: host)
            else {
                return Answer(.text(words("serve.error.foreign-origin"), status: 403))
            }
            context.form = FormData(Substring(String(decoding: body, as: UTF8.self)))
            guard guards.tokenMatches(context.form[Guard.tokenField]) else {
                return Answer(.text(words("serve.error.token"), status: 403))
            }
            let (routes, page) = (routes, context)
            return await workers.run { connections in Answer(routes.post(path, page) { try connections.writer() }) }
        default:
            return Answer(.text(words("serve.error.method"), status: 405))
        }
    }

    /// What a POST's body came to.
    private enum Body {
        case read(Data)
        /// Larger than `Guard.bodyLimit`.
        case tooLarge
        /// The client stopped sending it, or sent what is not HTTP.
        case unreadable
    }

    /// A POST's body, refused when larger than `Guard.bodyLimit` (said by its length, or found while
    /// reading a chunked one): never more than the limit is held. The rest of a refused body is read
    /// and dropped (up to `Guard.drainLimit`), so the refusal reaches a client still sending: a
    /// connection closed on bytes it has not read is reset, and the answer lost with it. A client
    /// that asked first (`Expect: 100-continue`) has sent nothing more and is answered at once.
    private static func body(of request: HTTPRequest) async -> Body {
        let length = request.headers[.contentLength].flatMap { Int($0) }
        if let length, length > Guard.bodyLimit,
            length > Guard.drainLimit || request.headers[HTTPHeader("Expect")]?.lowercased() == "100-continue"
        {
            return .tooLarge
        }
        var body = Data()
        var read = 0
        do {
            for try await chunk in request.bodySequence {
                read += chunk.count
                if read <= Guard.bodyLimit {
                    body.append(chunk)
                } else if read > Guard.drainLimit {
                    return .tooLarge
                }
            }
        } catch {
            return read > Guard.bodyLimit ? .tooLarge : .unreadable
        }
        return read > Guard.bodyLimit ? .tooLarge : .read(body)
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
