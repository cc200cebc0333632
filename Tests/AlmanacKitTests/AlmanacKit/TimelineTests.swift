import Foundation
import Testing

@testable import AlmanacAnimation
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText
@testable import AlmanacViews

/// The animation over time, pinned at t = 0, ¼, ½ and the end for a sample setting.
@Suite struct TimelineTests {
    static let sample: (setting: AnimationSetting, catalog: AnimationCatalog) = {
        let database = try! SampleDatabase(kinds: [.animationProperties, .animationSettings])
        let library = AnimationLibrary(database: database.database)
        return (try! library.setting(named: "Снеговик-путешественник"), try! library.catalog())
    }()

    static var timeline: Timeline { Timeline(setting: sample.setting, catalog: sample.catalog) }

    static func rounded(_ values: [String: Double]) -> [String: Double] { values.mapValues(Timeline.rounded) }

    static let identity: [String: Double] = [
        "width_multiplier": 1, "height_multiplier": 1, "horizontal_position": 0,
        "vertical_position": 0, "rotation_x": 0, "rotation_z": 0, "opacity": 1,
    ]

    // Снеговик-путешественник: 1.5, 1.5, -60, 20, 45, 30, 0.85 over 5 seconds.
    @Test func pinnedValues() {
        let timeline = Self.timeline
        #expect(timeline.duration == 5)
        #expect(
            timeline.properties.map(\.key) == [
                "width_multiplier", "height_multiplier", "horizontal_position",
                "vertical_position", "rotation_x", "rotation_z", "opacity",
            ])
        // t = 0: the identity.
        #expect(Self.rounded(timeline.values(at: 0)) == Self.identity)
        // t = ¼ (1.25 s): eased halfway there.
        #expect(
            Self.rounded(timeline.values(at: 1.25)) == [
                "width_multiplier": 1.25, "height_multiplier": 1.25,
                "horizontal_position": -30, "vertical_position": 10, "rotation_x": 22.5, "rotation_z": 15,
                "opacity": 0.925,
            ])
        // t = ½ (2.5 s): the setting's values.
        #expect(
            Self.rounded(timeline.values(at: 2.5)) == [
                "width_multiplier": 1.5, "height_multiplier": 1.5,
                "horizontal_position": -60, "vertical_position": 20, "rotation_x": 45, "rotation_z": 30,
                "opacity": 0.85,
            ])
        // The end (5 s): the identity again.
        #expect(Self.rounded(timeline.values(at: 5)) == Self.identity)
    }

    @Test func easedNotLinear() {
        // At 1/8 of the way a linear animation is at 25 % of the way there; eased, it has barely started.
        #expect(Timeline.ease(0.25) < 0.25 && Timeline.ease(0.75) > 0.75)
        #expect(Timeline.ease(0) == 0 && Timeline.ease(1) == 1 && abs(Timeline.ease(0.5) - 0.5) < 1e-12)
        let timeline = Self.timeline
        #expect(abs(timeline.amount(at: 1) - timeline.amount(at: 4)) < 1e-12, "back the way it came")
    }

    @Test func framesCoverTheDurationInclusive() {
        let frames = Self.timeline.frames(fps: 4)
        #expect(frames.count == 21)
        #expect(frames.map(\.time) == (0...20).map { Double($0) / 4 })
        #expect(Self.rounded(frames[5].values)["rotation_x"] == 22.5)
        #expect(Self.rounded(frames[10].values)["horizontal_position"] == -60)
        #expect(Self.rounded(frames[20].values) == Self.identity)
        // A duration that is not a whole number of frames still ends on the end.
        let hop = Timeline(
            setting: AnimationSetting(
                id: 0, name: "hop", createdAt: Date(), values: ["duration": DecimalNumber("0.75")!]),
            catalog: Self.sample.catalog)
        #expect(hop.frames(fps: 10).map(\.time).suffix(2) == [0.7, 0.75])
    }

    @Test(arguments: ["en", "ru"], [OutputFormat.table, .markdown, .csv, .json])
    func timelineGoldens(_ language: String, _ format: OutputFormat) throws {
        let localizer = Localizer(locale: language)
        let table = AnimationTables.timeline(Self.timeline, fps: 2, localizer: localizer)
        let text = Renderer(format: format, localizer: localizer).render(table)
        try Golden.check(text, "animation-timeline.\(language).\(Golden.fileExtension(format.rawValue))")
    }
}
