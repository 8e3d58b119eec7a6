/** An expand toggle's arrow: points right when closed, down when open. */
export function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      width="14"
      height="14"
      viewBox="0 0 16 16"
      fill="currentColor"
      style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 0.15s ease' }}
    >
      <path d="M5.7 2.3a1 1 0 0 0-1.4 1.4L8.6 8l-4.3 4.3a1 1 0 1 0 1.4 1.4l5-5a1 1 0 0 0 0-1.4l-5-5Z" />
    </svg>
  );
}
