import AlmanacKinds

/// Which countries fly a flag of their own as states: the 193 member states of the United Nations
/// and its 2 non-member observer states (the Holy See, Palestine), by ISO 3166-1 alpha-2 code. The
/// other 54 assigned codes are territories and areas (Svalbard and Jan Mayen, Bouvet Island, Hong
/// Kong, Greenland, …); many fly another country's flag, so `quiz play --sovereign` never asks them.
/// The list changes when the UN admits a member; `SovereigntyTests` counts it.
public enum Sovereignty {
    /// The UN's member states (193), as listed on un.org/en/about-us/member-states.
    public static let members: Set<String> = [
        "AD", "AE", "AF", "AG", "AL", "AM", "AO", "AR", "AT", "AU", "AZ", "BA", "BB", "BD", "BE", "BF", "BG", "BH",
        "BI", "BJ",
        "BN", "BO", "BR", "BS", "BT", "BW", "BY", "BZ", "CA", "CD", "CF", "CG", "CH", "CI", "CL", "CM", "CN", "CO",
        "CR", "CU",
        "CV", "CY", "CZ", "DE", "DJ", "DK", "DM", "DO", "DZ", "EC", "EE", "EG", "ER", "ES", "ET", "FI", "FJ", "FM",
        "FR", "GA",
        "GB", "GD", "GE", "GH", "GM", "GN", "GQ", "GR", "GT", "GW", "GY", "HN", "HR", "HT", "HU", "ID", "IE", "IL",
        "IN", "IQ",
        "IR", "IS", "IT", "JM", "JO", "JP", "KE", "KG", "KH", "KI", "KM", "KN", "KP", "KR", "KW", "KZ", "LA", "LB",
        "LC", "LI",
        "LK", "LR", "LS", "LT", "LU", "LV", "LY", "MA", "MC", "MD", "ME", "MG", "MH", "MK", "ML", "MM", "MN", "MR",
        "MT", "MU",
        "MV", "MW", "MX", "MY", "MZ", "NA", "NE", "NG", "NI", "NL", "NO", "NP", "NR", "NZ", "OM", "PA", "PE", "PG",
        "PH", "PK",
        "PL", "PT", "PW", "PY", "QA", "RO", "RS", "RU", "RW", "SA", "SB", "SC", "SD", "SE", "SG", "SI", "SK", "SL",
        "SM", "SN",
        "SO", "SR", "SS", "ST", "SV", "SY", "SZ", "TD", "TG", "TH", "TJ", "TL", "TM", "TN", "TO", "TR", "TT", "TV",
        "TZ", "UA",
        "UG", "US", "UY", "UZ", "VC", "VE", "VN", "VU", "WS", "YE", "ZA", "ZM", "ZW",
    ]

    /// The UN's non-member observer states (2): the Holy See and the State of Palestine.
    public static let observers: Set<String> = ["VA", "PS"]

    /// True for a member state or an observer state: a country whose flag is its own.
    public static func isState(_ code: String) -> Bool {
        members.contains(code) || observers.contains(code)
    }
}
