import Foundation
import PackagePlugin

/// Embeds the package's data files (schema, reports, translations, sample data) into the target as
/// Swift string literals, so a release binary needs no file beside it.
@main
struct EmbedResources: BuildToolPlugin {
    /// Folders at the package root whose files are embedded, with the extension each keeps.
    static let folders: [(name: String, ext: String)] = [
        ("Schema", "sql"),
        ("Reports", "sql"),
        ("Translations", "strings"),
        ("SampleData", "csv"),
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        var inputs: [URL] = []
        var relativePaths: [String] = []
        for folder in Self.folders {
            let base = root.appending(path: folder.name)
            inputs.append(base)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in walker where url.pathExtension == folder.ext {
                let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count))
                    .trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                inputs.append(url)
                relativePaths.append(relative)
            }
        }
        relativePaths.sort()
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(relativePaths.count) data files into \(target.name)",
                executable: try context.tool(named: "EmbedTool").url,
                arguments: [output.path, root.path] + relativePaths,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
