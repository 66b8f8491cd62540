/// The optional page script (`/_signalbox/signalbox.js`; `/_signalbox/drafts.js` is the same
/// script under its first name). No dependencies; it works under the pages' `default-src
/// 'self'` policy. Without it nothing changes: the pages work, they are simply not live and
/// keep no drafts.
///
/// - **Drafts**: what the user types into a form marked `data-draft` is sent to `POST /_draft` a
///   moment after they stop typing and when they leave the page, so the server shows it in the
///   form again (see ``/Signalbox/Draft``). Password, file and hidden inputs are never sent, nor
///   anything once a form of the page is sent (the form itself, or `partials/draft`'s discard
///   button).
/// - **Live pages**: a page whose `<body>` has `data-live` (its validator; see
///   ``WebApp/LivePages``) opens `GET /_live` while it is visible. On `changed` it fetches the
///   page and swaps the new `<body>` in, keeping the scroll position, focus and selection, and
///   every field the user changed; when the address leads elsewhere now it goes there. `ended`
///   (the session is over) reloads; `idle` stops until the user is back. While the stream is
///   open `<html>` has `data-live-stream="open"` (`connecting`, `closed` otherwise).
enum PageScript {
    static let path = "/_signalbox/signalbox.js"
    /// The script's name before it kept pages live, still served.
    static let draftsPath = "/_signalbox/drafts.js"

    static let text = #"""
        // Signalbox page script: drafts (<form data-draft>) and live pages (<body data-live>).
        // Optional; the pages work without it.
        (() => {
          "use strict";
          const script = document.currentScript;
          if (!script || !window.fetch || !window.URLSearchParams) return;
          const draftEndpoint = new URL("../_draft", script.src).href;
          const liveEndpoint = new URL("../_live", script.src).href;
          const skipped = new Set(["password", "file", "hidden", "submit", "button", "reset", "image"]);
          let leaving = false;

          // Drafts. The draft of a form: the CSRF token, the page it posts to, what was typed.
          const draftBody = (form) => {
            const data = new URLSearchParams();
            const token = form.querySelector("input[name=_csrf]");
            if (token) data.append("_csrf", token.value);
            data.append("from", new URL(form.getAttribute("action") || location.href, location.href).pathname);
            for (const field of form.elements) {
              if (!field.name || field.disabled || skipped.has(field.type) || field.name.startsWith("_")) continue;
              if ((field.type === "checkbox" || field.type === "radio") && !field.checked) continue;
              if (field.tagName === "SELECT") {
                for (const option of field.selectedOptions) data.append(field.name, option.value);
              } else {
                data.append(field.name, field.value);
              }
            }
            return data;
          };
          const dirty = new Map(); // form → timer
          const saveDraft = (form, beacon) => {
            clearTimeout(dirty.get(form));
            dirty.delete(form);
            if (leaving) return;
            if (beacon) {
              navigator.sendBeacon(draftEndpoint, draftBody(form));
            } else {
              fetch(draftEndpoint, { method: "POST", body: draftBody(form), credentials: "same-origin" }).catch(() => {});
            }
          };
          const edited = (event) => {
            const form = event.target.form;
            if (!form || !form.hasAttribute("data-draft")) return;
            clearTimeout(dirty.get(form));
            dirty.set(form, setTimeout(() => saveDraft(form, false), 600));
          };
          document.addEventListener("input", edited);
          document.addEventListener("change", edited);
          window.addEventListener("pagehide", () => { for (const form of [...dirty.keys()]) saveDraft(form, true); });
          // Any form sent (a draft's own, or its discard button) ends drafts and live updates.
          document.addEventListener("submit", () => { leaving = true; stopLive(); }, true);

          // Live pages. A field's identity across two versions of the page: its form and name.
          const keyOf = (element) => {
            if (element.form && element.name) {
              const choice = element.type === "checkbox" || element.type === "radio" ? "=" + element.value : "";
              return "f" + (element.form.getAttribute("action") || "") + "|" + element.name + choice;
            }
            return element.id ? "#" + element.id : null;
          };
          const find = (key) => {
            if (key.startsWith("#")) return document.getElementById(key.slice(1));
            for (const field of document.querySelectorAll("input, textarea, select")) if (keyOf(field) === key) return field;
            return null;
          };
          const isChanged = (field) => {
            if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
            if (field.tagName === "SELECT") return [...field.options].some((option) => option.selected !== option.defaultSelected);
            return field.type !== "hidden" && field.type !== "file" && field.value !== field.defaultValue;
          };
          const swap = (html) => {
            const next = new DOMParser().parseFromString(html, "text/html");
            const fields = [...document.querySelectorAll("input, textarea, select")];
            // A chosen file cannot be carried over: keep this version until the form is sent.
            if (!next.body || fields.some((field) => field.type === "file" && field.files && field.files.length)) return;
            const typed = fields.filter(isChanged).map((field) => [keyOf(field), field]);
            const active = document.activeElement;
            const focused = active && active !== document.body ? keyOf(active) : null;
            let selection = null;
            try { selection = [active.selectionStart, active.selectionEnd, active.selectionDirection]; } catch (error) {}
            const x = window.scrollX, y = window.scrollY;
            // Notices show once: the new version has none of this one's, which stay where they were.
            const notices = document.querySelector(".notices"), after = notices && notices.nextElementSibling;
            document.title = next.title;
            document.body.replaceWith(document.adoptNode(next.body));
            const place = after && after.id && !document.querySelector(".notices") && document.getElementById(after.id);
            if (place) place.before(notices);
            for (const [key, old] of typed) {
              const field = key && find(key);
              if (!field) continue;
              if (field.type === "checkbox" || field.type === "radio") field.checked = old.checked;
              else if (field.tagName === "SELECT") for (const option of field.options) option.selected = [...old.options].some((o) => o.selected && o.value === option.value);
              else field.value = old.value;
            }
            const target = focused && find(focused);
            if (target) {
              target.focus({ preventScroll: true });
              if (selection && selection[0] !== null && selection[0] !== undefined) {
                try { target.setSelectionRange(...selection); } catch (error) {}
              }
            }
            window.scrollTo(x, y);
          };
          let source = null;
          let refused = false;
          let fetching = null;
          let again = false;
          const refresh = async () => {
            if (fetching) { again = true; return; }
            again = false;
            fetching = fetch(location.href, { credentials: "same-origin", cache: "no-cache", headers: { "Signalbox-Live": "refresh" } });
            try {
              const response = await fetching;
              if (leaving) return;
              if (response.redirected || !response.ok || !(response.headers.get("Content-Type") || "").startsWith("text/html")) {
                stopLive();
                location.replace(response.url);
                return;
              }
              swap(await response.text());
              if (!document.body.dataset.live) stopLive();
            } catch (error) {
              // Offline for a moment: the next change tries again.
            } finally {
              fetching = null;
              if (again && !leaving) refresh();
            }
          };
          // <html data-live-stream="open"> while the page is live (a style may show it).
          const mark = (state) => { document.documentElement.dataset.liveStream = state; };
          const stopLive = () => {
            if (source) source.close();
            source = null;
            mark("closed");
          };
          const startLive = () => {
            if (source || refused || leaving || document.hidden || !window.EventSource || !document.body.dataset.live) return;
            const url = new URL(liveEndpoint);
            url.searchParams.set("page", location.pathname);
            url.searchParams.set("v", document.body.dataset.live);
            const opened = new EventSource(url.href);
            source = opened;
            let open = false;
            opened.onopen = () => { open = true; mark("open"); };
            opened.onerror = () => {
              // Refused (204, 429): not live on this page. A closed stream reconnects by itself.
              if (opened.readyState === EventSource.CLOSED) { refused = !open; if (source === opened) stopLive(); }
              else mark("connecting");
            };
            opened.addEventListener("changed", refresh);
            opened.addEventListener("ended", () => { stopLive(); location.reload(); });
            opened.addEventListener("idle", stopLive);
          };
          // A hidden page holds no stream (browsers share six connections per site); when it is
          // shown again the stream names the page's validator, and a change meanwhile arrives at once.
          document.addEventListener("visibilitychange", () => { if (document.hidden) stopLive(); else startLive(); });
          for (const type of ["focus", "pointerdown", "keydown"]) window.addEventListener(type, startLive, true);
          window.addEventListener("pagehide", stopLive);
          window.addEventListener("pageshow", startLive);
          startLive();
        })();
        """#
}
