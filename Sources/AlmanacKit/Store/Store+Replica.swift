import AlmanacKinds
import AlmanacPostgres
import AlmanacStore
import AlmanacText
import Foundation
import Synchronization

extension Store {
    /// The hot standby that what only reads is sent to (`--replica`, `ALMANAC_REPLICA`), set once by
    /// the front end before the first database opens, with what to say when it does not answer.
    public static func useReplica(
        _ url: String?, warn: @escaping @Sendable (_ standby: String, _ reason: String) -> Void
    ) {
        replica.withLock { $0 = url.map { Replica(url: $0, warn: warn) } }
    }

    /// True when `location` names a PostgreSQL database (a `postgresql://` address or libpq keywords), not a file.
    public static func isServer(_ location: String) -> Bool { PostgresDatabase.names(location) }

    /// True when reads go to a standby.
    public static var hasReplica: Bool { replica.withLock { $0 != nil } }

    struct Replica: Sendable {
        let url: String
        let warn: @Sendable (_ standby: String, _ reason: String) -> Void
    }

    static let replica = Mutex<Replica?>(nil)
    /// Set once a standby that did not answer was warned about: a process says it once.
    static let warnedAboutReplica = Atomic<Bool>(false)

    /// A read-only connection to the standby, when there is one for the primary at `path` and it
    /// answers at the primary's schema version; nil (after a warning) when it does not, so the caller
    /// reads the primary.
    static func replicaConnection(for path: String) -> Database? {
        guard PostgresDatabase.names(path), let replica = replica.withLock({ $0 }) else { return nil }
        do {
            let database = try PostgresDatabase(url: replica.url, mode: .readOnly)
            let migrator = PostgresMigrator.builtIn
            guard try migrator.isAlmanac(database), try migrator.currentVersion(of: database) == migrator.latestVersion
            else {
                warnOnce(replica, database.path, "schema version behind the primary's")
                return nil
            }
            return database
        } catch let error as DatabaseError {
            warnOnce(replica, error.path ?? "", error.message)
            return nil
        } catch {
            warnOnce(replica, "", String(describing: error))
            return nil
        }
    }

    private static func warnOnce(_ replica: Replica, _ standby: String, _ reason: String) {
        guard !warnedAboutReplica.exchange(true, ordering: .relaxed) else { return }
        replica.warn(standby, reason)
    }
}
