/** The product's own logo (same drawing as public/logo.svg), inline so it needs no request. */
export function Logo({ size = 32, title }: { size?: number; title: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={title}>
      <title>{title}</title>
      <rect width="64" height="64" rx="14" fill="#3341a8" />
      <circle cx="24" cy="26" r="10" fill="none" stroke="#ffffff" strokeWidth="5" />
      <circle cx="40" cy="38" r="10" fill="none" stroke="#8fa2ff" strokeWidth="5" />
      <rect x="14" y="26" width="5" height="24" rx="2.5" fill="#ffffff" />
    </svg>
  );
}
