@testable import AlmanacKit
import Testing

/// A command read from swift-argument-parser's help dump: options, flags, arguments, completions.
@Suite struct CommandSpecTests {
    static let dump = #"""
        {"serializationVersion": 0, "command": {"commandName": "list", "abstract": "List.", "arguments": [
          {"kind": "option", "names": [{"kind": "long", "name": "db"}], "valueName": "path", "isOptional": true,
           "isRepeating": false, "shouldDisplay": true, "completionKind": {"file": {"extensions": []}}},
          {"kind": "option", "names": [{"kind": "long", "name": "sort"}], "valueName": "title|due", "isOptional": true,
           "isRepeating": false, "allValues": ["title", "due"], "defaultValue": "due", "abstract": "Order.",
           "completionKind": {"list": {"values": ["title", "due"]}}},
          {"kind": "option", "names": [{"kind": "long", "name": "set"}], "valueName": "key=value", "isOptional": true,
           "isRepeating": true, "completionKind": {"shellCommand": {"command": "almanac __complete property-assignments"}}},
          {"kind": "option", "names": [{"kind": "long", "name": "due"}], "valueName": "date", "isOptional": false, "isRepeating": false},
          {"kind": "flag", "names": [{"kind": "long", "name": "timing"}], "isOptional": true, "isRepeating": false, "shouldDisplay": false},
          {"kind": "flag", "names": [{"kind": "short", "name": "h"}, {"kind": "long", "name": "help"}], "isOptional": true,
           "isRepeating": false},
          {"kind": "positional", "valueName": "holiday", "isOptional": true, "isRepeating": false,
           "completionKind": {"directory": {}}}
        ], "subcommands": [{"commandName": "help", "abstract": "Show subcommand help information."}]}}
        """#

    @Test func readsOptionsFlagsAndArguments() throws {
        let spec = try CommandSpec(dump: Self.dump, path: ["books", "list"], excluding: ["--db"])
        #expect(spec.path == ["books", "list"])
        #expect(spec.abstract == "List.")
        #expect(spec.subcommands.isEmpty, "the parser's own help subcommand is left out")
        #expect(spec.options.map(\.name) == ["--sort", "--set", "--due", "--timing", "--help"])
        let sort = try #require(spec.option("--sort"))
        #expect(sort.allowedValues == ["title", "due"] && sort.defaultValue == "due" && sort.takesValue && !sort.isRequired)
        #expect(sort.synopsis == "--sort <title|due>")
        #expect(spec.option("--set")?.isRepeating == true)
        #expect(spec.option("--set")?.completion == .list(.propertyAssignments))
        #expect(spec.option("--due")?.isRequired == true)
        #expect(spec.option("--timing")?.isHidden == true && spec.option("--timing")?.takesValue == false)
        #expect(spec.option("-h") == spec.option("--help"))
        #expect(spec.positionals == [CommandSpec.Positional(valueName: "holiday", isOptional: true, completion: .directories)])
    }

    @Test func readsTheGlobalOptions() throws {
        let options = try CommandSpec.options(dump: Self.dump)
        #expect(options.first?.name == "--db")
        #expect(options.first?.completion == .files)
        #expect(!options.contains { $0.name == "--help" })
    }
}
