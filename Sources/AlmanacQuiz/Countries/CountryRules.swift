import AlmanacKinds

/// The rules of the countries table: codes are ISO 3166-1 and agree with each other.
public enum CountryRules {
    /// Checks an alpha-2 code: assigned, in capitals (`de`, `ZZ`, `EU` and `SU` are refused).
    public static func checkCode(_ code: String) -> RuleViolation? {
        ISO3166.isAssigned(code) ? nil : RuleViolation("rule.countries.not-a-code")
    }

    /// Checks that an alpha-3 code is the one ISO 3166-1 gives the alpha-2 code.
    public static func checkAlpha3(_ alpha3: String, code: String) -> RuleViolation? {
        guard let entry = ISO3166.entry(alpha2: code), entry.alpha3 != alpha3 else { return nil }
        return RuleViolation("rule.countries.alpha3-mismatch", ["code": code, "expected": entry.alpha3])
    }

    /// Checks that a numeric code is the one ISO 3166-1 gives the alpha-2 code.
    public static func checkNumeric(_ numeric: String, code: String) -> RuleViolation? {
        guard let entry = ISO3166.entry(alpha2: code), entry.numeric != numeric else { return nil }
        return RuleViolation("rule.countries.numeric-mismatch", ["code": code, "expected": entry.numeric])
    }
}
