/// <reference types="@remix-run/cloudflare" />
/// <reference types="@cloudflare/workers-types/2023-07-01" />

// The Worker's Env is generated: worker-env.generated.d.ts (npm run types).

/** The classic Remix compiler turns a CSS import into the URL of the hashed file. */
declare module '*.css' {
  const href: string
  export default href
}

/** The classic Remix compiler turns an SVG import into the URL of the hashed file. */
declare module '*.svg' {
  const href: string
  export default href
}
