import { createContext, useContext } from 'react'

import { ENHANCEMENT_NAMES, type EnhancementName } from '~/enhancements/names'

/**
 * What the server gives the page being rendered: the behaviours it needs, which each component that needs
 * one adds while it renders (useEnhancement), and each behaviour's built file (the manifest, a server-only
 * import of entry.server.tsx, so no browser bundle carries it). EnhancementScripts, rendered after the
 * page's content, writes their <script> tags (docs/decisions/096). Absent in the browser.
 */
export interface Enhancements {
  needed: Set<EnhancementName>
  files: Readonly<Record<EnhancementName, string>>
}

const Needed = createContext<Enhancements | null>(null)

export const EnhancementCollector = Needed.Provider

/** Says that this component's server HTML needs a behaviour module (app/enhancements/{name}.ts). */
export function useEnhancement(name: EnhancementName): void {
  useContext(Needed)?.needed.add(name)
}

/**
 * One module script per behaviour the page needs, in a fixed order, on a page React does not hydrate. They
 * come from the site itself ('self' in the policy), so they carry no nonce and the HTML stays the same for
 * every visitor (docs/decisions/098).
 */
export function EnhancementScripts() {
  const enhancements = useContext(Needed)
  if (!enhancements) return null
  const names = ENHANCEMENT_NAMES.filter((name) => enhancements.needed.has(name))
  return (
    <>
      {names.map((name) => (
        <script key={name} type="module" src={enhancements.files[name]} data-enhancement={name} />
      ))}
    </>
  )
}
