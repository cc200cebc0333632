import AlmanacAnimation
import AlmanacKinds
import AlmanacOutput
import AlmanacText
import AlmanacViews
import Foundation

extension AnimationSession {
    /// `animation edit NAME --set KEY=VALUE…`: the values given change, the others stay.
    public func edit(name: String, assignments: [String]) throws -> String {
        let catalog = try catalog()
        guard !assignments.isEmpty else {
            throw AlmanacError(.usage, "animation.error.nothing-to-change", ["keys": catalog.keyList])
        }
        let values = try SettingAssignments.given(assignments, catalog: catalog, localizer: t)
        return try changed(library.edit(name: name, values: values), "animation.updated", [:], catalog)
    }

    /// `animation step NAME KEY +N|-N`: the value moves by whole steps, stopping at min and max.
    public func step(name: String, key: String, by steps: Int) throws -> String {
        let step = try library.step(name: name, key: key, by: steps)
        let formats = LocalizedFormats(localizer: t)
        let arguments = [
            "property": step.property.key, "value": formats.number(step.value.doubleValue),
            "limit": step.clamped ? t("animation.stepped.limit") : "",
        ]
        return try changed(step.setting, "animation.stepped", arguments, catalog())
    }

    /// `animation delete NAME [--yes]`: asks first on a terminal.
    public func delete(name: String, yes: Bool, input: Int32 = STDIN_FILENO, prompt: Int32 = STDERR_FILENO) throws
        -> String
    {
        let setting = try library.setting(named: name)
        let question = t("animation.delete.question", ["name": setting.name])
        guard try Confirmation.allowsDeletion(question, yes: yes, localizer: t, input: input, prompt: prompt) else {
            return t("animation.kept", ["name": setting.name]) + "\n"
        }
        return try changed(library.delete(name: name), "animation.deleted", [:], catalog())
    }

    /// `animation rename OLD NEW`.
    public func rename(_ name: String, to newName: String) throws -> String {
        try changed(library.rename(name, to: newName), "animation.renamed", ["old": name], catalog())
    }

    /// What a change prints: a sentence with the setting's values for people, its row for machines.
    func changed(_ setting: AnimationSetting, _ key: String, _ arguments: [String: String], _ catalog: AnimationCatalog)
        -> String
    {
        let summary = AnimationTables.summary(setting, catalog: catalog, formats: LocalizedFormats(localizer: t))
        return renderer.render(
            ChangedRow(
                sentence: t(key, arguments.merging(["name": setting.name, "values": summary]) { $1 }),
                row: AnimationTables.settings([setting], catalog: catalog, for: .machines, localizer: t)))
    }
}
