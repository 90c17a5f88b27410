/**
 * Which pages React hydrates (docs/decisions/096). Pages are rendered by React on the server; only a page
 * that is an application (the quote form) opts in to running React in the browser, with its route's
 * `export const handle = { hydrate: true } satisfies PageHandle`. Every other page ships only the
 * behaviour modules its components ask for (app/enhancements/).
 */
export interface PageHandle {
  hydrate?: boolean
}

/** Whether any of the matched routes' handles asks for hydration. */
export const hydrates = (handles: readonly unknown[]): boolean =>
  handles.some((handle) => (handle as PageHandle | undefined)?.hydrate === true)
