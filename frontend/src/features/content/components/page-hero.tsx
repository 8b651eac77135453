import type { ReactNode } from 'react';

import { useDocumentTitle } from '../../../components/use-document-title';

interface PageHeroProps {
  title: string;
  lead: string;
  /** A decorative illustration (the heading and lead carry the meaning). */
  image: string;
  /** The browser tab's name, when it is not the heading (the home page). */
  documentTitle?: string;
  children?: ReactNode;
  /** Under the actions: the page's signed video, when it has one. */
  after?: ReactNode;
}

/** The top of a content page: its one <h1>, a short lead, an illustration and any actions. */
export function PageHero({ title, lead, image, documentTitle, children, after }: PageHeroProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <header className="page-hero">
      <div className="container page-hero__inner">
        <div className="page-hero__text">
          <h1 className="page-hero__title">{title}</h1>
          <p className="page-hero__lead">{lead}</p>
          {children && <div className="page-hero__actions">{children}</div>}
          {after}
        </div>
        {/* The largest thing on a phone's first screen: fetched before anything lazy. */}
        <img className="page-hero__image" src={image} alt="" width={560} height={420} fetchPriority="high" />
      </div>
    </header>
  );
}
