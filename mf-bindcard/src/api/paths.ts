// Kept apart from the calls: vite.config.ts reads the first calls through this file, and Node loads it
// without the TypeScript packages the calls import.
export const CARD_INIT_PATH = '/v3/bind-card/card-init'
export const BIND_CARD_PATH = '/v3/bind-card/bind-card-new'
/** The loan-detail source's path for the same payload (DESIGN.md §3). */
export const CARD_CHANGE_PATH = '/v3/provider/card-change'
