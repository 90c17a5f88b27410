/** The shop's word mark: a small pad glyph and the name; links home. */
export function BrandMark({ name }: { name: string }) {
  return (
    <a href="/" className="brand-mark" aria-label={`${name}, inicio`}>
      <svg
        className="brand-mark__glyph"
        width="32"
        height="32"
        viewBox="0 0 32 32"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="32" height="32" rx="8" fill="currentColor" opacity=".14" />
        <path
          d="M10.5 11h11a5 5 0 0 1 4.9 4.1l.8 4.4a2.4 2.4 0 0 1-4.1 2.1L21 19.5H11l-2.1 2.1a2.4 2.4 0 0 1-4.1-2.1l.8-4.4A5 5 0 0 1 10.5 11z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path d="M10.5 13.5v4M8.5 15.5h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        <circle cx="21.5" cy="14.5" r="1.3" fill="currentColor" />
        <circle cx="23.8" cy="16.8" r="1.3" fill="currentColor" />
      </svg>
      <span className="brand-mark__name">{name}</span>
    </a>
  )
}
