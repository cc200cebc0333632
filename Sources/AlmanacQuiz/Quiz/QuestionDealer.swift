import AlmanacKinds

/// One flag question: a country, and four flags to choose from, one of them its own.
public struct FlagQuestion: Sendable, Equatable {
    /// The code of the country asked (`DE`).
    public let country: String
    /// The four codes offered, in the order shown (numbered 1–4); `country` is among them.
    public let options: [String]

    /// The number (1–4) under which the right flag is shown.
    public var answer: Int { (options.firstIndex(of: country) ?? 0) + 1 }

    /// The options as stored in `quiz_answers.options`: `FR|DE|IT|ES`.
    public var storedOptions: String { options.joined(separator: "|") }

    /// A question as given.
    public init(country: String, options: [String]) {
        self.country = country
        self.options = options
    }
}

/// Deals the questions of a seeded game: the same seed and the same countries give the same
/// questions, in the same order, everywhere.
///
/// Revision 1 (`splitmix64-v1`), step by step, so it can be checked by hand or ported:
/// 1. The codes are sorted by their letters and the generator is seeded with the seed.
/// 2. The deck: the codes shuffled by Fisher–Yates. Countries are asked in deck order, so no country
///    comes back before every other has been asked; an exhausted deck is shuffled again.
/// 3. For each question, three other countries are chosen from the sorted codes without the one
///    asked (Fisher–Yates stopped after three steps), then the asked country is put among them at
///    position `below(4)`.
public struct QuestionDealer: Sendable {
    /// How many countries a game needs: one asked, three others.
    public static let minimumCountries = QuizOptions.count

    /// The seed the game started from.
    public let seed: UInt64
    private let codes: [String]
    private var random: SeededRandom
    private var deck: [String]
    private var position = 0

    /// A dealer over the country codes (any order, duplicates ignored); nil when there are fewer
    /// than four distinct codes.
    public init?(codes: [String], seed: UInt64) {
        let sorted = Set(codes).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        guard sorted.count >= Self.minimumCountries else { return nil }
        self.seed = seed
        self.codes = sorted
        random = SeededRandom(seed: seed)
        deck = sorted
        random.shuffle(&deck)
    }

    /// The next question.
    public mutating func next() -> FlagQuestion {
        if position == deck.count {
            random.shuffle(&deck)
            position = 0
        }
        let asked = deck[position]
        position += 1
        var options = random.choose(QuizOptions.count - 1, from: codes.filter { $0 != asked })
        options.insert(asked, at: random.below(QuizOptions.count))
        return FlagQuestion(country: asked, options: options)
    }

    /// The first `count` questions of a game with this seed.
    public static func questions(codes: [String], seed: UInt64, count: Int) -> [FlagQuestion] {
        guard var dealer = QuestionDealer(codes: codes, seed: seed) else { return [] }
        return (0..<count).map { _ in dealer.next() }
    }
}
