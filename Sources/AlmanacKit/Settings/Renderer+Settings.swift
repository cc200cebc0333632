import AlmanacImport
import AlmanacKinds
import AlmanacOutput
import AlmanacText
import Foundation

/// The one place the settings' format reaches the renderer: the output layer knows no settings.
extension Renderer {
    /// A renderer for the resolved global options writing to `terminal`: colour and cutting only
    /// when it is a terminal (and, for colour, `--color` and `NO_COLOR` allow it).
    public init(settings: Settings, terminal: Terminal, environment: [String: String]) {
        self.init(
            format: settings.format, localizer: settings.localizer, timeZone: settings.timeZone, today: settings.today,
            styling: Styling(choice: settings.color, isTerminal: terminal.isTerminal, environment: environment),
            width: terminal.width)
        self.title = settings.pageTitle
        self.made = settings.now()
        self.sheet = settings.sheet
    }

    /// A renderer of `html` pages with the settings' words, zone, day and title, whatever format they
    /// name, never cut or coloured: the pages `site` publishes.
    public static func html(_ settings: Settings) -> Renderer {
        var renderer = Renderer(settings: settings, terminal: .pipe, environment: [:])
        renderer.format = .html
        return renderer
    }

    /// A renderer for standard output as it is now.
    public static func standardOutput(
        _ settings: Settings, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Renderer {
        Renderer(settings: settings, terminal: .standardOutput(environment: environment), environment: environment)
    }
}

/// The spreadsheet form the options ask for, checked against the settings' format.
extension SheetForm {
    /// The form `--delimiter` (nil: a comma), `--bom`, `--headers titles` and `--date-format` ask
    /// for; a delimiter that is not one is a usage error naming it.
    public static func given(
        delimiter: String?, bom: Bool, titles: Bool = false, datePattern: DateForms.Pattern? = nil
    ) throws -> SheetForm {
        guard let delimiter else { return SheetForm(bom: bom, titles: titles, datePattern: datePattern) }
        guard let byte = ImportOptions.delimiter(named: delimiter) else {
            throw AlmanacError(.usage, "import.error.bad-delimiter", ["value": delimiter])
        }
        return SheetForm(delimiter: byte, bom: bom, titles: titles, datePattern: datePattern)
    }

    /// The form of a listing printed in `settings`' format: `--delimiter` only with `--format csv`
    /// (tsv is tab-separated by its name), `--bom`, `--headers` and `--date-format` with csv or tsv;
    /// asked of any other format, each is a usage error naming the option and the format, never
    /// ignored. `headersGiven` says `--headers` was on the line (its default is keys).
    public static func listing(
        delimiter: String?, bom: Bool, titles: Bool = false, headersGiven: Bool = false,
        datePattern: DateForms.Pattern? = nil, settings: Settings
    ) throws -> SheetForm {
        let form = try given(delimiter: delimiter, bom: bom, titles: titles, datePattern: datePattern)
        if delimiter != nil, settings.format != .csv {
            throw AlmanacError(.usage, "output.error.delimiter-not-csv", ["format": settings.format.rawValue])
        }
        let sheet = settings.format == .csv || settings.format == .tsv
        if bom, !sheet {
            throw AlmanacError(.usage, "output.error.bom-not-sheet", ["format": settings.format.rawValue])
        }
        for (option, given) in [("--headers", headersGiven), ("--date-format", datePattern != nil)]
        where given && !sheet {
            throw AlmanacError(
                .usage, "output.error.option-not-sheet", ["option": option, "format": settings.format.rawValue])
        }
        return form
    }
}
