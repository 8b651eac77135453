import type { ReactNode } from 'react';

import { useDocumentTitle } from './use-document-title';

/** A page's one <h1>, which also names the browser tab. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <header className="page-heading">
      <h1 className="page-heading__title">{title}</h1>
      {children && <div className="page-heading__lead">{children}</div>}
    </header>
  );
}
