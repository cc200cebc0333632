import Foundation
import Testing

/// `almanac __complete`, which every completion script asks: the values a user can type next, read
/// from the database on the line without creating or writing anything, silent on any problem; and
/// the bash script's handling of `=`, spaces and files.
@Suite struct CompletionCommandTests {
    let dir: Workdir
    let database: String

    init() throws {
        dir = try Workdir()
        database = try CompletionFixture.database(in: dir)
    }

    func complete(_ words: [String], environment: [String: String] = [:]) throws -> [String] {
        let out = try dir.run(["__complete", "--"] + words, environment: environment)
        #expect(out.status == 0 && out.stderr.isEmpty, "\(out.stderr)")
        return out.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            $0.split(separator: "\t").first.map(String.init) ?? ""
        }
    }

    @Test func valuesForEachKindOfPlace() throws {
        #expect(try complete(["imp"]) == [":", "import"])
        #expect(try complete(["import", ""]).starts(with: [":directories", "holidays", "doors"]))
        #expect(try complete(["--format", ""]) == [":", "table", "markdown", "csv", "tsv", "json", "html"])
        #expect(try complete(["books", "list", "--sort", ""]) == [":", "title", "due"])
        #expect(try complete(["--color=a"]) == [":", "--color=auto", "--color=always"])
        #expect(try complete(["import", "books", "x.csv", "--on-conflict", ""]) == [":", "fail", "skip", "replace"])
        #expect(
            try complete(["import", "books", "x.csv", "--encoding", ""]) == [
                ":", "utf-8", "utf-16le", "utf-16be", "windows-1251", "windows-1252", "latin1",
            ])
        #expect(try complete(["--locale", ""]) == [":", "en", "ru"])
        #expect(try complete(["--tz", "Europe/Ber"]) == [":", "Europe/Berlin"])
        #expect(try complete(["report", "run", "overdue-"]) == [":", "overdue-books"])
        #expect(try complete(["report", "run", "overdue-books", "--param", ""]) == [":", "as_of=", "within="])
        #expect(try complete(["export", "books", "--out", ""]) == [":files"])
        #expect(try complete(["report", "list", "--reports-dir", ""]) == [":directories"])
        #expect(
            try complete(["--db", database, "calendar", "show", ""]) == [
                ":", "christmas", "hanukkah", "new-year", "rozhdestvo",
            ])
        #expect(try complete(["calendar", "open", "h"], environment: ["ALMANAC_DB": database]) == [":", "hanukkah"])
        #expect(try complete(["--db=" + database, "animation", "timeline", "W"]) == [":", "Wobble"])
        #expect(try complete(["animation", "save", "X", "--db", database, "--set", "op"]) == [":", "opacity="])
        #expect(try complete(["books", "list", "--so"]) == [":", "--sort"])
        #expect(try complete(["--db", database, "animation", "step", "Wobble", "op"]) == [":", "opacity"])
        #expect(try complete(["--db", database, "calendar", "holiday", "edit", "h"]) == [":", "hanukkah"])
    }

    @Test(.sqliteFile) func readsWithoutCreatingOrWritingAnything() throws {
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: database))
        #expect(try complete(["--db", database, "calendar", "show", ""]).count == 5)
        #expect(try complete(["--db", dir.path("typo.db"), "calendar", "show", ""]) == [":"])
        #expect(try complete(["calendar", "show", ""]) == [":"], "./almanac.db does not exist")
        try dir.write("notes.txt", "not a database, but long enough to be read as a header of one")
        #expect(try complete(["--db", dir.path("notes.txt"), "animation", "play", ""]) == [":"])
        let after = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted()
        #expect(after == (before + ["notes.txt"]).sorted(), "nothing created: \(after)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == bytes)
        let list = try dir.run(["__complete", "holidays", "--db", database])
        #expect(list.stdout == "christmas\nhanukkah\nnew-year\nrozhdestvo\n")
        #expect(try dir.run(["__complete", "no-such-list"]).stdout.isEmpty)
    }

    /// The bash script with the words bash hands it, as bash splits them (at `=` too).
    func bash(_ line: String) throws -> [String] {
        let script = try dir.run(["--generate-completion-script", "bash"]).stdout
        try dir.write("completion.bash", script)
        let driver = """
            source completion.bash
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
            read -ra COMP_WORDS <<< "${COMP_LINE//=/ = }"
            [[ $COMP_LINE == *" " || $COMP_LINE == *= ]] && COMP_WORDS+=("")
            [[ $COMP_LINE == *= ]] && { unset 'COMP_WORDS[${#COMP_WORDS[@]}-1]'; }
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _almanac
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let out = try dir.run(
            ["-c", driver], environment: ["PATH": Workdir.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"],
            executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(out.stderr.isEmpty, "\(out.stderr)")
        return out.stdout.split(separator: "\n").map(String.init)
    }

    @Test(.shellOnly) func theBashScriptJoinsWhatBashSplitsAndQuotesSpaces() throws {
        #expect(try bash("almanac imp") == ["import"])
        #expect(try bash("almanac --db \(database) animation save X --set=op") == ["opacity="])
        // Readline replaces what follows the `=`: the candidates begin after it, never with another `=`.
        #expect(try bash("almanac --db \(database) animation save X --set=").contains("opacity="))
        #expect(try bash("almanac --db \(database) animation save X --set=").allSatisfy { !$0.hasPrefix("=") })
        #expect(
            try bash("almanac --db \(database) animation save X --set opacity=").starts(with: ["0", "0.05", "0.1"]))
        #expect(try bash("almanac --db \(database) animation save X --set=opacity=0.9") == ["0.9", "0.95"])
        #expect(try bash("almanac --db \(database) animation timeline Gr") == [#"Grow\ tall"#])
        try dir.write("loans.csv", "title\n")
        #expect(try bash("almanac import books lo") == ["loans.csv"])
        #expect(try bash("almanac export books --out=lo") == ["loans.csv"])
        #expect(try bash("almanac export books --out=").contains("loans.csv"))
    }

    /// `almanac books ` offers the group's subcommands though `books` alone runs `books list`, in
    /// every shell's script: bash's, zsh's (its completion functions stood in for, so the words it
    /// would show are printed) and fish's.
    @Test func aDefaultSubcommandDoesNotHideTheOthers() throws {
        let subcommands = ["list", "add", "edit", "return", "delete"]
        #expect(try complete(["books", ""]) == [":"] + subcommands)
        #expect(try complete(["books", "r"]) == [":", "return"])
        #expect(
            try complete(["books", "--borrower", "Anna", ""]) == [":"],
            "after an option of books list, its arguments (none)")
        #expect(try bash("almanac books ") == subcommands)
        let path = Workdir.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
        if let zsh = InstallTests.program("zsh") {
            try dir.write("_almanac", try dir.run(["--generate-completion-script", "zsh"]).stdout)
            let script = """
                compdef() { : }
                _describe() { local name=${@[-1]}; print -l -- ${(P)name} }
                compadd() { local name=${@[-1]}; print -l -- ${(P)name} }
                compset() { : }
                _files() { : }
                source ./_almanac
                words=(almanac books ''); CURRENT=3
                _almanac
                """
            let out = try dir.run(
                ["-f", "-c", script], environment: ["PATH": path], executable: URL(fileURLWithPath: zsh))
            #expect(out.status == 0 && out.stderr.isEmpty, "\(out.stderr)")
            #expect(
                out.stdout.split(separator: "\n").map { String($0.split(separator: ":").first ?? "") } == subcommands,
                "\(out.stdout)")
        }
        if let fish = InstallTests.program("fish") {
            try dir.write("almanac.fish", try dir.run(["--generate-completion-script", "fish"]).stdout)
            let out = try dir.run(
                ["--no-config", "-c", "source almanac.fish; complete -C'almanac books '"], environment: ["PATH": path],
                executable: URL(fileURLWithPath: fish))
            #expect(out.status == 0 && out.stderr.isEmpty, "\(out.stderr)")
            #expect(
                out.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.sorted()
                    == subcommands.sorted(),
                "\(out.stdout)")
        }
    }

    /// `--set KEY=` offers the property's values (its grid, or its least, default and largest when
    /// the grid is long); `~` in `--db` and `--reports-dir` is the home folder, as the shell will read it.
    @Test func valuesOfAPropertyAndAHomeFolder() throws {
        #expect(try complete(["--db", database, "animation", "save", "X", "--set", "opacity="]).count == 22)
        #expect(
            try complete(["--db", database, "animation", "save", "X", "--set", "duration=9"]) == [
                ":", "duration=9", "duration=9.25", "duration=9.5", "duration=9.75",
            ])
        #expect(
            try complete(["--db", database, "animation", "save", "X", "--set=rotation_x=-1"]) == [
                ":", "--set=rotation_x=-180", "--set=rotation_x=-165",
                "--set=rotation_x=-150", "--set=rotation_x=-135", "--set=rotation_x=-120", "--set=rotation_x=-105",
                "--set=rotation_x=-15",
            ])
        #expect(try complete(["--db", database, "animation", "save", "X", "--set", "nosuch="]) == [":"])
        // A path in the home folder is a file's: the rest is about SQLite files.
        guard !TestStore.isPostgres else { return }
        // The sample database is in the home folder (Workdir sets HOME to it).
        #expect(
            try complete(["--db", "~/sample.db", "calendar", "show", ""]) == [
                ":", "christmas", "hanukkah", "new-year", "rozhdestvo",
            ])
        #expect(try complete(["--db=~/sample.db", "animation", "timeline", "W"]) == [":", "Wobble"])
        #expect(
            try complete(["calendar", "show", ""], environment: ["ALMANAC_DB": "~/sample.db"]) == [
                ":", "christmas", "hanukkah", "new-year", "rozhdestvo",
            ])
        #expect(try complete(["--db", "~nosuchuser/sample.db", "calendar", "show", ""]) == [":"])
    }

    /// The bash script in a real interactive bash, Tab typed as a user would: what readline puts on
    /// the line (`bind -x` prints it), not only what the script answers.
    @Test(.shellOnly, .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "bash is not installed"))
    func bashPutsOnTheLineWhatWasOffered() throws {
        _ = try dir.run(["--db", database, "animation", "save", "{a,b}"])
        try dir.sampleData("my db.db")
        try dir.write("completion.bash", try dir.run(["--generate-completion-script", "bash"]).stdout)
        let shell = try InteractiveShell(
            bash: "/bin/bash",
            environment: [
                "PATH": Workdir.binary.deletingLastPathComponent().path + ":/usr/bin:/bin", "HOME": dir.url.path,
                "TERM": "dumb", "PS1": "$ ",
            ])
        defer { shell.close() }
        shell.type("cd \(dir.url.path) && source completion.bash\n")
        shell.type(#"bind -x '"\C-t": printf "\nLINE<%s>\n" "$READLINE_LINE"'"# + "\n")
        for (typed, line) in [
            (
                "almanac --db ~/sample.db animation save X --set opacity=\t",
                "almanac --db ~/sample.db animation save X --set opacity="
            ),
            (
                "almanac --db ~/sample.db animation save X --set opacity=0.0\t",
                "almanac --db ~/sample.db animation save X --set opacity=0.05 "
            ),
            ("almanac --db ~/sample.db animation save X --set=\t", "almanac --db ~/sample.db animation save X --set="),
            (
                "almanac --db ~/sample.db animation save X --set=op\t",
                "almanac --db ~/sample.db animation save X --set=opacity="
            ),
            (
                "almanac --db ~/sample.db animation timeline Gr\t",
                #"almanac --db ~/sample.db animation timeline Grow\ tall "#
            ),
            (
                "almanac --db ~/sample.db animation timeline {\t",
                #"almanac --db ~/sample.db animation timeline \{a\,b\} "#
            ),
            ("almanac export books --out=completion.b\t", "almanac export books --out=completion.bash "),
            // A --db with a space, quoted as a user types it: the database is read after it.
            (#"almanac --db "my db.db" calendar show h"# + "\t", #"almanac --db "my db.db" calendar show hanukkah "#),
            ("almanac --db 'my db.db' calendar show h\t", "almanac --db 'my db.db' calendar show hanukkah "),
            (#"almanac --db my\ db.db calendar show h"# + "\t", #"almanac --db my\ db.db calendar show hanukkah "#),
            (#"almanac --db "my db.db" calendar op"# + "\t", #"almanac --db "my db.db" calendar open "#),
        ] {
            shell.type("\u{15}" + typed + "\u{14}")
            #expect(shell.waitFor("LINE<\(line)>", seconds: 10), "\(typed): \(shell.transcript.suffix(300))")
        }
    }
}
