import Foundation
import TestSupport

extension Workdir {
    /// What a run measured for its memory: how it ended, its peak resident memory, and what it wrote
    /// (standard output in `out.txt` of the directory, counted here; standard error whole).
    struct Measured {
        let status: Int32
        /// The child's peak resident set (`ru_maxrss` from `wait4`), in KiB.
        let peakKiB: Int
        let lines: Int
        let bytes: Int
        let lastLine: String
        let stderr: String
    }

    /// Runs the binary as `run` does, its standard output into `out.txt`, and reads its peak resident
    /// memory from `wait4`. The child is started by a small Python process, not by this test: a child
    /// spawned from the test process would inherit the test's own high-water mark at `exec`, while
    /// Python's is about 10 MiB, well under any bound a test sets.
    func measure(_ arguments: [String], environment: [String: String] = [:]) throws -> Measured {
        let script = """
            import json, os, sys
            binary, directory, *arguments = sys.argv[1:]
            os.chdir(directory)
            out = os.open("out.txt", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            err = os.open("err.txt", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            pid = os.fork()
            if pid == 0:
                os.dup2(out, 1)
                os.dup2(err, 2)
                os.execve(binary, [binary] + arguments, json.loads(os.environ["ALMANAC_CHILD_ENVIRONMENT"]))
            _, status, usage = os.wait4(pid, 0)
            lines, size, last = 0, 0, b""
            with open("out.txt", "rb") as stream:
                for line in stream:
                    lines += 1
                    size += len(line)
                    last = line
            print(json.dumps({"status": os.waitstatus_to_exitcode(status), "peak": usage.ru_maxrss, "lines": lines,
                              "bytes": size, "last": last.decode("utf-8", "replace").rstrip("\\r\\n")}))
            """
        let (arguments, environment) = try onStore(arguments, environment)
        var childEnvironment = ["PATH": "/usr/bin:/bin", "HOME": url.path]
        childEnvironment.merge(environment) { $1 }
        let encoded = String(decoding: try JSONSerialization.data(withJSONObject: childEnvironment), as: UTF8.self)
        let printed = try Python.run(
            script, arguments: [Self.binary.path, url.path] + arguments,
            environment: ["ALMANAC_CHILD_ENVIRONMENT": encoded])
        let fields = try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any] ?? [:]
        return Measured(
            status: Int32(fields["status"] as? Int ?? -1), peakKiB: fields["peak"] as? Int ?? -1,
            lines: fields["lines"] as? Int ?? -1, bytes: fields["bytes"] as? Int ?? -1,
            lastLine: fields["last"] as? String ?? "",
            stderr: (try? String(contentsOfFile: path("err.txt"), encoding: .utf8)) ?? "")
    }
}
