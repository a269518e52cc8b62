/** Types of health-token.js, which stays plain JavaScript so that nginx's njs runs the same file. */
interface NginxRequest {
  variables: Record<string, string | undefined>
}

declare const healthToken: {
  COOKIE: string
  routeOf(target: string): string
  clientNetwork(address: string): string
  clientKey(secret: string, address: string): string
  mac(secret: string, body: string): string
  token(secret: string, issuedAt: number, loadId: string, route: string, address: string): string
  cookie(value: string, path: string, maxAge: number | string, secure: boolean): string
  proxyProof(secret: string): string
  pageCookie(r: NginxRequest): string
  network(r: NginxRequest): string
  proxy(): string
}
export default healthToken
