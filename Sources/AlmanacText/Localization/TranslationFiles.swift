/// The translation files built into the binary (`Translations/LANGUAGE/*.strings`), embedded into this
/// target by the EmbedResources build plugin, so a release binary needs no file beside it.
package enum TranslationFiles {
    /// Every translation file, sorted by its path from the package root.
    package static var all: [(path: String, contents: String)] {
        embeddedFiles.filter { $0.path.hasPrefix("Translations/") }
    }
}
