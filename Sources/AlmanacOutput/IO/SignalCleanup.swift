import Foundation
import Synchronization

/// Removes the temporary files of outputs being written when a signal ends the process: Ctrl-C
/// (SIGINT), SIGTERM and SIGHUP. An `OutputFile` registers its temporary (folder descriptor and
/// name) when it makes it and unregisters it once it is renamed or removed.
///
/// A signal handler may only call async-signal-safe functions, so the handler reads nothing but
/// memory allocated beforehand: slots in blocks that are never freed or moved, each a descriptor, a
/// state and a name of up to 255 bytes, and calls only `unlinkat`, `signal`, `sigprocmask` and
/// `raise`. A slot's name is written before its state says it is in use (a fence between), so the
/// handler never reads a name half made. After removing, the handler lets the signal take its
/// default action, so the shell sees the usual status (130 for Ctrl-C).
package enum SignalCleanup {
    /// One block of slots; `next` links the blocks, newest first.
    package struct Block {
        static let slots = 256
        package var next: UnsafeMutablePointer<Block>?
        package var entries: UnsafeMutablePointer<Slot>
    }

    package struct Slot {
        static let nameCapacity = 256
        /// 1 while the temporary exists.
        var inUse: Int32 = 0
        package var folder: Int32 = -1
        /// NUL-terminated.
        package var name:
            (
                UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    }

    /// A registered temporary, to unregister.
    package struct Ticket {
        fileprivate let slot: UnsafeMutablePointer<Slot>?
    }

    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    // Written by ordinary code under `lock`; the handler only reads `head` and the slots.
    nonisolated(unsafe) static var head: UnsafeMutablePointer<Block>?
    nonisolated(unsafe) private static var free: [UnsafeMutablePointer<Slot>] = []
    nonisolated(unsafe) private static var installed = false
    private static let lock = NSLock()

    /// Registers `name` in the folder `folder` (a descriptor kept open until `unregister`). A name
    /// too long for a slot is not registered (Almanac's temporary names are shorter).
    static func register(folder: Int32, name: String) -> Ticket {
        let bytes = Array(name.utf8)
        guard bytes.count < Slot.nameCapacity, !bytes.contains(0) else { return Ticket(slot: nil) }
        lock.lock()
        defer { lock.unlock() }
        installHandlers()
        if free.isEmpty { addBlock() }
        let slot = free.removeLast()
        slot.pointee.folder = folder
        withUnsafeMutableBytes(of: &slot.pointee.name) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        slot.pointee.inUse = 1
        return Ticket(slot: slot)
    }

    /// The temporary is gone or renamed: the handler no longer removes it.
    static func unregister(_ ticket: Ticket) {
        guard let slot = ticket.slot else { return }
        lock.lock()
        defer { lock.unlock() }
        slot.pointee.inUse = 0
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        free.append(slot)
    }

    /// Removes every registered temporary; async-signal-safe.
    package static func removeAll() {
        forEachSlot { slot in
            guard slot.pointee.inUse == 1 else { return }
            withUnsafeBytes(of: &slot.pointee.name) { raw in
                _ = unlinkat(slot.pointee.folder, raw.baseAddress!.assumingMemoryBound(to: CChar.self), 0)
            }
        }
    }

    private static func forEachSlot(_ body: (UnsafeMutablePointer<Slot>) -> Void) {
        var block = head
        while let current = block {
            for index in 0..<Block.slots { body(current.pointee.entries + index) }
            block = current.pointee.next
        }
    }

    private static func addBlock() {
        let entries = UnsafeMutablePointer<Slot>.allocate(capacity: Block.slots)
        entries.initialize(repeating: Slot(), count: Block.slots)
        let block = UnsafeMutablePointer<Block>.allocate(capacity: 1)
        block.initialize(to: Block(next: head, entries: entries))
        for index in (0..<Block.slots).reversed() { free.append(entries + index) }
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        head = block
    }

    private static func installHandlers() {
        guard !installed else { return }
        installed = true
        for number in signals {
            let previous = signal(number, removeTemporariesOnSignal)
            // A signal the parent chose to ignore (`nohup`, `cmd &` in sh) stays ignored.
            if TerminalRestoration.isIgnored(previous) { signal(number, previous) }
        }
    }
}

/// The handler: remove the temporaries, then let the signal take its default action.
private func removeTemporariesOnSignal(_ number: Int32) {
    SignalCleanup.removeAll()
    takeDefaultAction(of: number)
}

/// From a signal's handler: lets the signal take its default action now (end or stop the process).
/// The handler stays unset; a handler that wants the signal again sets itself back.
func takeDefaultAction(of number: Int32) {
    signal(number, SIG_DFL)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    sigaddset(&unblocked, number)
    // The signal is blocked while its handler runs; unblock it so the default action happens now.
    sigprocmask(SIG_UNBLOCK, &unblocked, nil)
    raise(number)
}
