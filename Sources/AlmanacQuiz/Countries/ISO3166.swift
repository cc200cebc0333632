import AlmanacKinds

/// ISO 3166-1: the officially assigned country codes, alpha-2 with their alpha-3 and numeric codes.
///
/// Generated from Debian's iso-codes (`/usr/share/iso-codes/json/iso_3166-1.json`, 249 entries). Reserved
/// and withdrawn codes (ZZ, EU, SU, UK...) are not in it, so they are refused.
public enum ISO3166 {
    /// One assigned country code.
    public struct Entry: Hashable, Sendable {
        /// The two-letter code (`DE`).
        public let alpha2: String
        /// The three-letter code (`DEU`).
        public let alpha3: String
        /// The three-digit numeric code (`276`).
        public let numeric: String
    }

    /// The entry for an alpha-2 code, or nil when it is not an assigned code (case matters: `de` is not `DE`).
    public static func entry(alpha2 code: String) -> Entry? { byAlpha2[code] }

    /// True when `code` is an assigned alpha-2 code in capitals.
    public static func isAssigned(_ code: String) -> Bool { byAlpha2[code] != nil }

    /// Every assigned code, sorted by alpha-2.
    public static let entries: [Entry] = packed.map { item in
        let characters = Array(item)
        return Entry(
            alpha2: String(characters[0..<2]), alpha3: String(characters[2..<5]), numeric: String(characters[5..<8]))
    }

    private static let byAlpha2: [String: Entry] = Dictionary(uniqueKeysWithValues: entries.map { ($0.alpha2, $0) })

    /// alpha-2, alpha-3 and numeric run together, 8 characters each.
    private static let packed: [String] = [
        "ADAND020", "AEARE784", "AFAFG004", "AGATG028", "AIAIA660", "ALALB008", "AMARM051", "AOAGO024",
        "AQATA010", "ARARG032", "ASASM016", "ATAUT040", "AUAUS036", "AWABW533", "AXALA248", "AZAZE031",
        "BABIH070", "BBBRB052", "BDBGD050", "BEBEL056", "BFBFA854", "BGBGR100", "BHBHR048", "BIBDI108",
        "BJBEN204", "BLBLM652", "BMBMU060", "BNBRN096", "BOBOL068", "BQBES535", "BRBRA076", "BSBHS044",
        "BTBTN064", "BVBVT074", "BWBWA072", "BYBLR112", "BZBLZ084", "CACAN124", "CCCCK166", "CDCOD180",
        "CFCAF140", "CGCOG178", "CHCHE756", "CICIV384", "CKCOK184", "CLCHL152", "CMCMR120", "CNCHN156",
        "COCOL170", "CRCRI188", "CUCUB192", "CVCPV132", "CWCUW531", "CXCXR162", "CYCYP196", "CZCZE203",
        "DEDEU276", "DJDJI262", "DKDNK208", "DMDMA212", "DODOM214", "DZDZA012", "ECECU218", "EEEST233",
        "EGEGY818", "EHESH732", "ERERI232", "ESESP724", "ETETH231", "FIFIN246", "FJFJI242", "FKFLK238",
        "FMFSM583", "FOFRO234", "FRFRA250", "GAGAB266", "GBGBR826", "GDGRD308", "GEGEO268", "GFGUF254",
        "GGGGY831", "GHGHA288", "GIGIB292", "GLGRL304", "GMGMB270", "GNGIN324", "GPGLP312", "GQGNQ226",
        "GRGRC300", "GSSGS239", "GTGTM320", "GUGUM316", "GWGNB624", "GYGUY328", "HKHKG344", "HMHMD334",
        "HNHND340", "HRHRV191", "HTHTI332", "HUHUN348", "IDIDN360", "IEIRL372", "ILISR376", "IMIMN833",
        "ININD356", "IOIOT086", "IQIRQ368", "IRIRN364", "ISISL352", "ITITA380", "JEJEY832", "JMJAM388",
        "JOJOR400", "JPJPN392", "KEKEN404", "KGKGZ417", "KHKHM116", "KIKIR296", "KMCOM174", "KNKNA659",
        "KPPRK408", "KRKOR410", "KWKWT414", "KYCYM136", "KZKAZ398", "LALAO418", "LBLBN422", "LCLCA662",
        "LILIE438", "LKLKA144", "LRLBR430", "LSLSO426", "LTLTU440", "LULUX442", "LVLVA428", "LYLBY434",
        "MAMAR504", "MCMCO492", "MDMDA498", "MEMNE499", "MFMAF663", "MGMDG450", "MHMHL584", "MKMKD807",
        "MLMLI466", "MMMMR104", "MNMNG496", "MOMAC446", "MPMNP580", "MQMTQ474", "MRMRT478", "MSMSR500",
        "MTMLT470", "MUMUS480", "MVMDV462", "MWMWI454", "MXMEX484", "MYMYS458", "MZMOZ508", "NANAM516",
        "NCNCL540", "NENER562", "NFNFK574", "NGNGA566", "NINIC558", "NLNLD528", "NONOR578", "NPNPL524",
        "NRNRU520", "NUNIU570", "NZNZL554", "OMOMN512", "PAPAN591", "PEPER604", "PFPYF258", "PGPNG598",
        "PHPHL608", "PKPAK586", "PLPOL616", "PMSPM666", "PNPCN612", "PRPRI630", "PSPSE275", "PTPRT620",
        "PWPLW585", "PYPRY600", "QAQAT634", "REREU638", "ROROU642", "RSSRB688", "RURUS643", "RWRWA646",
        "SASAU682", "SBSLB090", "SCSYC690", "SDSDN729", "SESWE752", "SGSGP702", "SHSHN654", "SISVN705",
        "SJSJM744", "SKSVK703", "SLSLE694", "SMSMR674", "SNSEN686", "SOSOM706", "SRSUR740", "SSSSD728",
        "STSTP678", "SVSLV222", "SXSXM534", "SYSYR760", "SZSWZ748", "TCTCA796", "TDTCD148", "TFATF260",
        "TGTGO768", "THTHA764", "TJTJK762", "TKTKL772", "TLTLS626", "TMTKM795", "TNTUN788", "TOTON776",
        "TRTUR792", "TTTTO780", "TVTUV798", "TWTWN158", "TZTZA834", "UAUKR804", "UGUGA800", "UMUMI581",
        "USUSA840", "UYURY858", "UZUZB860", "VAVAT336", "VCVCT670", "VEVEN862", "VGVGB092", "VIVIR850",
        "VNVNM704", "VUVUT548", "WFWLF876", "WSWSM882", "YEYEM887", "YTMYT175", "ZAZAF710", "ZMZMB894",
        "ZWZWE716",
    ]
}
