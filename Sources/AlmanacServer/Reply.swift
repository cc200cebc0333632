import AlmanacOutput
import AlmanacText
import Foundation
import NIOCore

/// What a page makes on its worker thread: a status, a body (text made whole, or written as it is
/// read: `stream`) and where a `303 See Other` sends the browser. `Answer` is what goes out.
struct Reply {
    /// The HTTP status code.
    var status: Int
    /// `text/html`, `application/json` or `text/plain`, always UTF-8.
    var contentType: String
    /// The body, when it is made whole.
    var body: String
    /// Where a `303 See Other` sends the browser after a form's POST.
    var location: String?
    /// Headers of this reply besides those every answer has (`Link` to the next page).
    var headers: [(String, String)] = []
    /// The body written as it is read (a listing however long), on the worker thread that made the
    /// reply, with the connection it read through; `body` is then empty.
    var stream: ((OutputWriter) throws -> Void)?

    /// A page.
    static func html(_ body: String, status: Int = 200) -> Reply {
        Reply(status: status, contentType: "text/html; charset=utf-8", body: body)
    }

    /// The JSON a command prints with `--format json`.
    static func json(_ body: String, status: Int = 200) -> Reply {
        Reply(status: status, contentType: "application/json; charset=utf-8", body: body)
    }

    /// JSON written as it is read, as `--format json` writes a listing to standard output.
    static func jsonStream(_ write: @escaping (OutputWriter) throws -> Void) -> Reply {
        Reply(status: 200, contentType: "application/json; charset=utf-8", body: "", stream: write)
    }

    /// A page written as it is read (a report's rows, however many).
    static func htmlStream(_ write: @escaping (OutputWriter) throws -> Void) -> Reply {
        Reply(status: 200, contentType: "text/html; charset=utf-8", body: "", stream: write)
    }

    /// A line of words (a refusal before any page is made: 403, 413, 401).
    static func text(_ line: String, status: Int) -> Reply {
        Reply(status: status, contentType: "text/plain; charset=utf-8", body: line + "\n")
    }

    /// After a form's POST: the browser fetches `location` with GET (so a reload repeats nothing).
    static func seeOther(_ location: String) -> Reply {
        Reply(status: 303, contentType: "text/plain; charset=utf-8", body: "", location: location)
    }

    /// The status of a refusal the CLI would exit with `failure`: a usage error is the request's
    /// (400), invalid data cannot be taken (422), a missing row is not found (404), a busy database
    /// is unavailable for now (503), anything else the server's own fault (500).
    static func status(for failure: Failure) -> Int {
        switch failure {
        case .usage: 400
        case .invalidData: 422
        case .missingInput: 404
        case .busy: 503
        default: 500
        }
    }
}

/// A reply as it goes out, made on the worker that made the page: its body's bytes (or the stream
/// they come through) and the headers every response carries (`Guard.headers`), once (and once for a
/// page a worker keeps: `PageCache`).
struct Answer: Sendable {
    let status: Int
    let contentType: String
    let location: String?
    /// Every header but `Content-Type`, `Location` and `Content-Length`.
    var headers: [(String, String)]
    let body: Body

    /// The bytes of an answer.
    enum Body: Sendable {
        /// Made whole: sent with its length.
        case whole(ByteBuffer)
        /// Sent as they are made (`ChunkStream`), chunked.
        case stream(ChunkStream)
    }

    /// The answer of a reply made whole.
    init(_ reply: Reply) {
        self.init(reply, body: .whole(ByteBuffer(string: reply.body)), text: reply.body)
    }

    /// The answer of `reply` with `body` as its bytes; `text` is the page the style sheet hashes come
    /// from (the page's head, for a page sent as it is made).
    init(_ reply: Reply, body: Body, text: String) {
        status = reply.status
        contentType = reply.contentType
        location = reply.location
        var headers = Guard.headers(contentType: reply.contentType, body: text) + reply.headers
        if reply.status == 401 { headers.append(("WWW-Authenticate", "Basic realm=\"almanac\", charset=\"UTF-8\"")) }
        if reply.status == 405 { headers.append(("Allow", "GET, HEAD, POST")) }
        if reply.status == 503 && !reply.headers.contains(where: { $0.0 == "Retry-After" }) {
            headers.append(("Retry-After", "1"))
        }
        self.headers = headers
        self.body = body
    }

    /// The length of a body made whole.
    var length: Int? {
        if case .whole(let bytes) = body { return bytes.readableBytes }
        return nil
    }
}
