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
    // Filtered, so that no other module's resolution or load waits on this plugin: the federation plugin finds
    // a remote's shared modules as they are resolved, and its map of them depends on that order.
    resolveId: {
      filter: { id: /index\.html$/ },
      handler(id) {
        return normalizePath(id) === file ? file : null
      },
    },
    load: {
      filter: { id: /index\.html$/ },
      handler(id) {
        return id === file ? html : null
      },
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
