"""Writes the iCalendar files of CalendarFileTests with Python's icalendar (not with Almanac), each
feature an importer must read: UTC, floating and TZID times (with the VTIMEZONE icalendar writes),
all-day events (DTEND and DURATION), SUMMARY/DESCRIPTION/LOCATION with commas, semicolons, line
breaks and Cyrillic, ORGANIZER and ATTENDEE, UID, a weekly RRULE with EXDATE and RDATE, a changed
occurrence (RECURRENCE-ID), and what Almanac does not keep (a VALARM, a URL).

    python3 make_calendar.py OUT.ics
"""
import sys
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from icalendar import Alarm, Calendar, Event, vCalAddress

berlin = ZoneInfo("Europe/Berlin")
cal = Calendar()
cal.add("prodid", "-//Tests//make_calendar.py//EN")
cal.add("version", "2.0")


def event(uid, summary, start, **extra):
    e = Event()
    e.add("uid", uid)
    e.add("dtstamp", datetime(2026, 1, 1, tzinfo=timezone.utc))
    e.add("summary", summary)
    e.add("dtstart", start)
    for key, value in extra.items():
        e.add(key.replace("_", "-"), value)
    cal.add_component(e)
    return e


# A time in UTC, with a location and an organizer by name.
organizer = vCalAddress("mailto:anna@example.org")
organizer.params["cn"] = "Anna Petrova"
event("utc-1@tests", "Standup, daily; short", datetime(2026, 1, 19, 8, 0, tzinfo=timezone.utc),
      dtend=datetime(2026, 1, 19, 8, 15, tzinfo=timezone.utc), location="Room 4, floor 2", organizer=organizer)
# A floating time (no zone): read in the importer's --tz.
event("floating-1@tests", "Ёлка во дворе", datetime(2026, 1, 20, 18, 0), duration=timedelta(hours=2),
      description="Первая строка\nвторая, с запятой; и точкой с запятой")
# A time in Europe/Berlin (icalendar writes its VTIMEZONE), weekly for 6 weeks across no change of
# offset, one week left out (EXDATE), one extra day (RDATE), one week moved (RECURRENCE-ID below).
weekly = event("weekly-1@tests", "Choir", datetime(2026, 2, 2, 19, 0, tzinfo=berlin),
               dtend=datetime(2026, 2, 2, 21, 0, tzinfo=berlin), rrule={"freq": "weekly", "count": 6})
weekly.add("exdate", datetime(2026, 2, 16, 19, 0, tzinfo=berlin))
weekly.add("rdate", datetime(2026, 2, 5, 19, 0, tzinfo=berlin))
moved = event("weekly-1@tests", "Choir (in the big hall)", datetime(2026, 2, 24, 18, 0, tzinfo=berlin),
              dtend=datetime(2026, 2, 24, 20, 0, tzinfo=berlin))
moved.add("recurrence-id", datetime(2026, 2, 23, 19, 0, tzinfo=berlin))
# Across the change to summer time (29 March 2026 in Berlin): still 09:00 on the wall clock.
event("dst-1@tests", "Market", datetime(2026, 3, 21, 9, 0, tzinfo=berlin), duration=timedelta(hours=1),
      rrule={"freq": "weekly", "until": datetime(2026, 4, 5, 0, 0, tzinfo=timezone.utc)})
# All-day events: three days by DTEND (the day after the last), one by DURATION, a yearly birthday.
event("trip-1@tests", "Trip to Kazan", date(2026, 1, 23), dtend=date(2026, 1, 26))
event("day-1@tests", "Holiday", date(2026, 1, 7), duration=timedelta(days=1))
event("birthday-1@tests", "Grandma's birthday", date(2020, 3, 8), rrule={"freq": "yearly"})
# What is not kept: a reminder and a link, reported by the importer with their lines.
reminded = event("alarm-1@tests", "Dentist", datetime(2026, 1, 21, 10, 0, tzinfo=berlin), url="https://example.org/x")
alarm = Alarm()
alarm.add("action", "DISPLAY")
alarm.add("description", "Dentist")
alarm.add("trigger", timedelta(minutes=-30))
reminded.add_component(alarm)
attendee = vCalAddress("mailto:boris@example.org")
reminded.add("attendee", attendee)

cal.add_missing_timezones()
with open(sys.argv[1], "wb") as out:
    out.write(cal.to_ical())
