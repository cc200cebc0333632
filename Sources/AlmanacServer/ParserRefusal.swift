import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// The answer to a request HTTP's parser refuses before any page sees it (a header line over
/// `Server.headerFieldLimit`, too many headers, a method it does not know, a broken chunk), with the
/// headers every answer carries. Hummingbird answers such a request with a bare `400` (no type, no
/// body) and closes the connection; this handler, between the parser and Hummingbird, remembers the
/// parser's error and puts the server's refusal in place of that bare answer: 431 for headers too
/// large, 405 for an unknown method, 400 otherwise, in the words of the request being read (its
/// `Accept-Language`), else English. One instance per connection, on its event loop.
final class ParserRefusal: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Makes the refusal: its status, headers and body, for the parser's error and the head of the
    /// request it was reading, if it had one.
    typealias Refusal = @Sendable (HTTPParserError, HTTPRequest?) -> (HTTPResponse, ByteBuffer)

    private let refusal: Refusal
    /// The head of the last request read, and the parser's error once it refused.
    private var head: HTTPRequest?
    private var error: HTTPParserError?

    init(_ refusal: @escaping Refusal) {
        self.refusal = refusal
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data) { self.head = head }
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? HTTPParserError { self.error = error }
        context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // Hummingbird's answer to a parse error is the only one without a Content-Type.
        if let error, case .head(let response) = unwrapOutboundIn(data), response.status == .badRequest,
            response.headerFields[.contentType] == nil
        {
            var (answer, body) = refusal(error, head)
            answer.headerFields[.connection] = "close"
            answer.headerFields[.contentLength] = String(body.readableBytes)
            context.write(wrapOutboundOut(.head(answer)), promise: nil)
            context.write(wrapOutboundOut(.body(body)), promise: promise)
            body.clear()
            return
        }
        context.write(data, promise: promise)
    }
}
