import Testing

@testable import AlmanacArguments
@testable import AlmanacText

/// A checked command line converted by the command's own declaration: each value to its type, and
/// for a value that does not convert, the usage error that says what would do.
@Suite struct ArgumentReaderTests {
    struct LoanID: BoundedWholeNumber {
        static let least: Int64 = 1
        let value: Int64
        init(checked number: Int64) { value = number }
    }

    /// A declaration with a global option, options of several types and two arguments.
    struct Step {
        let format: CommandSpecTests.Sort
        let sort: CommandSpecTests.Sort
        let seed: UInt64?
        let rounds: Int
        let set: [String]
        let verbose: Bool
        let id: LoanID
        let steps: Int
        let rest: [String]

        init(_ line: ArgumentReader) {
            format = line.option("--format", value: "format", help: "", default: .title)
            sort = line.option("--sort", value: "title|due", help: "", default: .due)
            seed = line.option("--seed", value: "n", help: "")
            rounds = line.option("--rounds", value: "n", help: "", default: 10)
            set = line.option("--set", value: "k=v", help: "")
            verbose = line.flag("--verbose", help: "")
            id = line.argument("id", help: "")
            steps = line.argument("steps", help: "")
            rest = line.argument("rest", help: "", required: false)
        }
    }

    static let spec: CommandSpec = {
        let line = ArgumentReader.describing(.english)
        _ = Step(line)
        return line.spec(path: ["step"], abstract: "", discussion: "", globals: ["--format"])
    }()
    static let scanner = ArgumentScanner(globals: [CommandSpec.Option(names: ["--format"], valueName: "format")]) {
        path in
        path.isEmpty
            ? CommandSpec(path: [], subcommands: [.init(name: "step", abstract: "")]) : path == ["step"] ? spec : nil
    }

    /// The values read from a command line, or the usage error for it in English.
    static func read(_ arguments: [String]) -> Result<Step, AlmanacError> {
        let invocation = scanner.scan(["step"] + arguments)
        if let mistake = invocation.mistake { return .failure(mistake) }
        let line = ArgumentReader.reading(invocation, .english)
        let step = Step(line)
        return line.mistake.map { .failure($0) } ?? .success(step)
    }

    static func message(_ arguments: [String]) -> String? {
        if case .failure(let mistake) = read(arguments) { return mistake.message(.english) }
        return nil
    }

    @Test func valuesConvertToTheirTypes() throws {
        let step = try Self.read([
            "7", "-2", "a", "b", "--seed=42", "--set", "x=1", "--verbose", "--sort", "title", "--set", "y=2",
            "--format", "due",
        ]).get()
        #expect(step.id.value == 7 && step.steps == -2 && step.rest == ["a", "b"])
        #expect(step.seed == 42 && step.rounds == 10 && step.set == ["x=1", "y=2"] && step.verbose)
        #expect(step.sort == .title && step.format == .due)
        let defaults = try Self.read(["1", "+3"]).get()
        #expect(
            defaults.seed == nil && defaults.sort == .due && defaults.format == .title && !defaults.verbose
                && defaults.rest.isEmpty)
        #expect(defaults.steps == 3)
    }

    @Test(arguments: [
        (["0", "1"], "invalid value \"0\" for <id>: expected a whole number from 1 to 9223372036854775807"),
        (["1", "x"], "invalid value \"x\" for <steps>: expected a whole number"),
        (["x", "x"], "invalid value \"x\" for <id>: expected a whole number from 1 to 9223372036854775807"),
        (
            ["1", "1", "--seed", "-1"],
            "invalid value \"-1\" for --seed <n>: expected a whole number from 0 to 18446744073709551615"
        ),
        (["1", "1", "--rounds", "1.5"], "invalid value \"1.5\" for --rounds <n>: expected a whole number"),
        (
            ["1", "1", "--rounds", "99999999999999999999"],
            "invalid value \"99999999999999999999\" for --rounds <n>: expected a whole number no larger than 9223372036854775807"
        ),
        (["1", "1", "--sort", "titel"], "--sort: \"titel\" is not one of title, due (did you mean \"title\"?)"),
        (["1", "1", "--format="], "--format: \"\" is not one of title, due"),
    ])
    func aWrongValueSaysWhatWouldDo(_ arguments: [String], _ expected: String) {
        #expect(Self.message(arguments) == expected)
    }

    /// Of several wrong values the first reported is a global option's, then the command's options
    /// as given, then its arguments, as the messages have always come.
    @Test func theFirstWrongValueIsReported() {
        #expect(Self.message(["x", "y", "--rounds", "a", "--seed", "b"])?.contains("--rounds") == true)
        #expect(Self.message(["x", "y", "--seed", "b", "--rounds", "a"])?.contains("--seed") == true)
        #expect(Self.message(["x", "y", "--seed", "b", "--format", "z"])?.hasPrefix("--format") == true)
        #expect(Self.message(["x", "y"])?.contains("<id>") == true)
    }

    /// Read to describe the command, a declaration gives its defaults, and a value with none a value
    /// of its type; nothing is reported.
    @Test func describingNeedsNoValues() {
        let line = ArgumentReader.describing(.english)
        let step = Step(line)
        #expect(line.mistake == nil)
        #expect(step.id.value == 1 && step.rounds == 10 && step.seed == nil && step.rest.isEmpty && step.sort == .due)
    }
}
