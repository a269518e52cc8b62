import { useState } from 'react'

/**
 * The page's dialogs, one at a time in the order given: `dialog` is the one showing (undefined when none is
 * left), and one closed is gone for this visit. `initial` runs once, when the screen mounts.
 */
export function useDialogQueue<D extends string>(initial: () => D[]) {
  const [open, setOpen] = useState<D[]>(initial)
  return {
    dialog: open[0] as D | undefined,
    close: (dialog: D) => setOpen((list) => list.filter((d) => d !== dialog)),
  }
}
