#!/usr/bin/env python3
"""Writes the spreadsheet corpus's workbooks with openpyxl, and what each must import as.

Usage: make_workbooks.py DIR. Writes DIR/NAME.xlsx for each workbook and DIR/expected.json: for each
workbook, the rows of `books` it must give (title, author, borrower, loaned_on, due_on), dates in ISO.
The dates are real date cells shown in the workbook's own format (dotted, or US slashes), so LibreOffice
writes them as a user sees them; texts carry Cyrillic, quotes, the delimiters and a line break.
"""
import datetime
import json
import sys

import openpyxl

ROWS = [
    ("Война и мир", "Толстой, Лев", "Аня", datetime.date(2025, 12, 1), datetime.date(2025, 12, 20)),
    ("Мастер и Маргарита; «роман»", "Булгаков", None, datetime.date(2025, 11, 13), datetime.date(2026, 1, 31)),
    ("Ёлка \"№1\"\tи\nдругие", None, "Пётр", datetime.date(2025, 10, 2), datetime.date(2025, 12, 24)),
    ("Dune | part 1", "Herbert, Frank", "Chloé", datetime.date(2025, 12, 20), datetime.date(2026, 3, 20)),
]

WORKBOOKS = {
    # Russian headers as Almanac prints them, dotted dates.
    "russian": (["Название", "Автор", "Читатель", "Выдана", "Вернуть до"], "DD.MM.YYYY"),
    # English titles, US dates (a day over 12 decides the order).
    "english": (["Title", "Author", "Borrower", "Loaned", "Due"], "MM/DD/YYYY"),
    # Column names, dates as the user's day-first slashes.
    "names": (["title", "author", "borrower", "loaned_on", "due_on"], "DD/MM/YYYY"),
}


def main(folder):
    expected = {}
    for name, (header, date_format) in WORKBOOKS.items():
        book = openpyxl.Workbook()
        sheet = book.active
        sheet.title = "Книги"
        sheet.append(header)
        for row in ROWS:
            sheet.append(list(row))
        for cells in sheet.iter_rows(min_row=2, min_col=4, max_col=5):
            for cell in cells:
                cell.number_format = date_format
        book.save(f"{folder}/{name}.xlsx")
        expected[name] = [[title, author, borrower, loaned.isoformat(), due.isoformat()]
                          for title, author, borrower, loaned, due in ROWS]
    with open(f"{folder}/expected.json", "w", encoding="utf-8") as out:
        json.dump(expected, out, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1])
