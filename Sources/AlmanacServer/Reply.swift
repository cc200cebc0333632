import AlmanacText
import Foundation

/// What a request gets back, made off the event loop (the database is read there) and turned into
/// an HTTP response by `ServerResponder`, which adds the security headers every response carries.
struct Reply: Sendable {
    /// The HTTP status code.
    var status: Int
    /// `text/html`, `application/json` or `text/plain`, always UTF-8.
    var contentType: String
    /// The body.
    var body: String
    /// Where a `303 See Other` sends the browser after a form's POST.
    var location: String?

    /// A page.
    static func html(_ body: String, status: Int = 200) -> Reply {
        Reply(status: status, contentType: "text/html; charset=utf-8", body: body)
    }

    /// The JSON a command prints with `--format json`.
    static func json(_ body: String, status: Int = 200) -> Reply {
        Reply(status: status, contentType: "application/json; charset=utf-8", body: body)
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

    /// The reason phrase of a status this server sends.
    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 303: "See Other"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 421: "Misdirected Request"
        case 422: "Unprocessable Content"
        case 503: "Service Unavailable"
        default: status < 500 ? "Client Error" : "Internal Server Error"
        }
    }
}

/// A reply as it goes out: its body's bytes and the headers every response carries (`Guard.headers`),
/// made once, on the worker that made the page (and once for a page a worker keeps: `PageCache`).
struct Answer: Sendable {
    let reply: Reply
    let body: Data
    let headers: [(String, String)]

    init(_ reply: Reply) {
        self.reply = reply
        body = Data(reply.body.utf8)
        headers = Guard.headers(contentType: reply.contentType, body: reply.body)
    }
}
