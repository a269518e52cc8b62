import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { TOO_LARGE_ENVELOPE } from 'shared/config/demo-api'
import { REQUEST_BODY_MAX_BYTES } from 'shared/http/limits'
import { expect, test } from 'vitest'
import { renderNginxConf, type NginxConfValues } from './nginx-conf'
import { DEPLOY_DIR } from './paths'
import { PAGES_DIR_NAME, pageFileName } from './route-pages'
import { securityHeaders } from './security-headers'

const TEMPLATE = readFileSync(join(DEPLOY_DIR, 'nginx.conf'), 'utf8')
const VALUES: NginxConfValues = {
  prefix: '/srv/nginx',
  port: 8080,
  www: '/srv/www',
  cdn: '/srv/cdn',
  apiUpstream: 'http://127.0.0.1:4310',
  apiOrigin: '',
  imageHosts: [],
  scriptHashes: [],
  brotliStaticModule: null,
}

test("nginx takes request bodies up to the demo API's limit and answers a larger one with its envelope", () => {
  const limits = [...TEMPLATE.matchAll(/^\s*client_max_body_size\s+(\S+);/gm)].map((m) => m[1])
  expect(limits).toEqual([String(REQUEST_BODY_MAX_BYTES)])
  // A location's body: up to the brace that closes it, at the server block's indent.
  const location = (name: string) => TEMPLATE.split(`location ${name} {`)[1].split('\n    }')[0]
  const page = /error_page 413 (@[\w-]+);/.exec(location('~ ^/(utilities|api)/'))![1]
  const named = location(page)
  expect(named).toContain('default_type application/json;')
  expect(JSON.parse(/return 413 '(.*)';/.exec(named)![1])).toEqual(TOO_LARGE_ENVELOPE)
})

test("nginx's CSP is the Node server's, image hosts and the route pages' script hash included", () => {
  for (const imageHosts of [[], ['img.cashloan.ph', '*.cdn.example.com']]) {
    for (const loopbackPictures of [false, true]) {
      const conf = renderNginxConf(TEMPLATE, { ...VALUES, imageHosts, loopbackPictures })
      expect(/set \$csp "(.*)";/.exec(conf)![1]).toBe(
        securityHeaders({ imageHosts, loopbackPictures })['Content-Security-Policy'],
      )
    }
  }
  const scriptHashes = ["'sha256-abc='"]
  const withScript = renderNginxConf(TEMPLATE, { ...VALUES, scriptHashes })
  expect(/set \$csp "(.*)";/.exec(withScript)![1]).toBe(
    securityHeaders({ scriptHashes })['Content-Security-Policy'],
  )
  const withApi = renderNginxConf(TEMPLATE, { ...VALUES, apiOrigin: 'https://api.example.com' })
  expect(/set \$csp "(.*)";/.exec(withApi)![1]).toBe(
    securityHeaders({ apiOrigin: 'https://api.example.com' })['Content-Security-Policy'],
  )
})

test('placeholder values go in literally, and a placeholder left without one is an error', () => {
  const conf = renderNginxConf(TEMPLATE, { ...VALUES, cdn: "/srv/$&/cdn$'" })
  expect(conf).toContain("alias /srv/$&/cdn$'/registry.json;")
  expect(conf).not.toMatch(/^[^#]*__[A-Z_]+__/m)
  expect(() => renderNginxConf(`${TEMPLATE}\nroot __NEW__;`, VALUES)).toThrow('__NEW__')
})

test('nginx looks up app routes where the release writes their pages, as the Node server does', () => {
  const conf = renderNginxConf(TEMPLATE, VALUES)
  const location = (name: string) => conf.split(`location ${name} {`)[1].split('\n    }')[0]
  for (const name of ['= /', '/']) expect(location(name)).toContain(`root /srv/cdn/${PAGES_DIR_NAME};`)
  expect(location('= /')).toContain(`try_files /${pageFileName('/')} @shell;`)
  // `$uri.html`: the file name pageFileName gives every other path.
  expect(pageFileName('/loanDetails')).toBe('loanDetails.html')
  expect(location('/')).toContain('try_files $uri.html @shell;')
  expect(location('@shell')).toContain('try_files /index.html =404;')
  // Always sent whole: a release and its rollback within one second would otherwise answer a 304.
  for (const name of ['= /', '/', '@shell']) {
    expect(location(name)).toContain('etag off;')
    expect(location(name)).toContain('if_modified_since off;')
  }
})

test('nginx sends the compressed copies the release wrote: gzip always, brotli where the module is installed', () => {
  const without = renderNginxConf(TEMPLATE, VALUES)
  const directives = (conf: string) => conf.replace(/^\s*#.*$/gm, '')
  expect(directives(without)).toMatch(/^\s*gzip_static on;$/m)
  expect(directives(without)).not.toMatch(/brotli|load_module/)
  const module = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'
  const withBrotli = directives(renderNginxConf(TEMPLATE, { ...VALUES, brotliStaticModule: module }))
  // load_module is a main-context directive: before the events and http blocks.
  expect(withBrotli.indexOf(`load_module ${module};`)).toBeGreaterThan(-1)
  expect(withBrotli.indexOf(`load_module ${module};`)).toBeLessThan(withBrotli.indexOf('events {'))
  const http = withBrotli.split('http {')[1].split('server {')[0]
  expect(http).toMatch(/^\s*brotli_static on;$/m)
  expect(http).toMatch(/^\s*gzip_static on;$/m)
})

test('with a certificate, the one listen gets TLS and HTTP/2; without, it stays plain', () => {
  expect(renderNginxConf(TEMPLATE, VALUES)).toMatch(/^ {4}listen 127\.0\.0\.1:8080;$/m)
  const conf = renderNginxConf(TEMPLATE, { ...VALUES, tls: { cert: '/c/cert.pem', key: '/c/key.pem' } })
  expect(conf).toContain(
    '    listen 127.0.0.1:8080 ssl http2;\n    ssl_certificate /c/cert.pem;\n    ssl_certificate_key /c/key.pem;',
  )
  expect(conf.match(/^\s*listen /gm)).toHaveLength(1)
})
