import type { Plugin } from 'vite'
import { indexHtml } from './index-html.ts'
import { HTML_LANG, localeFor, pageHeadOf, type RemoteName } from '../src/routes/route-table.ts'

export interface StandalonePageOptions {
  remote: RemoteName
  /**
   * The route this page also serves in production, without the shell (ADR 0017): the page takes the route's
   * title and language, and a settings block for the deploy server to fill. Without one it is a dev page.
   */
  route?: string
}

/** Every remote's standalone entry: the same props the shell passes, with the demo API (shared/host/standalone). */
const ENTRY = '/src/app/standalone.tsx'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

/** A remote's standalone page, which its `src/app/standalone.tsx` renders its screens into. */
export function standaloneHtml({ remote, route }: StandalonePageOptions): string {
  const { title, lang } = route
    ? pageHeadOf(route)
    : { title: `${remote.replace('_', '-')} (standalone)`, lang: HTML_LANG[localeFor(remote)] }
  const settings = route
    ? `    <!-- The deploy server writes the deployment's settings here on the standalone entry (ADR 0017). -->
    <script type="application/json" id="app-settings">
      {}
    </script>
`
    : ''
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
  <head>
    <link rel="icon" href="data:," />
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0, viewport-fit=cover" />
    <title>${escapeHtml(title)}</title>
${settings}    <style>
      body {
        margin: 0;
      }
    </style>
    <script type="module" src="${ENTRY}"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`
}

/**
 * The remote's `index.html`, written here once for every remote rather than kept in each (`indexHtml`).
 */
export function standalonePage(options: StandalonePageOptions): Plugin {
  return indexHtml('standalone-page', standaloneHtml(options))
}
