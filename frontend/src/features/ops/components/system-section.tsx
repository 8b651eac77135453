import { useId, type ReactNode } from 'react';

/** One part of the System page: a card named by its heading, with an optional lead. */
export function SystemSection({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="system-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {lead && <p className="system-section__lead">{lead}</p>}
      {children}
    </section>
  );
}
