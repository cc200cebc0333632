import Foundation
import Testing

@testable import AlmanacOutput

/// `FlagPictures`: Debian's flags made smaller and scalable, put in an attribute as a `data:` address
/// that nothing in the SVG can break out of, and only ever read for two letters.
@Suite struct FlagPicturesTests {
    @Test func aFlagLosesWhatIsNeverDrawnAndGainsAViewBox() {
        let svg = """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <!-- Created with Sodipodi -->
            <svg
               xmlns="http://www.w3.org/2000/svg" width="640" height="480">
              <metadata id="m"><rdf:RDF/></metadata>
              <sodipodi:namedview pagecolor="#ffffff" />
              <rect   width="640"
                 height="480" fill="#f00"/>
            </svg>
            """
        #expect(
            FlagPictures.minified(svg)
                == "<svg viewBox=\"0 0 640 480\" xmlns=\"http://www.w3.org/2000/svg\" width=\"640\" height=\"480\">"
                + "<rect width=\"640\" height=\"480\" fill=\"#f00\"/></svg>")
        // A viewBox of its own is kept.
        let boxed = "<svg viewBox=\"0 0 4 3\" width=\"640\" height=\"480\"><g/></svg>"
        #expect(FlagPictures.minified(boxed) == boxed)
    }

    @Test func theAddressHoldsNothingThatEndsTheAttributeOrTheURL() {
        let encoded = FlagPictures.percentEncoded("<svg a=\"1\" fill=\"#f00\">é 50%</svg>")
        #expect(encoded == "%3Csvg a=%221%22 fill=%22%23f00%22%3E%C3%A9 50%25%3C/svg%3E")
        #expect(!encoded.contains("\"") && !encoded.contains("<") && !encoded.contains("#"))
    }

    @Test(arguments: ["", "D", "DEU", "..", "d/", "../../etc/passwd", "de.svg", "Д1"])
    func onlyTwoLettersAreRead(code: String) {
        #expect(FlagPictures.dataURI(code) == nil)
        #expect(FlagPictures.html(code, alt: "x", note: "none").hasPrefix("<span class=\"flag\" title=\"none\">"))
    }
}
