import { create } from 'zustand'
import type { ComplaintOrder } from '../../api/problem-init'

/** The complaint entry's selection: which order the complaint is about and the type waiting for a sub-type. */
export interface ComplaintEntryState {
  /** The order the borrower switched to with 'All'; null means the one problem-init proposes. */
  order: ComplaintOrder | null
  /** The chosen question type while its sub-types are shown (type 1 only), else null. */
  pendingType: string | null
  /** Starts over (a new visit of the entry): back to the server's order, no pending type. */
  reset: (order: ComplaintOrder | null) => void
  /** Switches the order; a type chosen for the previous order no longer applies. */
  selectOrder: (order: ComplaintOrder) => void
  setPendingType: (type: string | null) => void
}

export const useComplaintEntryStore = create<ComplaintEntryState>()((set) => ({
  order: null,
  pendingType: null,
  reset: (order) => set({ order, pendingType: null }),
  selectOrder: (order) => set({ order, pendingType: null }),
  setPendingType: (pendingType) => set({ pendingType }),
}))
