import { createContext, useContext, useState } from 'react'

import { ENHANCEMENT_FILES } from '~/enhancements/manifest.generated'
import { ENHANCEMENT_NAMES, type EnhancementName } from '~/enhancements/names'

/**
 * The behaviours the page being rendered needs: each component that needs one adds it while it renders
 * (useEnhancement), and EnhancementScripts, rendered after the page's content, writes their <script>
 * tags. Absent in the browser, which keeps the tags the server wrote (docs/decisions/096).
 */
const Needed = createContext<Set<EnhancementName> | null>(null)

export const EnhancementCollector = Needed.Provider

/** Says that this component's server HTML needs a behaviour module (app/enhancements/{name}.ts). */
export function useEnhancement(name: EnhancementName): void {
  useContext(Needed)?.add(name)
}

const ATTRIBUTE = 'data-enhancement'

/** The names the server wrote, read once in the browser, so a hydrating page renders the same tags. */
function writtenByServer(): EnhancementName[] {
  if (typeof document === 'undefined') return []
  return [...document.querySelectorAll(`script[${ATTRIBUTE}]`)]
    .map((script) => script.getAttribute(ATTRIBUTE))
    .filter((name): name is EnhancementName => ENHANCEMENT_NAMES.some((known) => known === name))
}

/**
 * One module script per behaviour the page needs, in a fixed order. They come from the site itself
 * ('self' in the policy), so they carry no nonce and the HTML stays the same for every visitor.
 */
export function EnhancementScripts() {
  const needed = useContext(Needed)
  const [inBrowser] = useState(writtenByServer)
  const names = needed ? ENHANCEMENT_NAMES.filter((name) => needed.has(name)) : inBrowser
  return (
    <>
      {names.map((name) => (
        <script key={name} type="module" src={ENHANCEMENT_FILES[name]} {...{ [ATTRIBUTE]: name }} />
      ))}
    </>
  )
}
