/// The data files built into the binary: schema migrations, report definitions and
/// sample data. They come from the package's `Schema/`, `Reports/` and
/// `SampleData/` folders through the EmbedResources build plugin.
public enum Resources {
    /// The contents of one embedded file, by its path from the package root (`Schema/001_initial.sql`).
    public static func file(_ path: String) -> String? {
        embeddedFiles.first { $0.path == path }?.contents
    }

    /// The embedded files under a folder (recursively), sorted by path.
    public static func files(under folder: String) -> [(path: String, contents: String)] {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return embeddedFiles.filter { $0.path.hasPrefix(prefix) }
    }

    /// Every embedded file's path, sorted.
    public static var paths: [String] { embeddedFiles.map(\.path) }
}
