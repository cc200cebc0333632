import AlmanacKinds
import AlmanacStore
import AlmanacText
import Foundation

/// The countries in the database, by code, with their names in the user's language.
public struct CountryDirectory: Sendable {
    /// Every country, sorted by code.
    public let countries: [Country]
    private let byCode: [String: Country]

    /// A directory of the given countries.
    public init(_ countries: [Country]) {
        self.countries = countries.sorted { $0.code.utf8.lexicographicallyPrecedes($1.code.utf8) }
        byCode = Dictionary(countries.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Reads the countries table.
    public static func load(_ database: Database) throws -> CountryDirectory {
        let rows = try database.rows("SELECT code, name, alpha3, numeric FROM countries ORDER BY code")
        return CountryDirectory(
            rows.map { row in
                Country(
                    code: row[0].textValue ?? "", name: row[1].textValue ?? "", alpha3: row[2].textValue,
                    numeric: row[3].textValue)
            })
    }

    /// Every country's code, sorted.
    public var codes: [String] { countries.map(\.code) }

    /// The country with a code, if stored.
    public func country(_ code: String) -> Country? { byCode[code] }

    /// The name of a code in the locale's language: ICU's, else the stored one, else the code.
    public func name(_ code: String, _ locale: Locale) -> String {
        Country.localizedName(code: code, stored: byCode[code]?.name ?? code, locale: locale)
    }

    /// The countries whose localized name or stored name contains the query, or whose alpha-2,
    /// alpha-3 or numeric code is the query (case and accents ignored); all of them for an empty
    /// query. Sorted by localized name in the locale's collation, then by code.
    public func search(_ query: String?, locale: Locale) -> [(country: Country, name: String)] {
        let search = SearchText(query ?? "", locale: locale)
        let found = countries.compactMap { country -> (country: Country, name: String)? in
            let name = country.localizedName(locale)
            let codes = [country.code, country.alpha3, country.numeric].compactMap { $0 }
            guard search.matches(name) || search.matches(country.name) || codes.contains(where: search.isExactly) else {
                return nil
            }
            return (country, name)
        }
        return found.sorted {
            switch $0.name.compare($1.name, options: [], range: nil, locale: locale) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return $0.country.code < $1.country.code
            }
        }
    }
}
