import AlmanacArguments
import AlmanacKinds
import AlmanacKit
import AlmanacOutput
import AlmanacServer
import AlmanacText
import Dispatch
import Foundation

/// `almanac serve [--host H] [--port N] [--read-only] [--password-file F] [--allowed-host NAME…]`: the
/// worlds as live pages.
struct Serve: RunnableCommand, Exemplified, Formatted {
    static let configuration = CommandConfiguration(
        "serve",
        abstract: localized("help.serve.abstract"),
        discussion: localized("help.serve.discussion"))

    /// Both refused before anything is bound: an example that served would never end.
    static let examples = [
        Example("almanac serve --host 0.0.0.0", "example.serve.open-host", status: 64),
        Example("almanac serve --read-only --port 99999", "example.serve.read-only-port", status: 64),
    ]

    static let formats = FormatOption.text

    let global: GlobalOptions
    let host: String
    let port: PortNumber
    let readOnly: Bool
    let passwordFile: String?
    let allowedHosts: [String]

    init(_ line: ArgumentReader) {
        global = GlobalOptions(line)
        host = line.option("--host", value: "address", help: "help.serve.host", default: "127.0.0.1")
        port = line.option("--port", value: "port", help: "help.serve.port", default: PortNumber(checked: 8080))
        readOnly = line.flag("--read-only", help: "help.serve.read-only")
        passwordFile = line.option(
            "--password-file", value: "file", help: "help.serve.password-file", completion: .files)
        allowedHosts = line.option("--allowed-host", value: "name", help: "help.serve.allowed-host")
    }

    func run() throws {
        let settings = try global.settings()
        let fixedToday = global.today != nil || !(ProcessInfo.processInfo.environment["ALMANAC_TODAY"] ?? "").isEmpty
        let configuration = try ServerConfiguration(
            host: host, port: Int(port.value), readOnly: readOnly, passwordFile: passwordFile,
            allowedHosts: allowedHosts, settings: settings, fixedToday: fixedToday)
        let line = settings.localizer("serve.listening", ["path": settings.databasePath, "url": "{url}"])
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await Server.run(configuration) { url in
                    // The line tests and people read the port from (`--port 0`): written at once.
                    try? OutputWriter.standardOutput.write(line.replacingOccurrences(of: "{url}", with: url) + "\n")
                    try? OutputWriter.standardOutput.flush()
                    // The quiz works without the flags' pictures, with emoji a browser may not draw.
                    if !FlagPictures.available {
                        let note = settings.localizer("serve.note.no-flags", ["folder": FlagPictures.folder])
                        try? OutputWriter.standardError.write(note + "\n")
                        try? OutputWriter.standardError.flush()
                    }
                }
            } catch {
                outcome.failure = error
            }
            done.signal()
        }
        done.wait()
        if let failure = outcome.failure { throw failure }
    }

    /// What the server's task ended with, handed to the command's thread once the task signals.
    private final class Outcome: @unchecked Sendable {
        // Written by the task before it signals, read by the command after it waited: never at once.
        var failure: Error?
    }
}
