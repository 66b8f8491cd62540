/// The stylesheet the default layout links (`/_signalbox/signalbox.css`): enough for the
/// library's own markup — tab bars, breadcrumbs, notices, modal dialogs, full-screen pages, form errors,
/// form fields, error and developer pages — in light and dark. An app replaces it by overriding the layout's
/// `stylesheet` block.
enum DefaultStylesheet {
    static let path = "/_signalbox/signalbox.css"

    static let text = #"""
        :root { color-scheme: light dark; --bg: #f6f7f9; --surface: #fff; --text: #1c2330; --muted: #5d6778;
          --border: #d9dee6; --accent: #2f5bd3; --danger: #b42318; --radius: 8px;
          font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
        @media (prefers-color-scheme: dark) { :root { --bg: #0f1218; --surface: #181c24; --text: #e6e9ef;
          --muted: #9aa4b5; --border: #2e3543; --accent: #7fa2ff; --danger: #ff8a80; } }
        body { margin: 0; background: var(--bg); color: var(--text); line-height: 1.5; }
        a { color: var(--accent); }
        .page { max-width: 46rem; margin: 0 auto; padding: 1rem; }
        main { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); padding: 1rem 1.25rem; }
        .tabs ul, .breadcrumbs ol { list-style: none; margin: 0 0 1rem; padding: 0; display: flex; flex-wrap: wrap; gap: .5rem; }
        .tabs a { display: block; padding: .4rem .8rem; border-radius: var(--radius); text-decoration: none; }
        .tabs a[aria-current="page"] { background: var(--accent); color: var(--surface); }
        .tabs .badge { display: inline-block; min-width: 1.2em; padding: 0 .35em; border-radius: 1em; background: var(--accent); color: var(--surface); font-size: .8em; text-align: center; }
        .breadcrumbs li + li::before { content: "›"; margin-right: .5rem; color: var(--muted); }
        .breadcrumbs a[aria-current="page"] { color: var(--text); text-decoration: none; font-weight: 600; }
        .notices { display: grid; gap: .5rem; margin: 0 0 1rem; }
        .notice { margin: 0; padding: .6rem .9rem; border: 1px solid var(--border); border-left: 4px solid var(--accent);
          border-radius: var(--radius); background: var(--surface); }
        .notice-success { border-left-color: #2e7d32; } .notice-warning { border-left-color: #b26a00; }
        .notice-error { border-left-color: var(--danger); }
        .full-screen-bar { display: flex; justify-content: flex-end; margin-bottom: 1rem; }
        dialog.modal { position: fixed; inset: 0; margin: auto; max-width: min(36rem, 92vw); max-height: 86vh; overflow: auto;
          border: 1px solid var(--border); border-radius: var(--radius); background: var(--surface); color: var(--text);
          padding: 0; box-shadow: 0 0 0 100vmax rgb(15 18 24 / 45%); }
        .modal-header { display: flex; justify-content: space-between; align-items: center; padding: .75rem 1rem;
          border-bottom: 1px solid var(--border); }
        .modal-header h2 { margin: 0; font-size: 1.1rem; }
        .modal-close { text-decoration: none; font-size: 1.4rem; line-height: 1; }
        .modal-body { padding: 1rem; }
        form { margin: .5rem 0; }
        input, select, textarea, button { font: inherit; }
        .form-error, .error h1, .field-error { color: var(--danger); }
        .field { display: grid; gap: .3rem; margin: 0 0 1rem; }
        .field label, .field legend { font-weight: 600; }
        .field-check { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; }
        .field-check .field-hint, .field-check .field-error { flex-basis: 100%; }
        .field fieldset { border: 0; margin: 0; padding: 0; display: grid; gap: .25rem; }
        .field .field-option { font-weight: 400; }
        .field input:not([type="checkbox"]):not([type="radio"]), .field select, .field textarea { padding: .45rem .6rem;
          border: 1px solid var(--border); border-radius: var(--radius); background: var(--surface); color: var(--text); }
        .field [aria-invalid="true"] { border-color: var(--danger); outline-color: var(--danger); }
        .field-hint { margin: 0; color: var(--muted); font-size: .9em; }
        .field-error { margin: 0; font-weight: 600; font-size: .95em; }
        .request-id, .dev-tools, .node-kind, .presentation, .input { color: var(--muted); font-size: .9em; }
        .error-detail { white-space: pre-wrap; background: var(--bg); padding: .5rem; border-radius: var(--radius); }
        .dev-tools { text-align: center; padding: 1rem; }
        .split-placeholder { color: var(--muted); }
        @media (min-width: 48rem) { .page:has(.split) { max-width: 72rem; }
          .split { display: grid; grid-template-columns: minmax(14rem, 2fr) 3fr; gap: 1.25rem; align-items: start; }
          .split-detail { border-left: 1px solid var(--border); padding-left: 1.25rem; } }
        @media (max-width: 47.99rem) { .split.has-detail .split-master, .split:not(.has-detail) .split-detail { display: none; } }
        """# + "\n"
}
