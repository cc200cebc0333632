import Testing

/// The parent of every suite that enters `RawMode`. Only one raw mode can be active in a process
/// (the signal handlers need one place to find what to restore), so these suites are nested here
/// and run one test at a time: `extension TerminalTests { @Suite struct MyTests { ... } }`.
@Suite(.serialized) enum TerminalTests {}
