import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacText
import HTTPTypes
import Hummingbird

/// The rules every request passes before its route, in this order: the reader's language (so even
/// a refusal is in their words), the host it names (421), the password (401; failed tries paced and
/// logged, `PasswordPacing`), the method (405: this server answers GET, HEAD and POST). A path no
/// route takes is the server's own "no page" (404). Whatever goes back carries the headers every
/// answer has.
struct Gate: RouterMiddleware {
    typealias Context = ServeContext
    let site: Site

    func handle(
        _ request: Request, context: ServeContext,
        next: (Request, ServeContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        let query = FormData(Substring(request.uri.query ?? ""))
        context.language = Language.choose(query: query["lang"], acceptLanguage: request.headers[.acceptLanguage])
        let words = site.words(context.language)
        guard site.guards.acceptsHost(request.head.authority) else {
            return site.response(.text(words("serve.error.misdirected"), status: 421))
        }
        if let refused = await password(request, context, words) { return refused }
        guard [.get, .head, .post].contains(request.method) else {
            return site.response(.text(words("serve.error.method"), status: 405))
        }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let page = site.pageContext(request, context)
            return site.response(
                (try? page.reply(Routes.notFound(page))) ?? .text(page.path, status: 404),
                head: request.method == .head)
        } catch {
            let page = site.pageContext(request, context)
            return site.response(Routes.failure(page, nil, error), head: request.method == .head)
        }
    }

    /// The refusal of a request without the server's password, or nil when it may go on. A try
    /// waits its turn (`PasswordPacing`) before its password is looked at; a wrong one is logged
    /// with the client's address, never the password.
    private func password(_ request: Request, _ context: ServeContext, _ words: Localizer) async -> Response? {
        let unauthorized = Reply.text(words("serve.error.unauthorized"), status: 401)
        let header = request.headers[.authorization]
        switch site.guards.credentials(header) {
        case .notAsked: return nil
        case .missing: return site.response(unauthorized)
        case .right, .wrong: break
        }
        let client = clientAddress(request, context)
        switch site.pacing.turn(client) {
        case .now: break
        case .after(let wait): try? await Task.sleep(for: wait)
        case .refused(let wait):
            var refused = Reply.text(words("serve.error.too-many-tries"), status: 429)
            refused.headers = [("Retry-After", String(max(1, wait.components.seconds + 1)))]
            return site.response(refused)
        }
        let right = site.guards.credentials(header) == .right
        let failures = site.pacing.ended(client, right: right)
        guard !right else { return nil }
        let delay = PasswordPacing.delay(afterFailures: failures)
        site.log(
            "almanac serve: wrong password from \(client) for \(request.method.rawValue) \(request.uri.path)"
                + " (\(failures) in a row"
                + (delay > .zero ? "; its next try waits \(Self.seconds(delay)) s)" : ")"))
        return site.response(unauthorized)
    }

    /// The client a password try is counted against: the connection's address; behind a reverse
    /// proxy on this machine (a loopback connection, `--allowed-host` given), the address the proxy
    /// appended last to `X-Forwarded-For`.
    private func clientAddress(_ request: Request, _ context: ServeContext) -> String {
        let peer = context.peer ?? "unknown"
        guard !site.configuration.allowedHosts.isEmpty, ServerConfiguration.isLoopback(peer),
            let forwarded = request.headers[.xForwardedFor],
            let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty
        else { return peer }
        return String(last.prefix(64))
    }

    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = Int(attoseconds / 100_000_000_000_000_000)
        return tenths == 0 ? String(seconds) : "\(seconds).\(tenths)"
    }
}

extension HTTPField.Name {
    /// `X-Forwarded-For`, as nginx's `proxy_add_x_forwarded_for` sets it.
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
}
