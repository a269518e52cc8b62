import { join } from 'node:path'
import { normalizePath, type Plugin } from 'vite'

/**
 * An app's `index.html` from a string rather than a file: the dev server serves it for every page address
 * (the app routes by path), and a build takes it as its input as it would take the file.
 */
export function indexHtml(name: string, html: string): Plugin {
  let file = ''
  return {
    name,
    enforce: 'pre',
    configResolved(config) {
      file = normalizePath(join(config.root, 'index.html'))
    },
    resolveId(id) {
      return normalizePath(id) === file ? file : null
    },
    load(id) {
      return id === file ? html : null
    },
    configureServer(server) {
      // After Vite's own middlewares, where a page address has been rewritten to /index.html, which is not on disk.
      return () => {
        server.middlewares.use((req, res, next) => {
          if (req.url?.split('?')[0] !== '/index.html') return next()
          server
            .transformIndexHtml('/index.html', html, req.originalUrl)
            .then((page) => {
              res.setHeader('Content-Type', 'text/html')
              res.end(page)
            })
            .catch(next)
        })
      }
    },
  }
}
