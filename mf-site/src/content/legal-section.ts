/** One section of a static document; plain strings so the same data renders in React and as frame HTML. */
export interface LegalSection {
  /** Stable, unique within its document. */
  id: string
  heading: string
  paragraphs: string[]
  /** A bulleted list shown after the paragraphs. */
  items?: string[]
  /** An e-mail address shown as a mail link after the list. */
  email?: string
}
