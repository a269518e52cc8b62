import type { Plugin } from 'vite'

/**
 * The one loader every dynamic `import()` of a build goes through (issue #30): a chunk whose download fails is
 * fetched once more at once, under a cache-busting query, so one network blip never breaks a page. WebKit
 * (and Chromium before it stopped doing so) keeps a failed `import()` for the document's life under its URL:
 * importing the same URL again fails without a request, so the retry needs a new URL. Only a failed fetch
 * is retried: a module that downloaded and threw has run once and must not run twice. A retry that fails
 * too rejects as before, and the caller's own retry (`loadOnce` forgets a rejection) goes through here
 * again. The remote loader retries remote entries its own way (the federation runtime imports them).
 */
export const RETRY_IMPORT = '__retryImport$'

/** How long the loader waits before its retry: a blip (a dropped connection, a proxy restarting) passes. */
export const RETRY_IMPORT_DELAY_MS = 300

/**
 * The loader, added once to each chunk that imports another: `t` is the bundler's own `import()`, `s` its
 * relative chunk path, resolved against the importing chunk (`b`) as `import()` itself resolves it.
 */
export const RETRY_IMPORT_SOURCE =
  `const ${RETRY_IMPORT}=(t,s,b)=>{` +
  // Chromium: 'Failed to fetch dynamically imported module', Firefox: 'error loading dynamically imported
  // module', WebKit: 'Importing a module script failed'. A module's own error is none of these.
  `const f=e=>e instanceof TypeError&&/dynamically imported module|Importing a module script failed/i.test(e.message);` +
  `return t().catch(e=>{if(!f(e))throw e;const u=new URL(s,b).href;` +
  `return new Promise(r=>setTimeout(r,${RETRY_IMPORT_DELAY_MS}))` +
  `.then(()=>import(u+(u.includes('?')?'&':'?')+'retry='+Date.now()))})};\n`

/** A dynamic import of a chunk as the bundler writes it: `import("./x.js")`, '…' or `…`. */
const CHUNK_IMPORT = /\bimport\((["'`])(\.{1,2}\/[^"'`$\\]+?)\1\)/g

/**
 * `code` with every dynamic import of a chunk going through the loader; `code` as it is when it has none. The
 * first attempt is the bundler's own `import()`, kept as written: Vite finds it when it fills in the CSS and
 * chunks to preload with it (after this hook), so a lazy chunk's stylesheet still comes with it.
 */
export function withRetryImports(code: string): string {
  let found = false
  const rewritten = code.replace(CHUNK_IMPORT, (original: string, quote: string, path: string) => {
    found = true
    return `${RETRY_IMPORT}(()=>${original},${quote}${path}${quote},import.meta.url)`
  })
  return found ? RETRY_IMPORT_SOURCE + rewritten : code
}

/** The Vite plugin: every output chunk of the build loads its chunks through the loader. */
export function retryImports(): Plugin {
  return {
    name: 'retry-imports',
    apply: 'build',
    renderChunk(code) {
      const next = withRetryImports(code)
      return next === code ? null : { code: next, map: null }
    },
  }
}
