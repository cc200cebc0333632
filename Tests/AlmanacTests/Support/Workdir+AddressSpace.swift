import Foundation

extension Workdir {
    /// Runs the binary as `run` does, with its address space limited to `kib` KiB (`ulimit -v`, set by
    /// a shell that then becomes the binary): an allocation past the limit fails, so a run that
    /// ends as it should stayed within it. (wait4's peak RSS cannot serve: a child spawned by this
    /// large test process inherits its high-water mark at exec.)
    func run(_ arguments: [String], addressSpaceKiB kib: Int) throws -> Output {
        try run(
            ["-c", "ulimit -v \(kib) && exec \"$0\" \"$@\"", Self.binary.path] + arguments,
            executable: URL(fileURLWithPath: "/bin/sh"))
    }

    /// The least address space, to `resolution` KiB, in which `arguments` end with `status`: found by
    /// bisection between `low` (too little) and `high` KiB; nil when even `high` is too little.
    func addressSpaceNeeded(
        _ arguments: [String], status: Int32 = 0, low: Int = 16 << 10, high: Int = 1 << 20,
        resolution: Int = 2 << 10
    ) throws -> Int? {
        guard try run(arguments, addressSpaceKiB: high).status == status else { return nil }
        var (tooLittle, enough) = (low, high)
        while enough - tooLittle > resolution {
            let middle = (tooLittle + enough) / 2
            if try run(arguments, addressSpaceKiB: middle).status == status {
                enough = middle
            } else {
                tooLittle = middle
            }
        }
        return enough
    }
}
