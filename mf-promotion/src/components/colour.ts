import type { CSSProperties } from 'react'

/** WCAG's minimum contrast for body text (1.4.3). */
const MIN_CONTRAST = 4.5

/** Relative luminance of a `#rgb` / `#rrggbb` colour; null for anything else. */
function luminance(colour: string): number | null {
  const hex = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(colour.trim())?.[1]
  if (!hex) return null
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = parseInt(full.slice(at, at + 2), 16) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/**
 * The template's colours come from the server: white text stays where it is readable on them, else the
 * text turns black, so a light or bright colour never leaves the banner or the button unreadable.
 */
export function onColour(background: string): CSSProperties | undefined {
  if (!background) return undefined
  const light = luminance(background)
  if (light === null) return { background }
  const onWhite = 1.05 / (light + 0.05)
  return { background, color: onWhite >= MIN_CONTRAST ? '#ffffff' : '#000000' }
}
