import AlmanacText

/// Bars as inline SVG: each bar's length is its value over the largest (or over `full`, for a
/// share), and carries that value in `data-value`, its words in a `<title>`; the picture's
/// `<desc>` lists every bar, for a reader who cannot see it.
package struct BarChart {
    /// One bar.
    package struct Bar {
        /// What the bar is (a day, a player, a flag and its name).
        package let label: String
        /// Its number.
        package let value: Double
        /// Its number as people read it (`4 events`, `66.7%`).
        package let shown: String
        /// Its number alone where room is short (`4`, `66.7%`): above a column.
        package let short: String
        /// Its colour: 0, 1 or 2 (notice levels).
        package let level: Int
    }

    /// The bars, in order.
    package let bars: [Bar]
    /// The picture's title.
    package let title: String
    /// What the values are (the value column's title).
    let axis: String
    /// Formats for numbers.
    package let formats: LocalizedFormats
    /// The value a bar of full length stands for, or nil for the largest value.
    package var full: Double?
    /// The legend under the picture: a level and its words.
    package var legend: [(level: Int, text: String)] = []

    private var scale: Double { max(full ?? 0, bars.map(\.value).max() ?? 0, .leastNonzeroMagnitude) }

    private var description: String {
        let t = formats.localizer
        var parts = bars.prefix(60).map { $0.label + ": " + $0.shown }
        if bars.count > 60 { parts.append("…") }
        return t(
            "page.chart.description",
            ["count": formats.count(Int64(bars.count), unit: "unit.bar"), "values": parts.joined(separator: "; ")])
    }

    /// Upright columns over their labels (days, days late).
    func columnsFigure(id: String) -> String {
        let slot = max(26.0, min(90.0, 660.0 / Double(max(bars.count, 1))))
        let width = max(720.0, 60 + slot * Double(bars.count))
        let tilted = slot < 84
        let plotTop = 44.0
        let plotHeight = 220.0
        let base = plotTop + plotHeight
        let height = base + (tilted ? 96 : 40)
        var svg = SVGWriter(
            id: id, width: width, height: height, title: title, description: description, classes: "chart columns")
        svg.element(
            "line",
            [
                ("class", "axis"), ("x1", "40"), ("y1", SVGWriter.number(base)), ("x2", SVGWriter.number(width - 10)),
                ("y2", SVGWriter.number(base)), ("stroke-width", "1"),
            ])
        for (index, bar) in bars.enumerated() {
            let length = bar.value / scale * plotHeight
            let x = 50 + slot * Double(index)
            let barWidth = slot * 0.68
            let centre = x + barWidth / 2
            svg.open("g", [("class", "mark")])
            svg.open(
                "rect",
                [
                    ("class", "bar level-\(bar.level)"), ("data-value", SVGWriter.number(bar.value)),
                    ("x", SVGWriter.number(x)), ("y", SVGWriter.number(base - length)),
                    ("width", SVGWriter.number(barWidth)),
                    ("height", SVGWriter.number(length)), ("rx", "3"),
                ])
            svg.element("title", [], text: bar.label + ": " + bar.shown)
            svg.close("rect")
            svg.element(
                "text",
                [
                    ("x", SVGWriter.number(centre)), ("y", SVGWriter.number(base - length - 6)),
                    ("text-anchor", "middle"),
                    ("font-size", "12"),
                ], text: SVGWriter.cut(bar.short, 10))
            let labelY = base + 16
            if tilted {
                svg.element(
                    "text",
                    [
                        ("x", SVGWriter.number(centre)), ("y", SVGWriter.number(labelY)), ("text-anchor", "end"),
                        ("font-size", "12"), ("class", "muted"),
                        ("transform", "rotate(-40 \(SVGWriter.number(centre)) \(SVGWriter.number(labelY)))"),
                    ], text: SVGWriter.cut(bar.label, 16))
            } else {
                svg.element(
                    "text",
                    [
                        ("x", SVGWriter.number(centre)), ("y", SVGWriter.number(labelY)), ("text-anchor", "middle"),
                        ("font-size", "12"), ("class", "muted"),
                    ], text: SVGWriter.cut(bar.label, 14))
            }
            svg.close("g")
        }
        svg.element("text", [("x", "40"), ("y", "16"), ("font-size", "13"), ("class", "muted")], text: axis)
        return figure(svg.finish())
    }

    /// Bars from the left, each beside its label (players, flags).
    func barsFigure(id: String) -> String {
        let row = 30.0
        let labelWidth = 230.0
        let barSpace = 380.0
        let height = 20 + row * Double(max(bars.count, 1)) + 10
        var svg = SVGWriter(
            id: id, width: 720, height: height, title: title, description: description, classes: "chart bars")
        for (index, bar) in bars.enumerated() {
            let y = 20 + row * Double(index)
            let length = bar.value / scale * barSpace
            svg.open("g", [("class", "mark")])
            svg.element(
                "text",
                [
                    ("x", SVGWriter.number(labelWidth - 10)), ("y", SVGWriter.number(y + 17)), ("text-anchor", "end"),
                    ("font-size", "14"),
                ], text: SVGWriter.cut(bar.label, 28))
            svg.open(
                "rect",
                [
                    ("class", "bar level-\(bar.level)"), ("data-value", SVGWriter.number(bar.value)),
                    ("x", SVGWriter.number(labelWidth)), ("y", SVGWriter.number(y + 4)),
                    ("width", SVGWriter.number(length)),
                    ("height", SVGWriter.number(row - 10)), ("rx", "3"),
                ])
            svg.element("title", [], text: bar.label + ": " + bar.shown)
            svg.close("rect")
            svg.element(
                "text",
                [
                    ("x", SVGWriter.number(labelWidth + length + 8)), ("y", SVGWriter.number(y + 17)),
                    ("font-size", "13"), ("class", "muted"),
                ], text: SVGWriter.cut(bar.shown, 16))
            svg.close("g")
        }
        svg.element(
            "line",
            [
                ("class", "axis"), ("x1", SVGWriter.number(labelWidth)), ("y1", "16"),
                ("x2", SVGWriter.number(labelWidth)),
                ("y2", SVGWriter.number(height - 6)), ("stroke-width", "1"),
            ])
        return figure(svg.finish())
    }

    private func figure(_ svg: String) -> String {
        var out = "<figure>\n" + svg
        if !legend.isEmpty {
            out +=
                "<ul class=\"legend\">"
                + legend.map {
                    "<li><i class=\"level-\($0.level)\"></i>" + HTMLText.escaped($0.text) + "</li>"
                }.joined() + "</ul>\n"
        }
        return out + "<figcaption>" + HTMLText.escaped(title) + "</figcaption>\n</figure>\n"
    }

    /// The lateness histogram: a column per number of days late, as tall as the loans `counts` has
    /// that late.
    package static func lateness(_ counts: [Int64: Int], levels: [Int64], title: String, formats: LocalizedFormats)
        -> BarChart
    {
        let known = Array(Set(levels)).sorted()
        // The highest level is red, the one below it amber, any lower ones blue.
        func colour(_ rank: Int) -> Int { max(0, 2 - (known.count - 1 - rank)) }
        func levelIndex(_ late: Int64) -> Int {
            guard let index = known.lastIndex(where: { $0 <= late }) else { return 0 }
            return colour(index)
        }
        let bars = counts.keys.sorted().map { late in
            Bar(
                label: formats.count(late, unit: "unit.day"), value: Double(counts[late]!),
                shown: formats.count(Int64(counts[late]!), unit: "unit.loan"),
                short: formats.number(Int64(counts[late]!)),
                level: levelIndex(late))
        }
        var chart = BarChart(bars: bars, title: title, axis: formats.localizer("page.chart.loans"), formats: formats)
        chart.legend = known.enumerated().map { index, days in
            (colour(index), formats.localizer("page.chart.level", ["days": formats.count(days, unit: "unit.day")]))
        }
        return chart
    }
}
