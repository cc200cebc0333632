import AlmanacStore
import CSQLite
import Foundation

extension SQLiteDatabase {
    /// Registers `name(text)` on this connection (`sqlite3_create_function_v2`, deterministic and
    /// innocuous): SQLite owns the function's box and releases it when the connection closes.
    public func defineFunction(_ name: String, _ body: @escaping @Sendable (String?) throws -> String?) throws {
        let box = Unmanaged.passRetained(FunctionBox(body)).toOpaque()
        let code = sqlite3_create_function_v2(
            handle, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, box,
            { context, count, arguments in
                guard let context, let pointer = sqlite3_user_data(context) else { return }
                let text = count == 1 ? arguments?[0].flatMap(sqlite3_value_text).map { String(cString: $0) } : nil
                do {
                    guard let result = try Unmanaged<FunctionBox>.fromOpaque(pointer).takeUnretainedValue().body(text)
                    else {
                        sqlite3_result_null(context)
                        return
                    }
                    sqlite3_result_text(context, result, -1, SQLITE_TRANSIENT)
                } catch let refusal as FunctionRefusal {
                    sqlite3_result_error(context, refusal.message, -1)
                } catch {
                    sqlite3_result_error(context, "\(error)", -1)
                }
            },
            nil, nil,
            { pointer in
                if let pointer { Unmanaged<FunctionBox>.fromOpaque(pointer).release() }
            })
        guard code == SQLITE_OK else { throw DatabaseError(self, code: code) }
    }
}

/// A function's body kept alive for SQLite, which holds it by pointer.
private final class FunctionBox {
    let body: @Sendable (String?) throws -> String?
    init(_ body: @escaping @Sendable (String?) throws -> String?) { self.body = body }
}
