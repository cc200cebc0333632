import Foundation

/// Where the package's own files are, for tests that read them (the sources, the fuzz corpora).
enum PackagePaths {
    /// The package root: this file is `Tests/AlmanacKitTests/Support/PackagePaths.swift`.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/NAME`.
    static func tests(_ name: String) -> URL { root.appendingPathComponent("Tests/" + name) }
}
