import AlmanacKinds
import AlmanacText
import Foundation

/// A row of the countries table, with its flag and its name in a language.
public struct Country: Sendable, Equatable {
    /// The ISO 3166-1 alpha-2 code (`DE`).
    public let code: String
    /// The name as stored (English in the sample data).
    public let name: String
    /// The alpha-3 code, when stored.
    public let alpha3: String?
    /// The numeric code, when stored (`020`: digits, not a number).
    public let numeric: String?

    /// A country as given.
    public init(code: String, name: String, alpha3: String? = nil, numeric: String? = nil) {
        self.code = code
        self.name = name
        self.alpha3 = alpha3
        self.numeric = numeric
    }

    /// The flag emoji: the code's letters as regional indicator symbols (D, E → 🇩🇪).
    public var flag: String { Self.flag(code) }

    /// The name in the locale's language from ICU's data, else the stored name.
    public func localizedName(_ locale: Locale) -> String {
        Self.localizedName(code: code, stored: name, locale: locale)
    }

    /// The flag emoji for a two-letter code; any other text is returned unchanged.
    public static func flag(_ code: String) -> String {
        let letters = Array(code.unicodeScalars)
        guard letters.count == 2, letters.allSatisfy({ ("A"..."Z").contains($0) }) else { return code }
        var flag = String.UnicodeScalarView()
        for letter in letters {
            // U+1F1E6 REGIONAL INDICATOR SYMBOL LETTER A, and on in alphabet order.
            flag.append(Unicode.Scalar(0x1F1E6 + letter.value - 0x41)!)
        }
        return String(flag)
    }

    /// The region's name in the locale's language, CLDR's standard one: ICU's (`ru`: `Германия`), but
    /// where the toolchain's ICU data (Apple's) departs from CLDR ("China mainland" for `CN`), the
    /// language's own `country.name.CODE` (`Translations/*/country-names.strings`, never another
    /// language's); `stored` when ICU has none (it then answers with the code itself, or nothing).
    public static func localizedName(code: String, stored: String, locale: Locale) -> String {
        if let standard = Localizer.catalog[LocaleResolver.language(of: locale.identifier)]?["country.name." + code] {
            return standard
        }
        guard let name = locale.localizedString(forRegionCode: code), !name.isEmpty, name != code else { return stored }
        return name
    }
}
