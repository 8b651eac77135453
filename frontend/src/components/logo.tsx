/** The association's mark: a raised hand in a rounded square. Decorative; label the link around it. */
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg
      className="logo"
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="14" fill="#0b5563" />
      <circle cx="50" cy="14" r="5" fill="#7fd1c7" />
      <path
        d="M20 44V26a4 4 0 0 1 8 0v8-14a4 4 0 0 1 8 0v14-10a4 4 0 0 1 8 0v16c0 8-5 13-12 13h-2c-5 0-8-3-10-6l-6-9a3.5 3.5 0 0 1 6-3.5z"
        fill="#f4b942"
      />
    </svg>
  );
}
