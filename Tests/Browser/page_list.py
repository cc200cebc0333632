"""What check_pages.py opens and how it reads a page: the pages, the hostile values it adds to the
data, and the scripts that read tables, bars and the snowman back from the DOM."""

HOSTILE = "</td><script>alert(1)</script> \"quoted\" 'single' & \u202Egpj.exe <!-- ]]>"
LONG = "Supercalifragilistic" * 500  # 10,000 characters and no space to break at

# Each page: a name, the command's words, the exit status it ends with, and what it shows.
PAGES = [
    ("books-list", ["books", "list"], 0, {}),
    ("overdue", ["overdue", "--due-within", "7"], 2, {"chart": "lateness"}),
    ("report-overdue-books", ["report", "run", "overdue-books"], 0, {"chart": "lateness"}),
    ("report-events-by-day", ["report", "run", "events-by-day", "--param", "from=2025-12-20", "--param", "days=14"], 0,
     {"chart": ("day", "events")}),
    ("events-agenda", ["events", "agenda"], 0, {"cards": True}),
    ("events-cards", ["events", "cards", "--columns", "3"], 0, {"cards": True}),
    ("events-show", ["events", "show", "21"], 0, {}),
    ("quiz-scores", ["quiz", "scores"], 0, {"chart": ("player", "accuracy")}),
    ("report-quiz-scores", ["report", "run", "quiz-scores"], 0, {"chart": ("player", "accuracy")}),
    ("quiz-missed", ["quiz", "missed"], 0, {"chart": ("country", "missed")}),
    ("report-quiz-missed-flags", ["report", "run", "quiz-missed-flags"], 0, {"chart": ("code", "missed")}),
    ("calendar-show", ["calendar", "show", "christmas"], 0, {"calendar": True}),
    ("calendar-holidays", ["calendar", "holidays"], 0, {"skip": {"selected", "opened"}}),
    ("report-calendar-progress", ["report", "run", "calendar-progress"], 0, {}),
    ("animation-timeline", ["animation", "timeline", "Wobble"], 0, {"snowman": "Wobble"}),
    ("animation-timeline-somersault", ["animation", "timeline", "Somersault"], 0, {"snowman": "Somersault"}),
    ("animation-settings", ["animation", "settings"], 0, {}),
    ("animation-properties", ["animation", "properties"], 0, {}),
    ("report-animation-values", ["report", "run", "animation-values"], 0, {}),
    ("countries-list", ["countries", "list", "--search", "gu"], 0, {}),
    ("report-list", ["report", "list"], 0, {"skip": {"parameters"}}),
    ("report-loans-by-borrower", ["report", "run", "loans-by-borrower"], 0, {}),
    ("query", ["query", "SELECT id, title, due_on FROM books ORDER BY id"], 0, {}),
]

# Reads every table of the page: its column keys and, per row, each cell's data-value (null when
# the cell has none) and its text.
READ_TABLES = r"""
[...document.querySelectorAll('table')].map(t => ({
  keys: [...t.querySelectorAll('thead th')].map(th => th.dataset.key),
  rows: [...t.querySelectorAll('tbody tr:not(.section)')].map(tr =>
    [...tr.querySelectorAll('td')].map(td => ({value: td.hasAttribute('data-value') ? td.dataset.value : null,
                                              text: td.textContent})))
}))
"""

READ_BARS = r"""
[...document.querySelectorAll('svg.chart')].map(svg => ({
  kind: svg.classList.contains('columns') ? 'columns' : 'bars',
  bars: [...svg.querySelectorAll('rect.bar')].map(r => ({value: parseFloat(r.dataset.value),
    height: r.height.baseVal.value, width: r.width.baseVal.value}))
}))
"""

SAMPLE_SNOWMAN = r"""
(() => {
  const animation = document.getAnimations()[0];
  if (!animation) return null;
  animation.pause();
  const duration = animation.effect.getComputedTiming().duration;
  const element = document.querySelector('.snowman');
  return [0, 0.25, 0.5, 0.75].map(f => {
    animation.currentTime = duration * f;
    const style = getComputedStyle(element);
    return {fraction: f, duration: duration, transform: style.transform, opacity: parseFloat(style.opacity)};
  });
})()
"""
