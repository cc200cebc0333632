import Testing

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacQuiz

/// The states `quiz play --sovereign` asks: the UN's 193 member states and 2 observer states, every
/// one an assigned ISO 3166-1 code; the territories that fly another country's flag are not among them.
@Suite struct SovereigntyTests {
    @Test func theUNHas193MembersAndTwoObserverStates() {
        #expect(Sovereignty.members.count == 193)
        #expect(Sovereignty.observers == ["VA", "PS"])
        #expect(Sovereignty.members.isDisjoint(with: Sovereignty.observers))
        for code in Sovereignty.members.union(Sovereignty.observers) { #expect(ISO3166.isAssigned(code), "\(code)") }
    }

    @Test func territoriesUnderAnotherFlagAreNotStates() {
        for code in ["SJ", "BV", "HM", "UM", "NF", "GS", "PR", "HK", "GL", "AQ"] {
            #expect(!Sovereignty.isState(code), "\(code)")
        }
        for code in ["NO", "AU", "US", "FR", "VA", "PS", "SS", "TL"] { #expect(Sovereignty.isState(code), "\(code)") }
    }
}
