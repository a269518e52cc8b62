/**
 * The steps' pictures: drawn here as small inline SVGs (the CSP allows `data:` images), so the page needs no
 * image host and no extra download. Each is a phone screen in the channel's colour with the step's number.
 */

/** The channels' colours, in the order of MESSAGES.instructions.channels. */
export const CHANNEL_COLOURS = ['#0a6cff', '#00a86b', '#d9480f'] as const

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function stepImage(channel: string, step: number, colour: string): string {
  const name = escapeXml(channel.split(' (')[0])
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="420" viewBox="0 0 240 420">` +
    `<rect x="4" y="4" width="232" height="412" rx="28" fill="#1f1f1f"/>` +
    `<rect x="16" y="36" width="208" height="348" rx="8" fill="#ffffff"/>` +
    `<rect x="16" y="36" width="208" height="64" rx="8" fill="${colour}"/>` +
    `<text x="120" y="76" fill="#ffffff" font-family="sans-serif" font-size="20" text-anchor="middle">${name}</text>` +
    `<circle cx="120" cy="200" r="56" fill="${colour}" opacity="0.15"/>` +
    `<text x="120" y="218" fill="${colour}" font-family="sans-serif" font-size="56" font-weight="bold" text-anchor="middle">${step}</text>` +
    `<rect x="48" y="296" width="144" height="40" rx="20" fill="${colour}"/>` +
    `</svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}
