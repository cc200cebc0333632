import Testing

@testable import AlmanacEvents
@testable import AlmanacKinds
@testable import AlmanacKit

/// The card's info line: the first sentence of a description, in English and Russian.
@Suite struct FirstSentenceTests {
    static let english: [(String, String)] = [
        ("Paper and glass only. The next pickup is in January.", "Paper and glass only."),
        ("Test the camera first! He wants to see the tree.", "Test the camera first!"),
        ("Which ghost scared you most? Snacks by Sam.", "Which ghost scared you most?"),
        ("Dr. Patel checks the new filling. Arrive ten minutes early.", "Dr. Patel checks the new filling."),
        ("Mr. and Mrs. Smith arrive at six. Dinner at seven.", "Mr. and Mrs. Smith arrive at six."),
        ("Café Lumière on Elm St. at eleven. She brings the photos.", "Café Lumière on Elm St. at eleven."),
        ("St. Mary's choir leads the way. Lanterns provided.", "St. Mary's choir leads the way."),
        ("A reading from J. R. R. Tolkien by the fire. Cocoa after.", "A reading from J. R. R. Tolkien by the fire."),
        ("Bring snacks, e.g. crisps or nuts. Drinks are on us.", "Bring snacks, e.g. crisps or nuts."),
        ("Bring a towel, i.e. a big one. Mats are provided.", "Bring a towel, i.e. a big one."),
        (
            "Update the board before 9 a.m. so we finish on time. Thanks!",
            "Update the board before 9 a.m. so we finish on time."
        ),
        ("The doors open at 7 p.m. Dinner is at eight.", "The doors open at 7 p.m."),
        ("Pens, paper, etc. are provided. Bring a laptop.", "Pens, paper, etc. are provided."),
        ("Shifts are 3.5 hours long. Wear something warm!", "Shifts are 3.5 hours long."),
        ("About 6.5 km in total. Back for tea.", "About 6.5 km in total."),
        ("Mats are provided… but bring a towel. Class starts on time.", "Mats are provided… but bring a towel."),
        ("Inbox zero by lunch… Stand-up is at 10.", "Inbox zero by lunch…"),
        ("Wait... what? Really.", "Wait... what?"),
        ("Dress code: something that sparkles! Last train home is at 2:30.", "Dress code: something that sparkles!"),
        ("She said \"Bring the cake.\" Then she left.", "She said \"Bring the cake.\""),
        ("Really?! We start at noon.", "Really?!"),
        ("1. Preheat the oven. 2. Bake.", "1. Preheat the oven."),
        ("The party ends in 2025. A new one begins.", "The party ends in 2025."),
        ("Version 2.0 ships today. Celebrate!", "Version 2.0 ships today."),
        ("Ask Smith & Co. They know.", "Ask Smith & Co."),
        ("No description sentence end", "No description sentence end"),
        ("  Line one.\nLine two.", "Line one."),
        ("Stand-up\n  in room   4B today. Then coffee.", "Stand-up in room 4B today."),
        ("Room No. 5 on the left. Knock twice.", "Room No. 5 on the left."),
        ("", ""),
    ]

    static let russian: [(String, String)] = [
        ("Играем в «Каркассон». Приносите свои игры!", "Играем в «Каркассон»."),
        ("Приносите свои игры! Чай и печенье за счёт клуба.", "Приносите свои игры!"),
        ("Кто придёт? Напишите Маше.", "Кто придёт?"),
        (
            "Собираемся у бабушки, т. е. на Садовой, 12. Муку она купит сама.",
            "Собираемся у бабушки, т. е. на Садовой, 12."
        ),
        ("Костюмы снежинок и т. д. приносить не нужно. Всё выдадут.", "Костюмы снежинок и т. д. приносить не нужно."),
        ("Берём шарики, гирлянды и т. д. Потом наряжаем ёлку.", "Берём шарики, гирлянды и т. д."),
        ("Нужны ножницы, скотч и т. п. вещи. Бумага есть.", "Нужны ножницы, скотч и т. п. вещи."),
        ("Встреча на ул. Ленина, д. 5. Вход со двора.", "Встреча на ул. Ленина, д. 5."),
        ("Едем в г. Тверь к бабушке. Обратно в воскресенье.", "Едем в г. Тверь к бабушке."),
        ("Клуб основан в 1998 г. Сейчас в нём сто человек.", "Клуб основан в 1998 г."),
        ("Лекцию читает проф. Иванов. Вход свободный.", "Лекцию читает проф. Иванов."),
        ("Стихи читает А. С. Пушкин из 5 «Б». Аплодисменты!", "Стихи читает А. С. Пушкин из 5 «Б»."),
        ("Коньки можно взять напрокат… но лучше свои.", "Коньки можно взять напрокат… но лучше свои."),
        ("Ждём всех… Начало в 19:00.", "Ждём всех…"),
        ("Смесь весит 2.5 кг. Хватит на всех.", "Смесь весит 2.5 кг."),
        ("Встречаемся у м. Арбатская в 18:00. Не опаздывайте!", "Встречаемся у м. Арбатская в 18:00."),
        ("Билет стоит 500 руб. за вход. Дети бесплатно.", "Билет стоит 500 руб. за вход."),
        ("Дед Мороз — Иван Иваныч! Подарки раздаём в 12:00.", "Дед Мороз — Иван Иваныч!"),
        ("Слушаем куранты", "Слушаем куранты"),
        ("Смотрим «Иронию судьбы», напр. в 18:00. Салат с вас.", "Смотрим «Иронию судьбы», напр. в 18:00."),
    ]

    /// Chinese and Japanese: a full-width terminator ends the sentence with no space after it.
    static let wide: [(String, String)] = [
        ("新年会は七時から。飲み物は各自でお願いします。", "新年会は七時から。"),
        ("本当に来ますか？駅で待っています。", "本当に来ますか？"),
        ("明日は雪まつり！暖かい服装でどうぞ。", "明日は雪まつり！"),
        ("「また明日。」と彼は言った。", "「また明日。」"),
        ("集合は渋谷駅です（ハチ公前）。遅れないでね！", "集合は渋谷駅です（ハチ公前）。"),
        ("えっ！？本当に？", "えっ！？"),
        ("ｶﾗｵｹ大会｡ﾐﾝﾅﾃﾞｲｺｳ", "ｶﾗｵｹ大会｡"),
        ("我们七点见面。请带礼物！", "我们七点见面。"),
        ("你来吗？我们等你。", "你来吗？"),
        ("年夜饭在奶奶家！别迟到。", "年夜饭在奶奶家！"),
        ("他说：“明天见。”然后走了。", "他说：“明天见。”"),
        ("Karaoke at Shibuya。Bring friends.", "Karaoke at Shibuya。"),
        ("初詣 明治神宮", "初詣 明治神宮"),
    ]

    @Test(arguments: wide)
    func chineseAndJapaneseSentences(_ text: String, _ expected: String) {
        #expect(FirstSentence.of(text) == expected)
    }

    @Test(arguments: english)
    func englishSentences(_ text: String, _ expected: String) {
        #expect(FirstSentence.of(text) == expected)
    }

    @Test(arguments: russian)
    func russianSentences(_ text: String, _ expected: String) {
        #expect(FirstSentence.of(text) == expected)
    }
}
