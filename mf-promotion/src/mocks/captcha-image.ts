/**
 * The demo captcha picture: an SVG with the answer's characters drawn at varying angles, with noise lines
 * and dots, so it looks and behaves like a real one (an `<img>` the reader must read).
 */

/** A small seeded generator, so one sid and timestamp always draw the same picture. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    state >>>= 0
    return state / 0x100000000
  }
}

const COLOURS = ['#1d39c4', '#c41d7f', '#237804', '#ad4e00', '#531dab', '#006d75']

export const CAPTCHA_WIDTH = 100
export const CAPTCHA_HEIGHT = 40

export function captchaSvg(answer: string, seed: number): string {
  const next = random(seed)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]
  const at = (max: number) => Math.round(next() * max)
  const lines = Array.from(
    { length: 5 },
    () =>
      `<line x1="${at(CAPTCHA_WIDTH)}" y1="${at(CAPTCHA_HEIGHT)}" x2="${at(CAPTCHA_WIDTH)}" y2="${at(CAPTCHA_HEIGHT)}" stroke="${pick(COLOURS)}" stroke-width="1.2" opacity="0.7"/>`,
  )
  const dots = Array.from(
    { length: 30 },
    () => `<circle cx="${at(CAPTCHA_WIDTH)}" cy="${at(CAPTCHA_HEIGHT)}" r="1" fill="${pick(COLOURS)}"/>`,
  )
  const chars = [...answer].map((char, i) => {
    const x = 14 + i * 22
    const y = 28 + at(6) - 3
    const angle = at(40) - 20
    return `<text x="${x}" y="${y}" transform="rotate(${angle} ${x} ${y})" fill="${pick(COLOURS)}" font-family="monospace" font-size="24" font-weight="bold">${char}</text>`
  })
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}">`,
    `<rect width="100%" height="100%" fill="#f0f5ff"/>`,
    ...lines,
    ...chars,
    ...dots,
    '</svg>',
  ].join('')
}
