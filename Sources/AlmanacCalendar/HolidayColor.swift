import AlmanacKinds

/// A holiday's `#RRGGBB` colour on a terminal: exact where the terminal says it shows 24-bit colour
/// (`COLORTERM=truecolor` or `24bit`), else the nearest of xterm's 256 colours.
public struct HolidayColor: Equatable, Sendable {
    /// How many colours the terminal shows.
    public enum Depth: Sendable, Equatable {
        /// 24-bit colour: the exact `#RRGGBB`.
        case trueColor
        /// xterm's 256 colours: the nearest one.
        case palette256

        /// The depth the environment announces.
        public init(environment: [String: String]) {
            let announced = environment["COLORTERM"]?.lowercased() ?? ""
            self = announced == "truecolor" || announced == "24bit" ? .trueColor : .palette256
        }
    }

    /// The components, 0 to 255.
    public let red: Int, green: Int, blue: Int

    /// Parses `#RRGGBB`; nil for anything else.
    public init?(hex text: String) {
        guard CalendarRules.isColor(text), let value = Int(text.dropFirst(), radix: 16) else { return nil }
        red = value >> 16 & 0xFF
        green = value >> 8 & 0xFF
        blue = value & 0xFF
    }

    /// The SGR parameters that set this colour as the foreground.
    public func foreground(_ depth: Depth) -> String {
        switch depth {
        case .trueColor: return "38;2;\(red);\(green);\(blue)"
        case .palette256: return "38;5;\(paletteIndex)"
        }
    }

    /// The nearest xterm colour: the closer of the 6×6×6 cube's colour and the grey ramp's.
    public var paletteIndex: Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ component: Int) -> Int {
            levels.indices.min { abs(levels[$0] - component) < abs(levels[$1] - component) }!
        }
        let (r, g, b) = (nearestLevel(red), nearestLevel(green), nearestLevel(blue))
        let cube = 16 + 36 * r + 6 * g + b
        let cubeDistance = distance(levels[r], levels[g], levels[b])
        // The grey ramp 232...255 runs from 8 to 238 in steps of 10.
        let average = (red + green + blue) / 3
        let step = max(0, min(23, (average - 8 + 5) / 10))
        let grey = 8 + 10 * step
        return distance(grey, grey, grey) < cubeDistance ? 232 + step : cube
    }

    private func distance(_ r: Int, _ g: Int, _ b: Int) -> Int {
        (r - red) * (r - red) + (g - green) * (g - green) + (b - blue) * (b - blue)
    }
}
