import type { CSSProperties } from 'react'

/** WCAG's minimum contrast for body text (1.4.3). */
const MIN_CONTRAST = 4.5

/** Red, green, blue (0–255) and alpha (0–1). */
export type Rgba = [number, number, number, number]

/**
 * CSS's named colours (CSS Color 4), packed as `name` + 6 hex digits: a template's colour may be a name as well
 * as a code, and the text on it needs the colour's value to stay readable.
 */
const NAMED = new Map(
  (
    'aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 azure f0ffff beige f5f5dc bisque ffe4c4 ' +
    'black 000000 blanchedalmond ffebcd blue 0000ff blueviolet 8a2be2 brown a52a2a burlywood deb887 ' +
    'cadetblue 5f9ea0 chartreuse 7fff00 chocolate d2691e coral ff7f50 cornflowerblue 6495ed cornsilk fff8dc ' +
    'crimson dc143c cyan 00ffff darkblue 00008b darkcyan 008b8b darkgoldenrod b8860b darkgray a9a9a9 ' +
    'darkgreen 006400 darkgrey a9a9a9 darkkhaki bdb76b darkmagenta 8b008b darkolivegreen 556b2f ' +
    'darkorange ff8c00 darkorchid 9932cc darkred 8b0000 darksalmon e9967a darkseagreen 8fbc8f ' +
    'darkslateblue 483d8b darkslategray 2f4f4f darkslategrey 2f4f4f darkturquoise 00ced1 darkviolet 9400d3 ' +
    'deeppink ff1493 deepskyblue 00bfff dimgray 696969 dimgrey 696969 dodgerblue 1e90ff firebrick b22222 ' +
    'floralwhite fffaf0 forestgreen 228b22 fuchsia ff00ff gainsboro dcdcdc ghostwhite f8f8ff gold ffd700 ' +
    'goldenrod daa520 gray 808080 green 008000 greenyellow adff2f grey 808080 honeydew f0fff0 hotpink ff69b4 ' +
    'indianred cd5c5c indigo 4b0082 ivory fffff0 khaki f0e68c lavender e6e6fa lavenderblush fff0f5 ' +
    'lawngreen 7cfc00 lemonchiffon fffacd lightblue add8e6 lightcoral f08080 lightcyan e0ffff ' +
    'lightgoldenrodyellow fafad2 lightgray d3d3d3 lightgreen 90ee90 lightgrey d3d3d3 lightpink ffb6c1 ' +
    'lightsalmon ffa07a lightseagreen 20b2aa lightskyblue 87cefa lightslategray 778899 lightslategrey 778899 ' +
    'lightsteelblue b0c4de lightyellow ffffe0 lime 00ff00 limegreen 32cd32 linen faf0e6 magenta ff00ff ' +
    'maroon 800000 mediumaquamarine 66cdaa mediumblue 0000cd mediumorchid ba55d3 mediumpurple 9370db ' +
    'mediumseagreen 3cb371 mediumslateblue 7b68ee mediumspringgreen 00fa9a mediumturquoise 48d1cc ' +
    'mediumvioletred c71585 midnightblue 191970 mintcream f5fffa mistyrose ffe4e1 moccasin ffe4b5 ' +
    'navajowhite ffdead navy 000080 oldlace fdf5e6 olive 808000 olivedrab 6b8e23 orange ffa500 ' +
    'orangered ff4500 orchid da70d6 palegoldenrod eee8aa palegreen 98fb98 paleturquoise afeeee ' +
    'palevioletred db7093 papayawhip ffefd5 peachpuff ffdab9 peru cd853f pink ffc0cb plum dda0dd ' +
    'powderblue b0e0e6 purple 800080 rebeccapurple 663399 red ff0000 rosybrown bc8f8f royalblue 4169e1 ' +
    'saddlebrown 8b4513 salmon fa8072 sandybrown f4a460 seagreen 2e8b57 seashell fff5ee sienna a0522d ' +
    'silver c0c0c0 skyblue 87ceeb slateblue 6a5acd slategray 708090 slategrey 708090 snow fffafa ' +
    'springgreen 00ff7f steelblue 4682b4 tan d2b48c teal 008080 thistle d8bfd8 tomato ff6347 ' +
    'turquoise 40e0d0 violet ee82ee wheat f5deb3 white ffffff whitesmoke f5f5f5 yellow ffff00 yellowgreen 9acd32'
  )
    .match(/\S+ \S+/g)
    ?.map((pair) => pair.split(' ') as [string, string]),
)

const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?`
/** A number, or a percentage of it. */
const AMOUNT = `(${NUMBER})(%?)`
const HUE = `(${NUMBER})(deg)?`
const PERCENT = `(${NUMBER})%`
/** `f(a, b, c)` or `f(a, b, c, alpha)`, and the modern `f(a b c)` or `f(a b c / alpha)`. */
const args = (first: string, rest: string) =>
  new RegExp(
    String.raw`^\(\s*(?:${first}\s*,\s*${rest}\s*,\s*${rest}(?:\s*,\s*${AMOUNT})?` +
      String.raw`|${first}\s+${rest}\s+${rest}(?:\s*\/\s*${AMOUNT})?)\s*\)$`,
    'i',
  )
const RGB_ARGS = args(AMOUNT, AMOUNT)
const HSL_ARGS = args(HUE, PERCENT)

const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value))
const channel = (value: string | undefined, percent: string | undefined) =>
  Math.round(clamp(percent ? (Number(value) * 255) / 100 : Number(value), 255))
const alpha = (value: string | undefined, percent: string | undefined) =>
  value === undefined ? 1 : clamp(percent ? Number(value) / 100 : Number(value), 1)

/** The groups of whichever of the two syntaxes matched (the other's are undefined). */
function groups(match: RegExpExecArray, size: number): (string | undefined)[] {
  const comma = match.slice(1, 1 + size)
  return comma[0] !== undefined ? comma : match.slice(1 + size, 1 + 2 * size)
}

function fromHex(hex: string): Rgba {
  const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex
  const [r, g, b, a = 255] = (full.match(/../g) ?? []).map((pair) => parseInt(pair, 16))
  return [r, g, b, a / 255]
}

function fromHsl(hue: number, saturation: number, lightness: number, a: number): Rgba {
  const s = clamp(saturation, 100) / 100
  const l = clamp(lightness, 100) / 100
  const f = (n: number) => {
    const k = (n + (((hue % 360) + 360) % 360) / 30) % 12
    return Math.round(255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
  }
  return [f(0), f(8), f(4), a]
}

/**
 * The colour `text` names, for the notations a template plausibly uses: `#rgb(a)` / `#rrggbb(aa)`, `rgb()` /
 * `rgba()`, `hsl()` / `hsla()` (comma or space syntax) and the named colours, case-insensitive. Anything else
 * (other CSS notations, keywords such as `currentcolor`, text around a colour) is null: the page keeps its own
 * colour rather than guess, and no server text ever reaches a style unchecked.
 */
export function cssColour(text: string): Rgba | null {
  const value = text.trim().toLowerCase()
  const hex = /^#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/.exec(value)?.[1]
  if (hex) return fromHex(hex)
  if (value === 'transparent') return [0, 0, 0, 0]
  const named = NAMED.get(value)
  if (named) return fromHex(named)
  const fn = /^(rgba?|hsla?)(\(.*\))$/.exec(value)
  if (!fn) return null
  if (fn[1].startsWith('rgb')) {
    const match = RGB_ARGS.exec(fn[2])
    if (!match) return null
    const [r, rp, g, gp, b, bp, a, ap] = groups(match, 8)
    return [channel(r, rp), channel(g, gp), channel(b, bp), alpha(a, ap)]
  }
  const match = HSL_ARGS.exec(fn[2])
  if (!match) return null
  const [h, , s, l, a, ap] = groups(match, 6)
  return fromHsl(Number(h), Number(s), Number(l), alpha(a, ap))
}

/** Whether `text` is a colour `cssColour` reads. */
export const isCssColour = (text: string): boolean => cssColour(text) !== null

/** Relative luminance of a colour, as seen over the white the page's banner and form sit on. */
function luminance([r, g, b, a]: Rgba): number {
  const [lr, lg, lb] = [r, g, b].map((value) => {
    const c = (value * a + 255 * (1 - a)) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
}

/**
 * The template's colours come from the server: white text stays where it is readable on them, else the
 * text turns black, so a light or bright colour never leaves the banner or the button unreadable. Anything
 * that is no colour `cssColour` reads keeps the stylesheet's look.
 */
export function onColour(background: string): CSSProperties | undefined {
  const colour = cssColour(background)
  if (!colour) return undefined
  const onWhite = 1.05 / (luminance(colour) + 0.05)
  return { background: background.trim(), color: onWhite >= MIN_CONTRAST ? '#ffffff' : '#000000' }
}
