/** The Meritum wordmark: a check-in-a-shield mark and the name. */
export function Logo({ name = "Meritum", className = "" }: { name?: string; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden focusable="false">
        <path d="M16 2 4 6.5v8.7C4 22.6 9.1 28.6 16 30c6.9-1.4 12-7.4 12-14.8V6.5L16 2Z" fill="#153d6e" />
        <path
          d="m10.5 16.2 3.8 3.8 7.4-7.9"
          fill="none"
          stroke="#34d399"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-xl font-extrabold tracking-tight">{name}</span>
    </span>
  );
}
