import Foundation
import Hummingbird
import NIOCore

/// What the server knows of a request besides the request itself: Hummingbird's own storage (the
/// route's parameters), the client's address (for the password's pacing and its log lines) and the
/// language `Gate` chose for it.
struct ServeContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The address the connection came from (`192.0.2.7`, `::1`), or nil when there is none (the
    /// in-process test client).
    let peer: String?
    /// The reader's language (`en`, `ru`), chosen first, so that even a refusal is in their words.
    var language = "en"

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peer = source.channel.remoteAddress?.ipAddress
    }

    /// Forms are small: a body past `Guard.bodyLimit` is refused (413) and never held.
    var maxUploadSize: Int { Guard.bodyLimit }

    /// A parameter of the route (`/books/{id}/edit`), percent-decoded (`Grow%20tall`); empty when
    /// the route has none of that name.
    func parameter(_ name: String) -> String {
        let raw = parameters.get(name) ?? ""
        return raw.removingPercentEncoding ?? raw
    }
}
