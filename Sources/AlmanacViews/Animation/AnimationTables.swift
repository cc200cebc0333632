import AlmanacAnimation
import AlmanacKinds
import AlmanacOutput
import AlmanacText

/// The snowman animation's rows as `Table`s, for every output format.
public enum AnimationTables {
    /// `animation properties`: key, label in the user's language, min, max, step, default.
    public static func properties(_ catalog: AnimationCatalog, localizer t: Localizer) -> Table {
        let columns = [
            Table.Column(key: "key", title: t("column.key")), Table.Column(key: "label", title: t("column.label")),
            Table.Column(key: "min", title: t("column.min")), Table.Column(key: "max", title: t("column.max")),
            Table.Column(key: "step", title: t("column.step")),
            Table.Column(key: "default", title: t("column.default_value")),
        ]
        let rows: [[Table.Cell]] = catalog.properties.map { property in
            [
                .text(property.key), .text(property.label(t)), .real(property.stepper.min.doubleValue),
                .real(property.stepper.max.doubleValue), .real(property.stepper.step.doubleValue),
                .real(property.defaultValue.doubleValue),
            ]
        }
        return Table(columns: columns, rows: rows, summaryUnit: "unit.property")
    }

    /// `animation settings`, oldest first (the newest is last, as in the picker): the rows for people,
    /// and for machines when asked (`settings(_:catalog:for:localizer:)`).
    public static func settings(_ settings: [AnimationSetting], catalog: AnimationCatalog, localizer t: Localizer)
        -> Page
    {
        Page(
            sections: [.table(Self.settings(settings, catalog: catalog, for: .people, localizer: t))],
            machines: { Self.settings(settings, catalog: catalog, for: .machines, localizer: t) })
    }

    /// `animation settings` for `audience`. People get each setting's values in words, the ones that
    /// differ from the default; machines a column per property key (the animation-settings import
    /// format, plus id and created_at).
    public static func settings(
        _ settings: [AnimationSetting], catalog: AnimationCatalog, for audience: Audience,
        localizer t: Localizer
    ) -> Table {
        var columns = [
            Table.Column(key: "id", title: t("column.id")), Table.Column(key: "name", title: t("column.name")),
            Table.Column(key: "created_at", title: t("column.created_at")),
        ]
        let human = audience == .people
        if human {
            columns.append(Table.Column(key: "values", title: t("animation.column.values")))
        } else {
            columns += catalog.properties.map { Table.Column(key: $0.key, title: $0.key) }
        }
        let formats = LocalizedFormats(localizer: t)
        let rows: [[Table.Cell]] = settings.map { setting in
            var row: [Table.Cell] = [.identifier(setting.id), .text(setting.name), .instant(setting.createdAt)]
            if human {
                row.append(.text(summary(setting, catalog: catalog, formats: formats)))
            } else {
                row += catalog.properties.map { .real(setting.value($0).doubleValue) }
            }
            return row
        }
        return Table(columns: columns, rows: rows, summaryUnit: "unit.setting", empty: Table.Sentence("animation.none"))
    }

    /// A setting's values that differ from their defaults, in words: `width ×1.2, turn Z 15°, 1.5 s`.
    public static func summary(_ setting: AnimationSetting, catalog: AnimationCatalog, formats: LocalizedFormats)
        -> String
    {
        let t = formats.localizer
        let changed = catalog.properties.filter { setting.value($0) != $0.defaultValue }
        guard !changed.isEmpty else { return t("animation.all-defaults") }
        return changed.map { property in
            let number = formats.number(setting.value(property).doubleValue)
            let key = "animation.value." + property.key
            return t.hasKey(key) ? t(key, ["value": number]) : property.key + " " + number
        }.joined(separator: ", ")
    }

    /// `animation timeline`: the frame, its time in seconds and every animated property's value.
    public static func timeline(_ timeline: Timeline, fps: Int, localizer t: Localizer) -> Table {
        let columns =
            [
                Table.Column(key: "frame", title: t("animation.column.frame")),
                Table.Column(key: "time", title: t("animation.column.time")),
            ]
            + timeline.properties.map { Table.Column(key: $0.key, title: $0.shortLabel(t), alignment: .right) }
        let rows: [[Table.Cell]] = timeline.frames(fps: fps).map { frame in
            [.identifier(Int64(frame.index)), .real(Timeline.rounded(frame.time))]
                + timeline.properties.map { .real(Timeline.rounded(frame.values[$0.key] ?? 0)) }
        }
        return Table(columns: columns, rows: rows, summaryUnit: "unit.frame")
    }
}
