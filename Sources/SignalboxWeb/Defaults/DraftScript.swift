/// The optional script that keeps drafts (`/_signalbox/drafts.js`): what the user types into a
/// form marked `data-draft` is sent to `POST /_draft` a moment after they stop typing and when
/// they leave the page, so the server shows it in the form again (see ``/Signalbox/Draft``).
/// Password, file and hidden inputs are never sent, nor anything once a form of the page is
/// sent (the form itself, or `partials/draft`'s discard button). No dependencies; it works under
/// the pages' `default-src 'self'` policy. Without it nothing changes.
enum DraftScript {
    static let path = "/_signalbox/drafts.js"

    static let text = #"""
        // Signalbox drafts: keeps what the user types into <form data-draft> with the session
        // (POST /_draft), so the form comes back filled. Optional; the pages work without it.
        (() => {
          "use strict";
          const script = document.currentScript;
          if (!script || !window.fetch || !window.URLSearchParams) return;
          const endpoint = new URL("../_draft", script.src).href;
          const skipped = new Set(["password", "file", "hidden", "submit", "button", "reset", "image"]);
          let stopped = false;

          // The draft of a form: the CSRF token, the page it posts to, what was typed.
          const body = (form) => {
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

          // Any form sent (the draft's own, or its discard button) ends the saving.
          document.addEventListener("submit", () => { stopped = true; }, true);

          for (const form of document.querySelectorAll("form[data-draft]")) {
            let timer = 0;
            let dirty = false;
            const save = (beacon) => {
              clearTimeout(timer);
              if (!dirty || stopped) return;
              dirty = false;
              if (beacon) {
                navigator.sendBeacon(endpoint, body(form));
              } else {
                fetch(endpoint, { method: "POST", body: body(form), credentials: "same-origin" }).catch(() => {});
              }
            };
            const changed = () => { dirty = true; clearTimeout(timer); timer = setTimeout(() => save(false), 600); };
            form.addEventListener("input", changed);
            form.addEventListener("change", changed);
            window.addEventListener("pagehide", () => save(true));
          }
        })();
        """#
}
