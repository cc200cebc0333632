import AlmanacOutput
import AlmanacText

/// A page as the CLI writes it with `--format html` (`HTMLPage`: its style, `<main>`, the heading
/// with its lead and date lines, the body, the footer), and the few things the server adds: its
/// navigation at the top of `<main>`, notices and forms around the body, a few style rules. The
/// CLI's markup is kept byte for byte; the server only inserts at these seams.
struct Frame {
    /// The page as the CLI made it.
    let html: String

    init(_ html: String) {
        self.html = html
    }

    /// Rules for what the server adds: the navigation, forms, notices, an actions column.
    static let style = """
        nav.serve{display:flex;flex-wrap:wrap;gap:.4rem 1rem;margin:0 0 1rem;font-size:.95rem}\
        nav.serve .lang{margin-left:auto}\
        form.serve-form{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:end;margin:1rem 0;padding:.75rem;\
        border:1px solid var(--line);background:var(--panel)}\
        form.serve-form label{display:flex;flex-direction:column;font-size:.9rem;color:var(--muted)}\
        form.serve-form input,form.serve-form select{font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--line);padding:.25rem .4rem}\
        form.inline{display:inline;margin:0}\
        button{font:inherit;padding:.25rem .75rem;border:1px solid var(--line);background:var(--head);color:var(--fg);cursor:pointer}\
        p.serve-notice{border-left:4px solid var(--success);background:var(--success-bg);padding:.4rem .8rem}\
        p.serve-error{border-left:4px solid var(--alert);background:var(--alert-bg);padding:.4rem .8rem}\
        form.flags button.flag{font-size:3rem;line-height:1;padding:.4rem .8rem}\
        ul.worlds{display:grid;grid-template-columns:repeat(auto-fill,minmax(12rem,1fr));gap:.5rem;list-style:none;padding:0}\
        ul.worlds li{border:1px solid var(--line);background:var(--panel);padding:.6rem .8rem}\
        ul.worlds li span{display:block;color:var(--muted);font-size:.9rem}
        """

    /// The page with `nav` opening `<main>`, `top` after the heading's lines, `bottom` before the
    /// footer, and the server's style rules at the end of the style sheet.
    func adding(nav: String, top: String = "", bottom: String = "") -> String {
        var page = html
        if let foot = page.markup("<footer>", backwards: true) {
            page.insert(contentsOf: bottom, at: foot.lowerBound)
        }
        if !top.isEmpty { page.insert(contentsOf: top, at: headingEnd(page)) }
        if let main = page.markup("<main>\n") { page.insert(contentsOf: nav, at: main.upperBound) }
        if let style = page.markup("</style>") { page.insert(contentsOf: Self.style + "\n", at: style.lowerBound) }
        return page
    }

    /// What the page holds between its heading's lines and its footer: its pictures and tables.
    var body: Substring {
        let start = headingEnd(html)
        let end = html.markup("<footer>", backwards: true)?.lowerBound ?? html.endIndex
        return start <= end ? html[start..<end] : ""
    }

    /// Rules the page adds to the common style sheet (an animation's keyframes), or nothing.
    var ownStyle: Substring {
        guard let open = html.markup("<style>\n"), let close = html.markup("</style>") else { return "" }
        let sheet = html[open.upperBound..<close.lowerBound]
        let common = Frame.commonStyle
        return sheet.hasPrefix(common) ? sheet.dropFirst(common.count) : ""
    }

    /// The style sheet every page starts with (`HTMLPage`'s), read off an empty page.
    static let commonStyle: String = {
        let head = HTMLPage(title: "", localizer: .english).head()
        guard let open = head.range(of: "<style>\n"), let close = head.range(of: "</style>") else { return "" }
        return String(head[open.upperBound..<close.lowerBound])
    }()

    /// Where the heading's lines end: after `<h1>`, and the lead and the date line under it.
    private func headingEnd(_ page: String) -> String.Index {
        guard var index = page.markup("</h1>\n")?.upperBound else {
            return page.markup("<main>\n")?.upperBound ?? page.endIndex
        }
        for opening in ["<p class=\"lead", "<p class=\"dated\">"] where page[index...].hasPrefix(opening) {
            if let end = page.markup("</p>\n", from: index) { index = end.upperBound }
        }
        return index
    }
}

extension Frame {
    /// A page of the CLI's written as it is made (a report's rows, however many), with the server's
    /// navigation, lines under the heading and style rules put in place as it passes: its beginning
    /// is held until the heading's lines have passed (a few KiB: the style sheet and the heading come
    /// first), spliced as `adding` splices a whole page, and everything after goes on as it comes.
    final class Streamed {
        private let nav: String
        private let top: String
        private let output: OutputWriter
        private var head: [UInt8] = []
        private var spliced = false

        /// The writer the page is written to.
        private(set) lazy var writer = OutputWriter { [unowned self] bytes in try self.write(bytes) }

        init(nav: String, top: String, to output: OutputWriter) {
            self.nav = nav
            self.top = top
            self.output = output
        }

        private func write(_ bytes: UnsafeRawBufferPointer) throws {
            guard !spliced else { return try output.write(bytes) }
            head += bytes
            guard let end = Self.headingEnd(in: head) else { return }
            try splice(upTo: end)
        }

        /// Puts out what is held (a page that ended before its heading's lines did, spliced all the same).
        func finish() throws {
            try writer.flush()
            if !spliced { try splice(upTo: head.count) }
            try output.flush()
        }

        /// Splices the page's beginning up to `end` (a byte offset between characters) and writes the
        /// rest held as it is.
        private func splice(upTo end: Int) throws {
            spliced = true
            let page = String(decoding: head[..<end], as: UTF8.self)
            try output.write(Frame(page).adding(nav: nav, top: top))
            try output.write(Array(head[end...]))
            head = []
        }

        /// Where the heading's lines end in the bytes held (after `</h1>` and the lead and date
        /// paragraphs under it), once enough has come to tell; nil before. The markers are ASCII, so
        /// the offset falls between characters.
        static func headingEnd(in bytes: [UInt8]) -> Int? {
            let text = String(decoding: bytes, as: UTF8.self)
            guard var index = text.markup("</h1>\n")?.upperBound else { return nil }
            for opening in ["<p class=\"lead", "<p class=\"dated\">"] {
                let rest = text[index...]
                // Too little has come to tell whether the paragraph follows.
                if opening.hasPrefix(rest) { return nil }
                guard rest.hasPrefix(opening) else { continue }
                guard let end = text.markup("</p>\n", from: index) else { return nil }
                index = end.upperBound
            }
            return text.utf8.distance(from: text.startIndex, to: index)
        }
    }
}
