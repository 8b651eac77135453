import type { ReactNode } from 'react';

import type { TFunction } from '../../../lib/i18n';

interface SiteSectionProps {
  /** The section's id (an anchor such as /#about) and, with -heading, its heading's id. */
  id: string;
  heading: string;
  tinted?: boolean;
  children: ReactNode;
}

/** A full-width band of a content page, named by its <h2>. */
export function SiteSection({ id, heading, tinted = false, children }: SiteSectionProps) {
  return (
    <section id={id} className={`site-section${tinted ? ' site-section--tinted' : ''}`} aria-labelledby={`${id}-heading`}>
      <div className="container">
        <h2 id={`${id}-heading`} className="site-section__heading">
          {heading}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** A list from the catalogue (`returnObjects`), or none if a translation got its shape wrong. */
export function catalogueList<T = string>(t: TFunction, key: string): T[] {
  const value = t(key, { returnObjects: true });
  return Array.isArray(value) ? (value as T[]) : [];
}
