import { useRef, type KeyboardEvent } from 'react';

import { useTranslation } from '../../../lib/use-translation';
import type { ContentKind } from './content-list';

export const CONTENT_TABS: readonly ContentKind[] = ['resources', 'updates', 'messages'];
export const tabId = (kind: ContentKind) => `content-tab-${kind}`;
/** One panel, showing the selected tab's list. */
export const PANEL_ID = 'content-panel';

/** The tabs of the Content page (WAI-ARIA tabs: arrow keys, Home and End move between them). */
export function ContentTabs({ selected, onSelect }: { selected: ContentKind; onSelect: (kind: ContentKind) => void }) {
  const { t } = useTranslation('content-admin');
  const list = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = CONTENT_TABS.indexOf(selected);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % CONTENT_TABS.length,
      ArrowLeft: (index - 1 + CONTENT_TABS.length) % CONTENT_TABS.length,
      Home: 0,
      End: CONTENT_TABS.length - 1,
    };
    const next = CONTENT_TABS[moves[event.key] ?? -1];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(next);
    list.current?.querySelector<HTMLElement>(`#${tabId(next)}`)?.focus();
  }

  return (
    <div ref={list} className="content-tabs" role="tablist" aria-label={t('tabs.label')} onKeyDown={onKeyDown}>
      {CONTENT_TABS.map((kind) => (
        <button
          key={kind}
          id={tabId(kind)}
          type="button"
          role="tab"
          className="content-tabs__tab"
          aria-selected={kind === selected}
          aria-controls={PANEL_ID}
          tabIndex={kind === selected ? 0 : -1}
          onClick={() => onSelect(kind)}
        >
          {t(`tabs.${kind}`)}
        </button>
      ))}
    </div>
  );
}
