import Foundation

@testable import AlmanacKinds
@testable import AlmanacKit
@testable import AlmanacOutput
@testable import AlmanacText

/// A small database with every domain filled by SQL inserts: deterministic, with Cyrillic, CJK,
/// Hangul, flag emoji, decomposed accents, quotes, commas, pipes and line breaks in the data. The
/// goldens are rendered from it with `today` and `timeZone` below.
enum FixtureDatabase {
    static let today = LocalDate(year: 2025, month: 12, day: 20)!
    static let timeZone = Zone(identifier: "Europe/Moscow")!

    /// The database file, created once per test run.
    static let path: String = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "almanac-fixture-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("fixture.db").path
        let database = try! Store.create(path)
        try! database.execute(inserts)
        return path
    }()

    /// Settings for rendering the fixture in a language.
    static func settings(_ locale: String, format: OutputFormat = .table) -> Settings {
        Settings(
            databasePath: path, localizer: Localizer(locale: locale), timeZone: timeZone, today: today, format: format)
    }

    static let inserts = """
        INSERT INTO holidays (key, title, color, image, greeting) VALUES
            ('christmas', 'Christmas', '#C0392B', NULL, 'Merry Christmas!'),
            ('novy-god', 'Новый год', '#2E86C1', 'tree.png', 'С Новым годом!'),
            ('shogatsu', 'お正月 🎍', NULL, NULL, NULL),
            ('creme', 'Cre\u{300}me bru\u{302}le\u{301}e', NULL, NULL, NULL);
        WITH RECURSIVE n(door) AS (SELECT 1 UNION ALL SELECT door + 1 FROM n WHERE door < 24)
        INSERT INTO doors (holiday, door, surprise, opened_at)
            SELECT 'christmas', door, 'Сюрприз №' || door,
                   CASE WHEN door <= 5 THEN printf('2025-12-%02dT06:%02d:00Z', door, door * 7) END FROM n
            UNION ALL SELECT 'novy-god', door, 'Подарок ' || door, printf('2025-12-%02dT18:00:00Z', door) FROM n
            UNION ALL SELECT 'shogatsu', door, 'おみくじ ' || door, NULL FROM n WHERE door <= 3;
        UPDATE calendar_state SET selected_holiday = 'christmas';

        INSERT INTO events (id, title, person, starts_at, ends_at, image, description) VALUES
            (1, 'Ёлка в парке Горького', 'Аня', '2025-12-20T15:00:00Z', '2025-12-20T18:00:00Z', NULL, 'Гирлянды. Каток.'),
            (2, '忘年会 🍶', '佐藤', '2025-12-20T21:30:00Z', NULL, NULL, NULL),
            (3, 'Ramen 🇯🇵 Kenji', 'Kenji', '2025-12-21T09:00:00Z', NULL, NULL, NULL),
            (4, 'Концерт | «Щелкунчик»', NULL, '2025-12-23T16:30:00Z', '2025-12-23T19:00:00Z', NULL, NULL),
            (5, 'Cre\u{300}me bru\u{302}le\u{301}e, "Paris"', 'Zoé', '2025-12-23T17:00:00Z', NULL, NULL, 'Line one.
        Line two.'),
            (6, 'Silvester 🎆', NULL, '2025-12-31T20:00:00Z', NULL, NULL, NULL),
            (7, 'Вчерашний ужин', NULL, '2025-12-19T17:00:00Z', NULL, NULL, NULL);

        INSERT INTO countries (code, name, alpha3, numeric) VALUES
            ('DE', 'Deutschland', 'DEU', '276'), ('JP', '日本', 'JPN', '392'), ('RU', 'Россия', 'RUS', '643'),
            ('FR', 'France', 'FRA', '250'), ('BR', 'Brasil', 'BRA', '076'), ('KR', '대한민국', 'KOR', '410');
        INSERT INTO quiz_answers (player, answered_at, country, chosen, options) VALUES
            ('Аня', '2025-12-18T10:00:00Z', 'DE', 'DE', 'BR|DE|FR|JP'),
            ('Аня', '2025-12-18T10:01:00Z', 'JP', 'JP', 'JP|KR|RU|DE'),
            ('Аня', '2025-12-18T10:02:00Z', 'FR', 'FR', NULL),
            ('Аня', '2025-12-18T10:03:00Z', 'BR', 'DE', 'BR|DE|FR|JP'),
            ('Аня', '2025-12-19T08:00:00Z', 'RU', 'RU', NULL),
            ('Kenji', '2025-12-19T09:00:00Z', 'JP', 'JP', NULL),
            ('Kenji', '2025-12-19T09:01:00Z', 'KR', 'JP', 'KR|JP|RU|FR'),
            ('Kenji', '2025-12-19T09:02:00Z', 'DE', 'FR', NULL),
            ('Kenji', '2025-12-19T09:03:00Z', 'RU', 'RU', NULL),
            ('佐藤', '2025-12-17T12:00:00Z', 'KR', 'KR', NULL),
            ('佐藤', '2025-12-17T12:01:00Z', 'BR', 'FR', NULL),
            ('佐藤', '2025-12-17T12:02:00Z', 'BR', 'BR', NULL),
            ('Ёжик', '2024-12-30T23:30:00Z', 'RU', 'FR', NULL);

        INSERT INTO animation_properties (key, label, min, max, step, default_value) VALUES
            ('snow_rate', 'Снегопад ❄', 0, 100, 5, 20),
            ('hat_tilt', '帽子の傾き', -30, 30, 2.5, 0),
            ('wind', 'Wind', 0, 1, 0.25, 0.5),
            ('flakes', 'Снежинки', 0, 2000000, 0.5, 1500);
        INSERT INTO animation_settings (id, name, created_at) VALUES
            (1, 'Метель', '2025-12-01T10:00:00Z'), (2, 'calm', '2025-12-02T10:00:00Z');
        INSERT INTO animation_setting_values (setting_id, property_key, value) VALUES
            (1, 'snow_rate', 95), (1, 'hat_tilt', -12.5), (1, 'wind', 1), (1, 'flakes', 1234567.5),
            (2, 'snow_rate', 20), (2, 'wind', 0.25);
        -- Properties changed after the values were saved: 95 is now off the grid, 1 out of range.
        UPDATE animation_properties SET step = 10 WHERE key = 'snow_rate';
        UPDATE animation_properties SET max = 0.75 WHERE key = 'wind';

        INSERT INTO books (id, title, author, borrower, loaned_on, due_on, returned_on) VALUES
            (1, 'Мастер и Маргарита', 'Михаил Булгаков', 'Аня', '2025-10-01', '2025-11-29', NULL),
            (2, 'ノルウェイの森', '村上春樹', '佐藤', '2025-12-01', '2025-12-19', NULL),
            (3, 'Dune', 'Frank Herbert', 'Kenji', '2025-12-10', '2025-12-24', NULL),
            (4, 'Война и мир', 'Лев Толстой', 'Аня', '2025-10-01', '2025-12-18', NULL),
            (5, 'Анна Каренина', 'Лев Толстой', 'Аня', '2025-12-01', '2026-01-15', NULL),
            (6, 'Евгений Онегин', 'Александр Пушкин', 'Аня', '2025-12-01', '2026-01-10', NULL),
            (7, 'Идиот', 'Фёдор Достоевский', 'Аня', '2025-12-01', '2025-12-25', NULL),
            (8, 'Le Petit Prince', NULL, NULL, '2025-12-15', '2026-01-15', NULL),
            (9, 'Solaris', 'Stanisław Lem', 'Kenji', '2025-12-01', '2026-02-01', NULL),
            (10, 'Три мушкетёра', 'Александр Дюма', 'Аня', '2025-09-01', '2025-10-01', '2025-09-20'),
            (1234, 'Алиса в Стране чудес', 'Льюис Кэрролл', '佐藤', '2025-12-20', '2025-12-20', NULL);
        """
}
