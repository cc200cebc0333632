import AlmanacKit
import Testing

@testable import AlmanacArguments
@testable import AlmanacKinds
@testable import AlmanacText
@testable import almanac

/// Every command's declaration, walked: each option is spelled once per command (its own, the shared
/// groups' and the global ones together), has its help in both languages, and arguments come in an
/// order the scanner can fill. An option's name and its value are one call (`ArgumentReader`), so
/// there is no second key to misspell; these catch what that cannot: a name given twice, a help key
/// that does not exist, a declaration that reads differently each time.
@Suite struct CommandDeclarationTests {
    static let commands: [(path: [String], type: any RunnableCommand.Type)] = CommandTree.allPaths.compactMap { path in
        (CommandTree.type(at: path) as? any RunnableCommand.Type).map { (path, $0) }
    }

    static func declared(_ type: any RunnableCommand.Type, _ localizer: Localizer) -> [CommandSpec.Argument] {
        let line = ArgumentReader.describing(localizer)
        _ = type.init(line)
        return line.declared
    }

    @Test func everyCommandThatRunsIsWalked() {
        #expect(Self.commands.count >= 40)
        for (path, type) in Self.commands {
            #expect(type.configuration.subcommands.isEmpty, "\(path) runs and groups commands")
            #expect(type.configuration.name == path.last, "\(path)")
        }
    }

    @Test func everySpellingIsDeclaredOnce() {
        for (path, type) in Self.commands {
            let spellings =
                Self.declared(type, .english).flatMap { argument -> [String] in
                    if case .option(let option) = argument { option.names } else { [] }
                } + CommandSpec.Option.help.names + CommandSpec.Option.version.names
            #expect(Set(spellings).count == spellings.count, "\(path): \(spellings)")
            for name in spellings where name != "-h" {
                #expect(name.hasPrefix("--") && name.count > 3 && !name.contains("="), "\(path): \(name)")
            }
        }
    }

    @Test func everyDeclarationHasItsHelpInBothLanguages() {
        for (path, type) in Self.commands {
            for localizer in [Localizer.english, Localizer(locale: "ru")] {
                for argument in Self.declared(type, localizer) {
                    let (label, placeholder, abstract): (String, String?, String) =
                        switch argument {
                        case .option(let option): (option.name, option.valueName, option.abstract)
                        case .positional(let positional):
                            (positional.synopsis, positional.valueName, positional.abstract)
                        }
                    #expect(
                        !abstract.isEmpty && !abstract.hasPrefix("help."),
                        "\(path) \(label) [\(localizer.language)]: \(abstract)")
                    #expect(placeholder?.isEmpty != true, "\(path) \(label)")
                }
            }
        }
    }

    /// Arguments are filled in order: none required after one that may be left out, and one that takes
    /// every remaining word comes last.
    @Test func argumentsComeInAnOrderTheScannerCanFill() throws {
        for path in Self.commands.map(\.path) {
            let positionals = try #require(CommandTree.spec(at: path)).positionals
            for (index, argument) in positionals.enumerated() {
                if argument.isRepeating { #expect(index == positionals.count - 1, "\(path)") }
                if argument.isOptional { #expect(positionals[index...].allSatisfy { $0.isOptional }, "\(path)") }
            }
        }
    }

    @Test func aDeclarationReadsTheSameEachTime() {
        for (path, type) in Self.commands {
            #expect(Self.declared(type, .english) == Self.declared(type, .english), "\(path)")
        }
    }

    /// A line that gives every option and argument a value of its type converts with no mistake: the
    /// scanner and the declaration agree on every name.
    @Test func everyOptionAndArgumentReachesTheCommand() throws {
        for path in Self.commands.map(\.path) {
            let spec = try #require(CommandTree.spec(at: path))
            var words = path
            for argument in spec.declared {
                switch argument {
                case .option(let option) where option.isHidden: continue
                case .option(let option):
                    words += option.takesValue ? [option.name, option.allowedValues.first ?? "1"] : [option.name]
                case .positional: words.append("1")
                }
            }
            let invocation = CommandTree.scanner.scan(words)
            #expect(invocation.mistake == nil, "\(words): \(invocation.mistake.map { $0.message(.english) } ?? "")")
            do {
                _ = try CommandTree.command(for: invocation)
            } catch {
                Issue.record("\(words): \(error)")
            }
        }
    }
}
