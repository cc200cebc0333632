import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput

/// No value from data can break a page: markup, quotes, comments, CDATA ends, controls and
/// bidirectional overrides are shown as text, in content and in attributes alike.
@Suite struct HTMLTextTests {
    @Test(arguments: [
        ("</td><script>alert(1)</script>", "&lt;/td&gt;&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("\"quoted\" 'single' & more", "&quot;quoted&quot; &#39;single&#39; &amp; more"),
        ("<!-- comment --> ]]>", "&lt;!-- comment --&gt; ]]&gt;"),
        ("bell\u{07} esc\u{1B}[2J nul\u{00} nel\u{85} del\u{7F}", "bell\\x07 esc\\x1B[2J nul\\x00 nel\\x85 del\\x7F"),
        ("line\nbreak\ttab", "line↵break tab"),
        ("\u{202E}gpj.exe \u{2066}isolate\u{2069}", "\\u202Egpj.exe \\u2066isolate\\u2069"),
        ("Ёжик 🇩🇪 お正月 Cre\u{300}me", "Ёжик 🇩🇪 お正月 Cre\u{300}me"),
    ])
    func contentShowsEveryCharacterAsText(_ raw: String, _ shown: String) {
        #expect(HTMLText.escaped(raw) == shown)
    }

    @Test func plainTextIsReturnedAsItIs() {
        #expect(HTMLText.escaped("Мастер и Маргарита — 1966") == "Мастер и Маргарита — 1966")
        #expect(HTMLText.attribute("2025-12-22") == "2025-12-22")
    }

    @Test func lineBreaksMayBeKept() {
        #expect(HTMLText.escaped("a\nb\r\nc", lineBreaks: true) == "a\nb\n\nc")
    }

    @Test(arguments: [
        ("say \"hi\" & <b>'x'</b>", "say &quot;hi&quot; &amp; &lt;b&gt;&#39;x&#39;&lt;/b&gt;"),
        ("tab\there\nline", "tab&#x09;here&#x0A;line"),
        ("\u{202E}kept", "\u{202E}kept"),
        ("nul\u{00} nel\u{85}", "nul\\x00 nel\\x85"),
    ])
    func attributesKeepThePlainValue(_ raw: String, _ written: String) {
        #expect(HTMLText.attribute(raw) == written)
    }

    /// Whatever the text, the escaped forms hold no character that could end the element or attribute.
    @Test func noTextLeavesItsPlace() {
        var generator = SplitMix64(seed: 17)
        let alphabet = Array("<>&\"'/!-[]= \n\t\u{00}\u{1B}\u{85}\u{202E}aЖ🎄")
        for _ in 0..<500 {
            let text = String(
                (0..<Int(generator.next() % 40)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            for escaped in [HTMLText.escaped(text), HTMLText.attribute(text)] {
                #expect(!escaped.contains(where: { "<>\"'".contains($0) }), "\(text.debugDescription)")
                #expect(!escaped.unicodeScalars.contains { $0.value == 0 || (0x80...0x9F).contains($0.value) })
            }
            #expect(!HTMLText.escaped(text).unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E })
        }
    }
}
