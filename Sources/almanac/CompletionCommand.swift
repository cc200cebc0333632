import AlmanacKit
import Foundation

enum CompletionCommand {
    static func run(_ arguments: [String]) {}
}

enum ManualCommand {
    static func page() -> String { "" }
}

enum CompletionScripts {
    static func print(_ shell: String?) {}
}
