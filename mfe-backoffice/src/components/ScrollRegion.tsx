import type { ReactNode } from 'react';

interface Props {
  className?: string;
  /** What the region holds, for screen readers. */
  label: string;
  role?: 'region' | 'group';
  children: ReactNode;
}

/** A wide table's scroller: named, and reachable by keyboard so it scrolls without a mouse. */
export function ScrollRegion({ className, label, role = 'region', children }: Props) {
  return (
    <div className={className} role={role} aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
