/** The brand's logo mark, decorative next to the brand name. */
export const BrandMark = () => (
  <svg width="28" height="28" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
    <rect width="64" height="64" rx="14" fill="#0f172a" />
    <circle cx="32" cy="32" r="17" fill="none" stroke="#818cf8" strokeWidth="6" />
    <circle cx="32" cy="32" r="6" fill="#f8fafc" />
  </svg>
)
