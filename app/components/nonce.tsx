import { createContext, useContext } from 'react'

/** The CSP nonce of the response being rendered ('' in the browser, which does not need it). */
export const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

export const useNonce = () => useContext(NonceContext)
