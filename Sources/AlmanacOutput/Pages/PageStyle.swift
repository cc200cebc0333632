/// The one style sheet every page carries inline: system fonts only (no file to fetch), the
/// reader's light or dark setting (`prefers-color-scheme`), and a print style that drops the
/// backgrounds and keeps rows and pictures whole across pages.
package enum PageStyle {
    /// The CSS, inside the page's `<style>` element. No data ever goes in it.
    package static let css = """
        :root{color-scheme:light dark;--bg:#fbf8f3;--fg:#1f2328;--muted:#5d6570;--line:#ddd6cc;--panel:#ffffff;\
        --stripe:#f4efe7;--head:#efe7da;--accent:#b3261e;--alert:#b3261e;--warning:#8a5a00;--success:#1e7a3c;\
        --alert-bg:#fde8e6;--warning-bg:#fff3d6;--success-bg:#e3f4e8;--bar:#2f6f9f;--bar2:#d08c1f;--bar3:#b3261e;\
        --snow:#ffffff;--snow-line:#55606e;--sky:#dce9f5}
        @media (prefers-color-scheme:dark){:root{--bg:#14171c;--fg:#e6e2dc;--muted:#a4acb6;--line:#39404a;--panel:#1c2027;\
        --stripe:#20252d;--head:#262c35;--accent:#ff8a80;--alert:#ff8a80;--warning:#ffcc66;--success:#7ddc9a;\
        --alert-bg:#3d1f1d;--warning-bg:#3a2f14;--success-bg:#183222;--bar:#6fb3e6;--bar2:#f0b454;--bar3:#ff8a80;\
        --snow:#f4f7fb;--snow-line:#2b3440;--sky:#1d2a38}}
        *{box-sizing:border-box}
        html{background:var(--bg);color:var(--fg)}
        body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",sans-serif;\
        hyphens:auto;-webkit-hyphens:auto}
        main{max-width:80rem;margin:0 auto;padding:1.5rem 1.25rem 3rem}
        h1{font-size:1.75rem;line-height:1.25;margin:0 0 .25rem;overflow-wrap:break-word}
        h2{font-size:1.2rem;margin:2rem 0 .75rem;overflow-wrap:break-word}
        p.lead{color:var(--muted);margin:0 0 1.25rem;overflow-wrap:break-word}
        p.dated{color:var(--muted);margin:0 0 1.25rem;font-size:.9rem}
        p.lead+p.dated{margin-top:-1rem}
        h1,h2,h3,p,td,th,figcaption,.card,text,title,desc{unicode-bidi:isolate}
        .scroll{overflow-x:auto;margin:0 0 .5rem}
        table{border-collapse:collapse;min-width:50%;background:var(--panel);border:1px solid var(--line)}
        th,td{padding:.4rem .6rem;border-bottom:1px solid var(--line);vertical-align:top;text-align:left;\
        overflow-wrap:break-word;max-width:40rem}
        th{background:var(--head);font-weight:600;white-space:nowrap;text-align:center}
        tbody tr:nth-child(even){background:var(--stripe)}
        td .long{max-height:9em;overflow-y:auto;min-width:12rem;overflow-wrap:anywhere;hyphens:manual}
        td.date{white-space:nowrap}
        td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
        tr.section th{text-align:left;background:var(--bg);font-size:1.05rem;padding-top:1rem}
        .tag{display:inline-block;padding:0 .45rem;border-radius:.6rem;white-space:nowrap;font-weight:600}
        .tag.alert{color:var(--alert);background:var(--alert-bg)}
        .tag.warning{color:var(--warning);background:var(--warning-bg)}
        .tag.success{color:var(--success);background:var(--success-bg)}
        .tag.muted{color:var(--muted)}
        img.flag{width:2.4em;height:1.8em;vertical-align:middle;border:1px solid var(--line);background:var(--panel)}
        p.count{color:var(--muted);margin:.25rem 0 0;font-size:.9rem}
        p.empty{font-size:1.1rem;padding:1rem;background:var(--panel);border:1px solid var(--line);border-radius:.5rem}
        figure{margin:0 0 1.5rem;padding:1rem;background:var(--panel);border:1px solid var(--line);border-radius:.75rem}
        figcaption{color:var(--muted);font-size:.9rem;margin-top:.5rem}
        figure svg{display:block;width:100%;height:auto;max-height:34rem}
        figure svg.chart{max-width:50rem}
        svg text{font-family:inherit}
        svg.chart text{fill:var(--fg)}
        svg .axis{stroke:var(--line)}
        svg.chart text.muted{fill:var(--muted)}
        svg .bar{fill:var(--bar)}
        svg .level-1{fill:var(--bar2)}
        svg .level-2{fill:var(--bar3)}
        svg .level-0{fill:var(--bar)}
        .legend{display:flex;flex-wrap:wrap;gap:.4rem 1.2rem;margin:.5rem 0 0;padding:0;list-style:none;font-size:.9rem}
        .legend i{display:inline-block;width:.9rem;height:.9rem;border-radius:.2rem;margin-right:.35rem;vertical-align:-.1rem}
        .legend .level-0{background:var(--bar)}.legend .level-1{background:var(--bar2)}.legend .level-2{background:var(--bar3)}
        .day{margin:0 0 1.75rem}
        .cards{display:grid;grid-template-columns:repeat(var(--columns,2),minmax(0,1fr));gap:.9rem}
        .card{background:var(--panel);border:1px solid var(--line);border-radius:.75rem;padding:.8rem 1rem;min-width:0}
        .card h3{margin:0 0 .5rem;font-size:1.05rem;overflow-wrap:break-word}
        .card .body{display:flex;gap:1rem;align-items:flex-start}
        .card .image{flex:0 0 3.75rem;height:3.75rem;border-radius:.5rem;background:var(--head);display:flex;\
        align-items:center;justify-content:center;font-size:.7rem;color:var(--muted);text-align:center;overflow:hidden;\
        overflow-wrap:break-word;padding:.2rem}
        .card .person{font-weight:600;overflow-wrap:break-word}
        .card .hours{color:var(--muted);font-variant-numeric:tabular-nums;margin-top:.25rem}
        .card .info{margin:.6rem 0 0;overflow-wrap:break-word}
        @media (max-width:40rem){.cards{grid-template-columns:minmax(0,1fr)}}
        .door text.number{font-size:22px;font-weight:700;fill:#fff}
        .door text.word{font-size:11px;fill:#fff}
        .door text.surprise{font-size:11px;fill:#1f2328}
        .snowman-stage{cursor:pointer}
        .snowman-stage .ground{fill:var(--sky)}
        .snowman-stage .flake{fill:var(--snow);stroke:var(--snow-line);stroke-width:.5;opacity:.8}
        .snowman-stage .snow{fill:var(--snow);stroke:var(--snow-line);stroke-width:2}
        .snowman-stage .ink{fill:var(--snow-line)}
        .snowman-stage .hat{fill:#2b2f36;stroke:var(--snow-line);stroke-width:1.5}
        .snowman-stage .nose{fill:#e8772e}
        .snowman-stage .arm{stroke:#7a4e2d;stroke-width:4;stroke-linecap:round;fill:none}
        .snowman-figure{text-align:center}
        .snowman-figure svg{max-width:40rem;margin:0 auto;border-radius:.5rem}
        input.pause{position:absolute;opacity:0;width:1px;height:1px}
        .snowman-stage{display:block}
        .snowman-stage::after{content:attr(data-running);display:block;color:var(--muted);font-size:.9rem;margin-top:.4rem}
        input.pause:checked+.snowman-stage .snowman{animation-play-state:paused}
        input.pause:checked+.snowman-stage::after{content:attr(data-paused)}
        input.pause:focus-visible+.snowman-stage svg{outline:3px solid var(--bar);outline-offset:3px}
        @media (prefers-reduced-motion:reduce){.snowman{animation-play-state:paused!important}}
        p.reveal{font-size:1.6rem;font-weight:700;text-align:center;margin:1rem 0 .25rem;padding:1rem;border:3px solid;\
        border-radius:.75rem;overflow-wrap:break-word}
        svg.calendar{max-height:40rem}
        footer{margin-top:2.5rem;color:var(--muted);font-size:.85rem}
        a{color:var(--bar)}
        ul.pages{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:.8rem}
        ul.pages a{display:block;padding:.8rem 1rem;background:var(--panel);border:1px solid var(--line);border-radius:.6rem;\
        text-decoration:none;font-weight:600}
        @media print{:root{--bg:#fff;--fg:#000;--panel:#fff;--stripe:#fff;--head:#eee;--muted:#333}\
        html{background:#fff;color:#000}main{max-width:none;padding:0}figure,.card,tr{break-inside:avoid}\
        thead{display:table-header-group}.scroll{overflow:visible}td,th{max-width:none}\
        .snowman{animation:none!important}a{color:#000}}
        """
}
