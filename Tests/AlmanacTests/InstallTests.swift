import Foundation
import Testing

/// `make install` into a temporary DESTDIR: each file in its place, the man pages read by man and
/// groff without a warning, the bash completion at work in a real interactive bash (through a
/// pseudo-terminal), zsh's and fish's loaded; `make uninstall` removes exactly those files.
@Suite struct InstallTests {
    let dir: Workdir
    let destination: URL
    static let files = [
        "usr/bin/almanac", "usr/share/man/man1/almanac.1", "usr/share/man/ru/man1/almanac.1",
        "usr/share/bash-completion/completions/almanac", "usr/share/zsh/site-functions/_almanac",
        "usr/share/fish/vendor_completions.d/almanac.fish",
    ]

    init() throws {
        dir = try Workdir()
        destination = dir.url.appendingPathComponent("stage")
        let out = try Self.make("install-files", in: dir, destination: destination)
        try #require(out.status == 0, "\(out.stderr)")
    }

    static func make(_ target: String, in dir: Workdir, destination: URL) throws -> Workdir.Output {
        // Each test generates into its own folder: tests run at once.
        try dir.run(
            [
                "-C", Workdir.packageRoot.path, "--no-print-directory", target, "BINARY=\(Workdir.binary.path)",
                "DESTDIR=\(destination.path)", "PREFIX=/usr", "GENERATED=\(dir.path("generated"))",
            ],
            executable: URL(fileURLWithPath: "/usr/bin/make"))
    }

    func installed(_ file: String) -> String { destination.appendingPathComponent(file).path }

    /// The path of a program on the standard PATH, nil when it is not installed.
    static func program(_ name: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + name }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    @Test func eachFileIsInPlaceAndUninstallRemovesExactlyThem() throws {
        for file in Self.files {
            #expect(FileManager.default.fileExists(atPath: installed(file)), "\(file)")
        }
        #expect(try dir.run(["--version"], executable: URL(fileURLWithPath: installed("usr/bin/almanac"))).status == 0)
        for (shell, file) in [("bash", Self.files[3]), ("zsh", Self.files[4]), ("fish", Self.files[5])] {
            let script = try dir.run(["--generate-completion-script", shell]).stdout
            #expect(try String(contentsOfFile: installed(file), encoding: .utf8) == script, "\(shell)")
        }
        let page = try String(contentsOfFile: installed(Self.files[1]), encoding: .utf8)
        #expect(
            page.split(separator: "\n").first { !$0.hasPrefix(".if !c") }?.hasPrefix(#".TH ALMANAC 1 "" "almanac "#)
                == true, "only the stand-ins before .TH")
        try dir.write("stage/usr/bin/other-tool", "keep me")
        let out = try Self.make("uninstall", in: dir, destination: destination)
        #expect(out.status == 0, "\(out.stderr)")
        for file in Self.files {
            #expect(!FileManager.default.fileExists(atPath: installed(file)), "\(file) is left")
        }
        #expect(
            FileManager.default.fileExists(atPath: installed("usr/bin/other-tool")), "uninstall removed another file")
    }

    @Test(.enabled(if: program("groff") != nil, "groff is not installed (make test-deps installs groff-base)"))
    func groffReadsTheManPagesWithoutAWarning() throws {
        for page in [Self.files[1], Self.files[2]] {
            let out = try dir.run(
                ["-man", "-Tutf8", "-ww", installed(page)], executable: URL(fileURLWithPath: Self.program("groff")!))
            #expect(out.status == 0 && out.stderr.isEmpty, "\(page): \(out.stderr)")
            #expect(out.stdout.contains("almanac books add"))
        }
    }

    @Test(.enabled(if: program("man") != nil, "man is not installed (make test-deps installs man-db)"))
    func manReadsTheManPagesWithoutAWarning() throws {
        for (page, heading) in [(Self.files[1], "EXAMPLES"), (Self.files[2], "ПРИМЕРЫ")] {
            let out = try dir.run(
                ["--warnings", "-l", installed(page)],
                environment: ["MANPAGER": "cat", "MANWIDTH": "80", "LANG": "C.UTF-8"],
                executable: URL(fileURLWithPath: Self.program("man")!))
            #expect(out.status == 0 && out.stderr.isEmpty, "\(page): \(out.stderr)")
            #expect(out.stdout.contains(heading) && out.stdout.contains("almanac calendar show"), "\(page)")
        }
    }

    /// Under `LANG=C` man renders ASCII: every character outside it (the Russian examples, ✓, …) has a
    /// stand-in, so groff warns of none, and a UTF-8 terminal still shows the characters themselves.
    @Test(.enabled(if: program("man") != nil, "man is not installed (make test-deps installs man-db)"))
    func manReadsThePagesUnderTheCLocaleWithoutAWarning() throws {
        for page in [Self.files[1], Self.files[2]] {
            let out = try dir.run(
                ["--warnings", "-l", installed(page)],
                environment: ["MANPAGER": "cat", "MANWIDTH": "80", "LANG": "C", "LC_ALL": "C"],
                executable: URL(fileURLWithPath: Self.program("man")!))
            #expect(out.status == 0 && out.stderr.isEmpty, "\(page): \(out.stderr)")
            #expect(out.stdout.contains("almanac calendar show") && out.stdout.allSatisfy(\.isASCII), "\(page)")
        }
        let english = try dir.run(
            ["--warnings", "-l", installed(Self.files[1])],
            environment: ["MANPAGER": "cat", "MANWIDTH": "80", "LANG": "C"],
            executable: URL(fileURLWithPath: Self.program("man")!)
        ).stdout
        #expect(english.contains("--borrower Anna"), "Анна in ASCII")
        let utf8 = try dir.run(
            ["--warnings", "-l", installed(Self.files[1])],
            environment: ["MANPAGER": "cat", "MANWIDTH": "80", "LANG": "C.UTF-8"],
            executable: URL(fileURLWithPath: Self.program("man")!)
        ).stdout
        #expect(utf8.contains("--borrower Анна"), "the letters themselves on a UTF-8 terminal")
    }

    /// The installed binary carries no debug information (`install -s`): its ELF sections hold no
    /// `.debug_*`, and it still runs.
    @Test func theInstalledBinaryIsStripped() throws {
        let sections = try Self.sectionNames(URL(fileURLWithPath: installed(Self.files[0])))
        #expect(!sections.isEmpty && !sections.contains { $0.hasPrefix(".debug") }, "\(sections)")
        #expect(
            try Self.sectionNames(Workdir.binary).contains { $0.hasPrefix(".debug") },
            "the debug build has debug information to strip")
        #expect(try dir.run(["--version"], executable: URL(fileURLWithPath: installed(Self.files[0]))).status == 0)
    }

    /// The names of an ELF64 little-endian file's sections, read from its section header table.
    static func sectionNames(_ file: URL) throws -> [String] {
        let data = try Data(contentsOf: file, options: .alwaysMapped)
        func integer(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(data[offset + $1]) << (8 * $1) }
        }
        guard data.count > 64, data.prefix(4) == Data([0x7F, 0x45, 0x4C, 0x46]) else { return [] }
        let (table, entrySize, count, namesIndex) = (
            integer(0x28, 8), integer(0x3A, 2), integer(0x3C, 2), integer(0x3E, 2)
        )
        let names = integer(table + namesIndex * entrySize + 0x18, 8)
        return (0..<count).map { index in
            let start = names + integer(table + index * entrySize, 4)
            let end = data[start...].firstIndex(of: 0) ?? start
            return String(decoding: data[start..<end], as: UTF8.self)
        }
    }

    @Test(.enabled(if: program("zsh") != nil, "zsh is not installed (make test-deps installs it)"))
    func zshLoadsItsCompletion() throws {
        let script =
            "autoload -U compinit && compinit -u -D && source \(installed(Self.files[4])) && (( $+functions[_almanac] )) && echo loaded"
        let out = try dir.run(["-f", "-c", script], executable: URL(fileURLWithPath: Self.program("zsh")!))
        #expect(out.status == 0 && out.stdout == "loaded\n" && out.stderr.isEmpty, "\(out.stderr)")
    }

    @Test(.shellOnly, .enabled(if: program("fish") != nil, "fish is not installed (make test-deps installs it)"))
    func fishCompletesCommandsKindsAndHolidayKeys() throws {
        let database = try CompletionFixture.database(in: dir)
        let script =
            "source \(installed(Self.files[5])); complete -C'almanac imp'; complete -C'almanac import '; "
            + "complete -C'almanac --db \(database) calendar show '"
        let out = try dir.run(
            ["--no-config", "-c", script], environment: ["PATH": destination.path + "/usr/bin:/usr/bin:/bin"],
            executable: URL(fileURLWithPath: Self.program("fish")!))
        #expect(out.status == 0 && out.stderr.isEmpty, "\(out.stderr)")
        let lines = out.stdout.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
        for expected in ["import", "books", "quiz-answers", "christmas", "rozhdestvo"] {
            #expect(lines.contains(expected), "\(expected): \(out.stdout)")
        }
    }

    @Test(.shellOnly, .enabled(if: program("bash") != nil, "bash is not installed"))
    func bashCompletesInARealInteractiveShell() throws {
        let database = try CompletionFixture.database(in: dir)
        let shell = try InteractiveShell(
            bash: Self.program("bash")!,
            environment: [
                "PATH": destination.path + "/usr/bin:/usr/bin:/bin", "HOME": dir.url.path, "TERM": "dumb", "PS1": "$ ",
                "ALMANAC_DB": database,
            ])
        defer { shell.close() }
        shell.type("source \(installed(Self.files[3]))\n")
        shell.type(#"bind -x '"\C-t": printf "\nLINE<%s>\n" "$READLINE_LINE"'"# + "\n")
        shell.type("almanac imp\t\u{14}")
        #expect(shell.waitFor("LINE<almanac import >"), "\(shell.transcript)")
        shell.type("\u{15}almanac import \t\t")
        #expect(
            shell.waitFor("quiz-answers") && shell.transcript.contains("animation-properties"), "\(shell.transcript)")
        shell.type("\u{15}almanac calendar show \t\t")
        #expect(shell.waitFor("rozhdestvo") && shell.transcript.contains("hanukkah"), "\(shell.transcript)")
        shell.type("\u{15}almanac calendar show chr\t\u{14}")
        #expect(shell.waitFor("LINE<almanac calendar show christmas >"), "\(shell.transcript)")
    }
}
