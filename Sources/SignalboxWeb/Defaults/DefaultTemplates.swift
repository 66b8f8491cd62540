/// The templates the web layer ships: every page it renders itself works without an app's
/// `Templates` folder. Apps override any of them by name (see ``MustacheRenderer``).
///
/// Generated once from the demo's templates; edit them here.
enum DefaultTemplates {
    /// Name → Mustache text.
    static let all: [String: String] = [
        "dev/node": #"""
        <li class="node node-{{kind}}">
        <span class="node-kind">{{kind}}</span> <strong title="{{type}}">{{name}}</strong> <a href="{{path}}"><code>{{path}}</code></a>
        {{#isNavigation}}
        <ol class="stack">
        {{#entries}}
        <li class="entry{{#isRoot}} root{{/isRoot}}"><a href="{{path}}"><code>{{route}}</code></a>{{#presentation}} <span class="presentation">{{presentation}}</span>{{/presentation}}{{#input}} <span class="input">{{input}}</span>{{/input}}
        {{#child}}
        <ul>
        {{>dev/node}}
        </ul>
        {{/child}}
        </li>
        {{/entries}}
        </ol>
        {{/isNavigation}}
        {{#isTabs}}
        <ul class="tab-list">
        {{#tabs}}
        <li class="tab{{#active}} active{{/active}}"><a href="{{path}}"><code>{{name}}</code></a>{{#active}} <span class="active">active</span>{{/active}}
        {{#child}}
        <ul>
        {{>dev/node}}
        </ul>
        {{/child}}
        </li>
        {{/tabs}}
        </ul>
        {{/isTabs}}
        {{#isWrapper}}
        <ul class="wrapped">
        {{#child}}
        {{>dev/node}}
        {{/child}}
        </ul>
        {{/isWrapper}}
        </li>
        """# + "\n",
        "dev/tree": #"""
        {{! The developer page /_dev/tree (WebApp.Configuration.developerTools), shown as the content of "layout". }}
        <section class="dev-tree">
        <h1>Coordinator tree</h1>
        <p>Current path: <a href="{{path}}"><code>{{path}}</code></a></p>
        <ul class="tree">
        {{#nodes}}
        {{>dev/node}}
        {{/nodes}}
        </ul>
        </section>
        """# + "\n",
        "dev/routes": #"""
        {{! The developer page /_dev/routes (WebApp.Configuration.developerTools), shown as the content of "layout". }}
        <section class="dev-routes">
        <h1>Routes</h1>
        <p>{{count}} routes reachable from the root, each at the shortest URL that shows it; <code>{Type}</code> is an input.</p>
        {{#coordinators}}
        <h2>{{name}}</h2>
        <table>
        <thead><tr><th>Route</th><th>Kind</th><th>Input</th><th>Shows</th><th>URL pattern</th></tr></thead>
        <tbody>
        {{#routes}}
        <tr><td>{{name}}</td><td>{{kind}}</td><td>{{inputs}}</td><td>{{output}}</td><td>{{#link}}<a href="{{link}}"><code>{{pattern}}</code></a>{{/link}}{{^link}}<code>{{pattern}}</code>{{/link}}</td></tr>
        {{/routes}}
        </tbody>
        </table>
        {{/coordinators}}
        </section>
        """# + "\n",
        "errors/error": #"""
        {{! Every error page (400, 403, 404, 405, 409, 413, 415, 500), shown as the content of "layout".
            Add errors/<status>.mustache to override one. }}
        <section class="error" data-status="{{status}}">
        <h1>{{status}} {{title}}</h1>
        <p>{{message}}</p>
        {{#requestID}}
        <p class="request-id">Request id: <code>{{requestID}}</code></p>
        {{/requestID}}
        {{#detail}}
        <pre class="error-detail">{{detail}}</pre>
        {{/detail}}
        <p><a href="{{homePath}}">Back to the app</a></p>
        </section>
        """# + "\n",
        "layout": #"""
        {{! The app's page: the library's, unchanged. Override "layout" to extend "signalbox-layout". }}
        {{<signalbox-layout}}
        {{/signalbox-layout}}
        """# + "\n",
        "partials/notices": #"""
        {{! One-time notices ("Todo created"), shown once, on the page after the handler that left them. }}
        <div class="notices" role="status">
        {{#notices}}
        <p class="notice notice-{{kind}}">{{text}}</p>
        {{/notices}}
        </div>
        """# + "\n",
        "partials/breadcrumbs": #"""
        <nav class="breadcrumbs" aria-label="Breadcrumb">
        <ol>
        {{#breadcrumbs}}
        <li>{{#current}}<a href="{{path}}" aria-current="page">{{title}}</a>{{/current}}{{^current}}<a href="{{path}}">{{title}}</a>{{/current}}</li>
        {{/breadcrumbs}}
        </ol>
        </nav>
        """# + "\n",
        "partials/csrf": #"""
        {{! Every form posts these: the session's CSRF token and the page's one-time submission id
            (a repeat of the same submission is answered, not applied again). }}
        <input type="hidden" name="_csrf" value="{{csrf}}">
        <input type="hidden" name="_submission" value="{{submission}}">
        """# + "\n",
        "partials/field": #"""
        {{! One field of a FormScreen's form, rendered inside the field's section (the section
            fields.title, say), or every field in order with partials/fields: label, input, hint
            and error, tied together by aria-describedby and aria-invalid. }}
        {{#isHidden}}<input type="hidden" name="{{name}}"{{#value}} value="{{value}}"{{/value}}>{{/isHidden}}
        {{^isHidden}}
        <div class="field{{#isCheckbox}} field-check{{/isCheckbox}}{{#invalid}} field-invalid{{/invalid}}">
        {{#isGroup}}
        <fieldset{{#describedBy}} aria-describedby="{{describedBy}}"{{/describedBy}}>
        <legend>{{label}}</legend>
        {{#options}}
        <label class="field-option" for="{{id}}"><input type="{{groupType}}" id="{{id}}" name="{{name}}" value="{{value}}"{{#selected}} checked{{/selected}}{{#required}}{{^multiple}} required{{/multiple}}{{/required}}> {{label}}</label>
        {{/options}}
        </fieldset>
        {{/isGroup}}
        {{#isCheckbox}}
        <input type="checkbox" id="{{id}}" name="{{name}}"{{#checked}} checked{{/checked}}{{>partials/field-attributes}}>
        <label for="{{id}}">{{label}}</label>
        {{/isCheckbox}}
        {{^isGroup}}{{^isCheckbox}}
        <label for="{{id}}">{{label}}</label>
        {{/isCheckbox}}{{/isGroup}}
        {{#isTextarea}}
        <textarea id="{{id}}" name="{{name}}"{{#minLength}} minlength="{{minLength}}"{{/minLength}}{{#maxLength}} maxlength="{{maxLength}}"{{/maxLength}}{{>partials/field-attributes}}>{{value}}</textarea>
        {{/isTextarea}}
        {{#isSelect}}
        <select id="{{id}}" name="{{name}}"{{#multiple}} multiple{{/multiple}}{{>partials/field-attributes}}>
        {{^multiple}}<option value="">Choose…</option>{{/multiple}}
        {{#options}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>
        {{/options}}
        </select>
        {{/isSelect}}
        {{#isInput}}
        <input type="{{inputType}}" id="{{id}}" name="{{name}}"{{#value}} value="{{value}}"{{/value}}{{#minLength}} minlength="{{minLength}}"{{/minLength}}{{#maxLength}} maxlength="{{maxLength}}"{{/maxLength}}{{#min}} min="{{min}}"{{/min}}{{#max}} max="{{max}}"{{/max}}{{#step}} step="{{step}}"{{/step}}{{#pattern}} pattern="{{pattern}}"{{/pattern}}{{#accept}} accept="{{accept}}"{{/accept}}{{#multiple}} multiple{{/multiple}}{{>partials/field-attributes}}>
        {{/isInput}}
        {{#hint}}<p class="field-hint" id="{{hintID}}">{{hint}}</p>{{/hint}}
        {{#error}}<p class="field-error" id="{{errorID}}">{{error}}</p>{{/error}}
        </div>
        {{/isHidden}}
        """# + "\n",
        "partials/field-attributes": #"""
        {{#required}} required{{/required}}{{#autofocus}} autofocus{{/autofocus}}{{#autocomplete}} autocomplete="{{autocomplete}}"{{/autocomplete}}{{#describedBy}} aria-describedby="{{describedBy}}"{{/describedBy}}{{#invalid}} aria-invalid="true"{{/invalid}}
        """#,
        "partials/fields": #"""
        {{! Every field of a FormScreen's form, in order. }}
        {{#formFields}}
        {{>partials/field}}
        {{/formFields}}
        """# + "\n",
        "partials/draft": #"""
        {{! Shown above a form whose draft came back (see /_signalbox/drafts.js): a way to drop it,
            with scripts or without. }}
        {{#draft}}
        <form method="post" action="{{mount}}/_draft" class="draft-note">
        {{>partials/csrf}}
        <input type="hidden" name="from" value="{{path}}">
        <input type="hidden" name="_discard" value="1">
        <p role="status">This form holds your unsent draft. <button type="submit" class="draft-discard">Discard it</button></p>
        </form>
        {{/draft}}
        """# + "\n",
        "partials/form-error": #"""
        {{#error}}
        <p class="form-error" role="alert">{{error}}</p>
        {{/error}}
        """# + "\n",
        "partials/full-screen-bar": #"""
        <header class="full-screen-bar">
        {{#fullScreenClose}}
        <a class="full-screen-close" href="{{fullScreenClose}}">Close</a>
        {{/fullScreenClose}}
        </header>
        """# + "\n",
        "partials/modal": #"""
        <dialog open class="modal" aria-labelledby="modal-title" data-route="{{route}}">
        <header class="modal-header">
        <h2 id="modal-title">{{title}}</h2>
        {{#close}}
        <a class="modal-close" href="{{close}}" aria-label="Close">×</a>
        {{/close}}
        </header>
        <div class="modal-body">
        {{{content}}}
        </div>
        </dialog>
        """# + "\n",
        "partials/nav-fields": #"""
        {{! Hidden fields every /_nav form needs: the CSRF token, the submission id and the page the
            action was issued on. }}
        {{>partials/csrf}}
        <input type="hidden" name="from" value="{{path}}">
        """# + "\n",
        "partials/pop-button": #"""
        <form method="post" action="{{mount}}/_nav/pop" class="nav-pop">
        {{>partials/nav-fields}}
        <button type="submit">Back</button>
        </form>
        """# + "\n",
        "partials/split": #"""
        {{! A split coordinator's page: its master beside the detail (side by side on wide screens; on
            narrow ones the detail alone, or the master while nothing is pushed). }}
        <div class="split{{#hasDetail}} has-detail{{/hasDetail}}">
        <div class="split-master">
        {{{master}}}
        </div>
        <div class="split-detail">
        {{#hasDetail}}{{{content}}}{{/hasDetail}}{{^hasDetail}}<p class="split-placeholder">{{placeholder}}</p>{{/hasDetail}}
        </div>
        </div>
        """# + "\n",
        "partials/tabs": #"""
        {{#tabBars}}
        <nav class="tabs" aria-label="Sections">
        <ul>
        {{#tabs}}
        <li><a href="{{path}}"{{#active}} aria-current="page"{{/active}}>{{#icon}}<span class="icon icon-{{icon}}" aria-hidden="true"></span> {{/icon}}{{title}}{{#badge}} <span class="badge">{{badge}}</span>{{/badge}}</a></li>
        {{/tabs}}
        </ul>
        </nav>
        {{/tabBars}}
        """# + "\n",
        "signalbox-layout": #"""
        {{! The page around every screen (see the DocC article "Page view model"). An app's own "layout"
            extends it and fills the blocks stylesheet, head and main. }}
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}}</title>
        {{$stylesheet}}
        <link rel="stylesheet" href="{{mount}}/_signalbox/signalbox.css">
        {{/stylesheet}}
        {{$head}}
        {{/head}}
        </head>
        <body data-template="{{template}}"{{#live}} data-live="{{live}}"{{/live}}{{#fullScreen}} class="full-screen"{{/fullScreen}}>
        <div class="page"{{#modal}} inert{{/modal}}>
        {{^fullScreen}}
        {{#hasTabs}}
        {{>partials/tabs}}
        {{/hasTabs}}
        {{/fullScreen}}
        {{#fullScreen}}
        {{>partials/full-screen-bar}}
        {{/fullScreen}}
        {{#hasBreadcrumbs}}
        {{>partials/breadcrumbs}}
        {{/hasBreadcrumbs}}
        {{#hasNotices}}
        {{>partials/notices}}
        {{/hasNotices}}
        <main id="main">
        {{$main}}{{#split}}{{>partials/split}}{{/split}}{{^split}}{{{content}}}{{/split}}{{/main}}
        </main>
        </div>
        {{#modal}}
        {{>partials/modal}}
        {{/modal}}
        {{#devTools}}
        <footer class="dev-tools"><a href="{{mount}}/_dev/tree">Coordinator tree</a></footer>
        {{/devTools}}
        </body>
        </html>
        """# + "\n",
    ]
}
