import { demoPictureUrl } from 'shared/mocks'

/**
 * Names a demo logo for one answer. A real backend's logos are https addresses on its image CDN, so the demo
 * answers them on a second origin (shared/mocks `demoPictureUrl`, ADR 0022): a `data:` picture in an answer
 * is one `ServerImage` never shows.
 */
export type DemoPicture = (name: string, colour: string) => string

/** The demo's logos for the answer to `request` (the other loopback name, same port). */
export function demoPicturesFor(request: Request): DemoPicture {
  return (name, colour) => demoPictureUrl(request, name, colour)
}

/** Logos on a fixed https image host, for tests that build an answer without a request. */
export const testPictures: DemoPicture = (name) =>
  `https://img.lender-cdn.example/${encodeURIComponent(name.toLowerCase())}.png`
