import { ScrollRestoration } from '@remix-run/react'
import { createContext, useContext, type ReactNode } from 'react'

/**
 * The scripts a response writes, decided once by the server for each response (entry.server.tsx, with
 * app/lib/scripts.server.tsx):
 * - `none`: a private tracking page runs no script at all, so no analytics and no client router can carry
 *   its address elsewhere (docs/decisions/071); nor does the 503 page of a site missing a setting (078);
 * - `enhance`: a content page gets the behaviour modules its components asked for (096), and no nonce (098):
 *   `modules` is <EnhancementScripts />, named by the server so that no browser bundle carries it;
 * - `hydrate`: a page that is an application gets Remix's scroll restoration and one inline script, Remix's
 *   hand-off data and the loader that fetches React and Remix after the first paint (115), both with this
 *   response's CSP nonce.
 */
export type ScriptPlan =
  { kind: 'none' } | { kind: 'enhance'; modules: ReactNode } | { kind: 'hydrate'; nonce: string; loader: string }

const Plan = createContext<ScriptPlan | null>(null)

/** The server's plan for the response being rendered; absent in the browser. */
export const ScriptPlanContext = Plan

/**
 * The page's scripts, after its content. In the browser there is no plan to read: only a page that hydrates
 * runs React there, and it renders the same two elements, blank; React keeps what the server wrote, so the
 * loader never runs twice.
 */
export function PageScripts() {
  const plan = useContext(Plan)
  if (plan?.kind === 'none') return null
  if (plan?.kind === 'enhance') return plan.modules
  const nonce = plan?.nonce || undefined
  return (
    <>
      <ScrollRestoration nonce={nonce} />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: plan?.loader ?? ' ' }} />
    </>
  )
}
