import Foundation
import PackagePlugin

/// Embeds the package's data files (schema, reports, translations, sample data) into the target as
/// Swift string literals, so a release binary needs no file beside it.
@main
struct EmbedResources: BuildToolPlugin {
    /// Folders at the package root whose files are embedded, with the extension each keeps, by the
    /// target that reads them: the words go with the text layer, the data with the worlds.
    static let folders: [String: [(name: String, ext: String)]] = [
        "AlmanacText": [
            ("Translations", "strings")
        ],
        "AlmanacKinds": [
            ("Schema", "sql"),
            ("Reports", "sql"),
            ("SampleData", "csv"),
        ],
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        guard let folders = Self.folders[target.name] else {
            throw EmbedError(message: "no data folders are listed for the target \(target.name)")
        }
        // The tool lists the folders itself when it runs, so a file added since SwiftPM last ran this
        // plugin is still embedded; the folders (and the files seen now) are inputs, so adding,
        // changing or removing a file runs the tool again.
        var inputs: [URL] = []
        for folder in folders {
            let base = root.appending(path: folder.name)
            inputs.append(base)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isDirectoryKey])
            else {
                continue
            }
            for case let url as URL in walker {
                let isDirectory = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
                if isDirectory || url.pathExtension == folder.ext { inputs.append(url) }
            }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding the data folders into \(target.name)",
                executable: try context.tool(named: "EmbedTool").url,
                arguments: [output.path, root.path] + folders.map { "\($0.name):\($0.ext)" },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}

/// A target the plugin was applied to without saying what it embeds.
struct EmbedError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
