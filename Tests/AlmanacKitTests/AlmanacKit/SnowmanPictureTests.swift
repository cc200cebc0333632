import Foundation
import Testing

@testable import AlmanacAnimation
@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText
@testable import AlmanacViews

/// The snowman's keyframes are the timeline's own values: every hundredth of the duration, and so
/// exactly at 0, ¼, ½ and ¾, where `make test-browser` reads the computed style back.
@Suite struct SnowmanPictureTests {
    static let timeline = TimelineTests.timeline

    static func picture(_ language: String = "en") -> SnowmanPicture {
        SnowmanPicture(
            timeline: timeline, name: "Снеговик-путешественник", summary: "…", localizer: Localizer(locale: language))
    }

    @Test func keyframesFollowTheTimeline() {
        let style = Self.picture().style(id: "s")
        #expect(
            style.contains(
                "animation-name:s-moves;animation-duration:5s;animation-timing-function:linear;animation-iteration-count:infinite}"
            ))
        for step in [0, 25, 50, 75, 100] {
            let values = Self.timeline.values(at: Self.timeline.duration * Double(step) / 100)
            let frame = SnowmanPicture.style(values)
            #expect(style.contains("\n\(step)%{transform:\(frame.transform);opacity:\(frame.opacity)}"), "\(step)%")
        }
        #expect(style.components(separatedBy: "%{transform:").count - 1 == 101)
    }

    @Test func theMiddleIsTheSettingsValues() {
        // 1.5, 1.5, -60, 20, 45° about X, 30° about Z, 0.85.
        let middle = SnowmanPicture.style(Self.timeline.values(at: 2.5))
        #expect(middle.transform == "translate(-99px, 16px) rotate(30deg) scale(1.5, 1.06066)")
        #expect(middle.opacity == "0.85")
        #expect(
            SnowmanPicture.style(Self.timeline.values(at: 0)).transform
                == "translate(0px, 0px) rotate(0deg) scale(1, 1)")
    }

    @Test func pastNinetyDegreesItIsUpsideDown() {
        #expect(SnowmanPicture.style(["rotation_x": 180]).transform.hasSuffix("scale(1, -1)"))
    }

    @Test func itPausesOnAClickAndStaysStillForReducedMotion() {
        let figure = Self.picture("ru").figure(id: "s")
        #expect(figure.contains("<input type=\"checkbox\" class=\"pause\" id=\"s-pause\""))
        #expect(figure.contains("<label for=\"s-pause\" class=\"snowman-stage\""))
        #expect(figure.contains("<title id=\"s-title\">Снеговик: Снеговик-путешественник</title>"))
        #expect(PageStyle.css.contains("input.pause:checked+.snowman-stage .snowman{animation-play-state:paused}"))
        #expect(
            PageStyle.css.contains(
                "@media (prefers-reduced-motion:reduce){.snowman{animation-play-state:paused!important}}"))
    }
}
