/// The style rules of what the server adds to the command line's pages (`PageSlots`): the
/// navigation, forms, notices, an actions column, the home page's worlds.
enum ServerStyle {
    static let rules = """
        nav.serve{display:flex;flex-wrap:wrap;gap:.4rem 1rem;margin:0 0 1rem;font-size:.95rem}\
        nav.serve .lang{margin-left:auto}\
        form.serve-form{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:end;margin:1rem 0;padding:.75rem;\
        border:1px solid var(--line);background:var(--panel)}\
        form.serve-form label{display:flex;flex-direction:column;font-size:.9rem;color:var(--muted)}\
        form.serve-form input,form.serve-form select{font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--line);padding:.25rem .4rem}\
        form.inline{display:inline;margin:0}\
        button{font:inherit;padding:.25rem .75rem;border:1px solid var(--line);background:var(--head);color:var(--fg);cursor:pointer}\
        p.serve-notice{border-left:4px solid var(--success);background:var(--success-bg);padding:.4rem .8rem}\
        p.serve-error{border-left:4px solid var(--alert);background:var(--alert-bg);padding:.4rem .8rem}\
        form.flags button.flag{font-size:3rem;line-height:1;padding:.4rem .8rem}\
        form.flags button.flag img.flag{display:block;width:9rem;height:6.75rem}\
        p.quiz-player{font-weight:600;margin:0 0 .5rem}\
        p.quiz-right{font-size:1.25rem;font-weight:600}\
        p.quiz-right img.flag{width:8rem;height:6rem;margin-right:.5rem}\
        ol.quiz-judged{list-style:decimal;padding-left:2rem}\
        ol.quiz-judged li{margin:.3rem 0}\
        ol.quiz-judged li.right strong{color:var(--success)}\
        ol.quiz-judged li.wrong strong{color:var(--alert)}\
        p.quiz-next a{font-size:1.2rem;font-weight:600}\
        ul.worlds{display:grid;grid-template-columns:repeat(auto-fill,minmax(12rem,1fr));gap:.5rem;list-style:none;padding:0}\
        ul.worlds li{border:1px solid var(--line);background:var(--panel);padding:.6rem .8rem}\
        ul.worlds li span{display:block;color:var(--muted);font-size:.9rem}
        """
}
