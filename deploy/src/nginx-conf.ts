import { imageSources } from './security-headers'

export interface NginxConfValues {
  prefix: string
  port: number
  www: string
  cdn: string
  apiUpstream: string
  /** The API's origin when it is not the page's own; '' for none. */
  apiOrigin: string
  imageHosts: readonly string[]
  /** The local demo's second picture origin (`securityHeaders`' `loopbackPictures`). */
  loopbackPictures?: boolean
  /** CSP sources for the inline script route pages carry (`pageScriptHashes`). */
  scriptHashes: readonly string[]
  /** nginx's brotli_static module (`.so`) to load and turn on; null where it is not installed (ADR 0019). */
  brotliStaticModule: string | null
  /** Certificate and key files: the server then listens with TLS and HTTP/2 (the load benchmark). */
  tls?: { cert: string; key: string } | null
}

/** The `listen` directive, with TLS and HTTP/2 when `tls` is given (nginx 1.22: `http2` is a listen flag). */
function withTls(conf: string, tls: { cert: string; key: string }): string {
  const listen = /^( *)listen ([^\s;]+);$/gm
  if ((conf.match(listen) ?? []).length !== 1) throw new Error('nginx.conf: TLS needs exactly one listen')
  return conf.replace(
    listen,
    (_, indent: string, address: string) =>
      `${indent}listen ${address} ssl http2;\n${indent}ssl_certificate ${tls.cert};\n` +
      `${indent}ssl_certificate_key ${tls.key};`,
  )
}

/**
 * deploy/nginx.conf with its placeholders filled. A value goes in as it is (no `$&` patterns), and an
 * optional CSP source goes in with its leading space, or not at all.
 */
export function renderNginxConf(template: string, values: NginxConfValues): string {
  const optional = (sources: readonly string[]) => (sources.length > 0 ? ` ${sources.join(' ')}` : '')
  const fills: Record<string, string> = {
    __PREFIX__: values.prefix,
    __PORT__: String(values.port),
    __WWW__: values.www,
    __CDN__: values.cdn,
    __API_UPSTREAM__: values.apiUpstream,
    ' __API_ORIGIN__': optional(values.apiOrigin ? [values.apiOrigin] : []),
    ' __IMAGE_SOURCES__': optional(imageSources(values.imageHosts, { loopback: values.loopbackPictures })),
    ' __SCRIPT_SOURCES__': optional(values.scriptHashes),
    __LOAD_BROTLI__: values.brotliStaticModule ? `load_module ${values.brotliStaticModule};` : '',
    __BROTLI_STATIC__: values.brotliStaticModule ? 'brotli_static on;' : '',
  }
  let conf = template
  for (const [placeholder, value] of Object.entries(fills)) conf = conf.replaceAll(placeholder, () => value)
  if (values.tls) conf = withTls(conf, values.tls)
  const directives = conf.replace(/^\s*#.*$/gm, '')
  const left = /__[A-Z_]+__/.exec(directives)
  if (left) throw new Error(`nginx.conf: placeholder ${left[0]} has no value`)
  return conf
}
