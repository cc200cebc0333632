/* Writes a seeded CSV file of book loans or events for `make bench`: the same bytes on every machine.
 * Date-times are written in the stored form (UTC, with Z) so the floor program can load them as they are.
 * `loans` is a library's loan history for the overdue check: three years of loans up to 2025-12-22 in
 * the order they were lent (ids grow with the loan day, as a desk records them), the longer past due,
 * the likelier returned, nothing returned after that day.
 * usage: generate books|events|loans ROWS SEED [FIRST_ID] > FILE */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state;

/* SplitMix64: small, fast and good enough to vary the rows. */
static uint64_t next(void) {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int below(int n) { return (int)(next() % (uint64_t)n); }

static const char *words[] = {
    "winter", "night", "river", "garden", "war", "peace", "stone", "light", "silver", "road", "house", "sea",
    "Зима", "ночь", "река", "сад", "мир", "дорога", "дом", "море", "snow", "star", "forest", "city",
};
static const char *names[] = {
    "Anna Karenina", "Lev Tolstoy", "Мария Иванова", "John Smith", "Ada Lovelace", "Фёдор Достоевский",
    "Grace Hopper", "Olga Petrova", "Ivan Bunin", "Jane Austen", "Агата Кристи", "Mark Twain",
};

/* Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm). */
static void civil(long z, int *y, int *m, int *d) {
    z += 719468;
    long era = (z >= 0 ? z : z - 146096) / 146097;
    long doe = z - era * 146097;
    long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = (int)(yoe + era * 400 + (*m <= 2));
}

static void date(FILE *out, long day) {
    int y, m, d;
    civil(day, &y, &m, &d);
    fprintf(out, "%04d-%02d-%02d", y, m, d);
}

static void title(FILE *out) {
    int count = 2 + below(4);
    int quoted = below(10) == 0;
    if (quoted) fputc('"', out);
    for (int i = 0; i < count; i++) fprintf(out, "%s%s", i ? " " : "", words[below(24)]);
    if (quoted) fputs(", \"\"vol. 2\"\"\"", out);
}

int main(int argc, char **argv) {
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: generate books|events|loans ROWS SEED [FIRST_ID]\n");
        return 64;
    }
    long rows = atol(argv[2]);
    long first = argc == 5 ? atol(argv[4]) : 1;
    state = strtoull(argv[3], NULL, 10);
    int books = strcmp(argv[1], "books") == 0;
    static char buffer[1 << 20];
    setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
    if (strcmp(argv[1], "loans") == 0) {
        const long end = 20444; /* 2025-12-22, the demo day */
        puts("id,title,author,borrower,loaned_on,due_on,returned_on");
        for (long id = first; id < first + rows; id++) {
            long loaned = end - 1094 + (id - first) * 1095 / rows;
            long due = loaned + 7 + below(80);
            long late = end - due; /* days past due on the last day; <= 0 while not due */
            int per_mille = late <= 0 ? 250 : late <= 7 ? 700 : late <= 30 ? 900 : late <= 90 ? 980 : 997;
            printf("%ld,", id);
            title(stdout);
            printf(",%s,%s,", names[below(12)], names[below(12)]);
            date(stdout, loaned);
            putchar(',');
            date(stdout, due);
            putchar(',');
            if (below(1000) < per_mille) {
                long last = late <= 0 ? end : due + (late < 30 ? late : 30);
                date(stdout, loaned + below((int)(last - loaned + 1)));
            }
            putchar('\n');
        }
    } else if (books) {
        puts("id,title,author,borrower,loaned_on,due_on,returned_on");
        for (long id = first; id < first + rows; id++) {
            long loaned = 19723 + below(700); /* 2024-01-01 onwards */
            const long bench_day = 20240;       /* 2025-06-01, the day the benches import and check on */
            long due = loaned + 7 + below(80);
            printf("%ld,", id);
            title(stdout);
            printf(",%s,%s,", names[below(12)], below(5) ? names[below(12)] : "");
            date(stdout, loaned);
            putchar(',');
            date(stdout, due);
            putchar(',');
            if (below(10) < 3) { /* 30% returned, never after the bench day (an import refuses that) */
                long returned = loaned + below(120);
                if (returned <= bench_day) date(stdout, returned);
            }
            putchar('\n');
        }
    } else {
        puts("id,title,person,starts_at,ends_at,image,description");
        for (long id = first; id < first + rows; id++) {
            long start = 1735689600L + (long)below(60 * 24 * 365) * 60; /* 2025, to the minute */
            int y, m, d;
            civil(start / 86400, &y, &m, &d);
            long s = start % 86400;
            printf("%ld,", id);
            title(stdout);
            printf(",%s,%04d-%02d-%02dT%02ld:%02ld:00Z,", names[below(12)], y, m, d, s / 3600, s / 60 % 60);
            if (below(4)) {
                long end = start + 1800 + below(8) * 900;
                civil(end / 86400, &y, &m, &d);
                s = end % 86400;
                printf("%04d-%02d-%02dT%02ld:%02ld:00Z", y, m, d, s / 3600, s / 60 % 60);
            }
            printf(",%s,", below(3) ? "" : "snowman.png");
            fputs("\"A gathering by the ", stdout);
            fputs(words[below(24)], stdout);
            fputs(". Bring tea, and a friend.\"\n", stdout);
        }
    }
    return 0;
}
