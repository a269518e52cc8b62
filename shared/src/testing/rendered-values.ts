/**
 * What a screen shows that did not go through `shared/format`: an amount written as the server sends it
 * ('1530.00', '5000.5'), a raw timestamp (10 or 13 digits) or an ISO date-time. The peso format itself
 * ('₱1.530,00', dots between thousands and a comma before the decimals) never matches. Read text node by
 * text node, so two neighbouring values are not read as one.
 */
export function unformattedValues(root: ParentNode): string[] {
  const found: string[] = []
  const doc = (root as Node).ownerDocument ?? (root as Document)
  const walker = doc.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? ''
    for (const pattern of UNFORMATTED) for (const match of text.matchAll(pattern)) found.push(match[0])
  }
  return found
}

const UNFORMATTED = [
  // A decimal amount as the server writes it; '₱1.234,56' has three digits after each dot, so never matches.
  /(?<![\d.,])\d+\.\d{2}\b(?![.,]\d)/g,
  // A unix timestamp in seconds or milliseconds.
  /(?<!\d)\d{10}(?:\d{3})?(?!\d)/g,
  // An ISO date-time.
  /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/g,
]
