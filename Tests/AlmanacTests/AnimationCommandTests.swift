import Foundation
import Testing

/// `almanac animation …` end to end, on the sample data.
@Suite struct AnimationCommandTests {
    static func workdir() throws -> Workdir {
        let dir = try Workdir()
        try dir.sampleData("a.db")
        return dir
    }

    static func run(_ dir: Workdir, _ arguments: [String]) throws -> Workdir.Output {
        try dir.run(["--db", "a.db", "--today", "2025-12-22"] + arguments)
    }

    @Test func propertiesInBothLanguages() throws {
        let dir = try Self.workdir()
        let english = try Self.run(dir, ["animation", "properties"]).stdout
        #expect(english.contains("│ rotation_x          │ Rotation about X (degrees) │ -180 │ 180 │   15 │       0 │"))
        let russian = try Self.run(dir, ["--locale", "ru", "animation", "properties"]).stdout
        #expect(
            russian.contains(
                "│ opacity             │ Непрозрачность                 │    0 │     1 │ 0,05 │            1 │"))
        #expect(russian.hasSuffix("8 свойств\n"))
        let csv = try Self.run(dir, ["animation", "properties", "--format", "csv"]).stdout
        #expect(
            csv.hasPrefix("key,label,min,max,step,default\r\nwidth_multiplier,Width multiplier,0.5,3.0,0.1,1.0\r\n"))
    }

    @Test func savingChecksEveryValueAndTheListUpdates() throws {
        let dir = try Self.workdir()
        let saved = try Self.run(
            dir,
            [
                "animation", "save", "Bounce", "--set", "height_multiplier=1.3", "--set", "vertical_position=-30",
                "--set", "duration=0.75",
            ])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stdout == "Saved \"Bounce\": height ×1.3, y -30, 0.75 s\n")
        let list = try Self.run(dir, ["animation", "settings", "--format", "csv"]).stdout.split(separator: "\r\n")
        #expect(list.count == 9)
        #expect(list.last?.hasPrefix("8,Bounce,2025-12-22T") == true)
        #expect(list.last?.hasSuffix(",1.0,1.3,0.0,-30.0,0.0,0.0,1.0,0.75") == true)

        let exists = try Self.run(dir, ["animation", "save", "Bounce", "--set", "opacity=0.5"])
        #expect(exists.status == 65)
        #expect(
            exists.stderr
                == "almanac: error: a setting named \"Bounce\" exists already (add --replace to overwrite it)\n")
        #expect(try Self.run(dir, ["animation", "save", "Bounce", "--set", "opacity=0.5", "--replace"]).status == 0)

        let unknown = try Self.run(dir, ["animation", "save", "X", "--set", "size=2"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("(keys: width_multiplier, height_multiplier, horizontal_position"))
        let bad = try Self.run(
            dir, ["animation", "save", "X", "--set", "width_multiplier=0.33", "--set", "rotation_z=-190"])
        #expect(bad.status == 65)
        #expect(
            bad.stderr
                == "almanac: error: width_multiplier: \"0.33\" is outside the range 0.5 to 3; rotation_z: \"-190\" is outside the range -180 to 180\n"
        )
        #expect(
            try Self.run(dir, ["animation", "settings", "--format", "csv"]).stdout.split(separator: "\r\n").count == 9)
    }

    @Test func theTimelineGoesThereAndBack() throws {
        let dir = try Self.workdir()
        let csv = try Self.run(dir, ["animation", "timeline", "Somersault", "--fps", "2", "--format", "csv"]).stdout
        // Somersault: y -20, turn X 180° over 2 seconds.
        #expect(
            csv == """
                frame,time,width_multiplier,height_multiplier,horizontal_position,vertical_position,rotation_x,rotation_z,opacity\r
                0,0.0,1.0,1.0,0.0,0.0,0.0,0.0,1.0\r
                1,0.5,1.0,1.0,0.0,-10.0,90.0,0.0,1.0\r
                2,1.0,1.0,1.0,0.0,-20.0,180.0,0.0,1.0\r
                3,1.5,1.0,1.0,0.0,-10.0,90.0,0.0,1.0\r
                4,2.0,1.0,1.0,0.0,0.0,0.0,0.0,1.0\r

                """)
        let table = try Self.run(dir, ["animation", "timeline", "Somersault", "--fps", "2"]).stdout
        #expect(table.hasPrefix("Somersault: to its values and back in 2 s, 2 frames a second\n┌"))
        #expect(try Self.run(dir, ["animation", "timeline", "Somersault", "--fps", "0"]).status == 64)
        let unknown = try Self.run(dir, ["animation", "timeline", "Cartwheel"])
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("(settings: \"Wobble\", \"Grow tall\""))
    }

    @Test func playWithoutATerminalPointsToTheTimeline() throws {
        let dir = try Self.workdir()
        let play = try Self.run(dir, ["animation", "play", "Wobble"])
        #expect(play.status == 66)
        #expect(play.stdout.isEmpty)
        #expect(play.stderr.contains("`almanac animation timeline \"Wobble\"`"))
    }
}
