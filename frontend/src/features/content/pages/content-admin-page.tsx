import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';

import { PageHeading } from '../../../components/page-heading';
import { useTranslation } from '../../../lib/use-translation';
import '../admin/content-admin.css';
import type { ContentKind } from '../admin/content-list';
import { CONTENT_TABS, ContentTabs, PANEL_ID, tabId } from '../admin/content-tabs';
import { MessagesSection } from '../admin/messages-section';
import { ResourcesSection } from '../admin/resources-section';
import { UpdatesSection } from '../admin/updates-section';

const SECTIONS: Record<ContentKind, ComponentType> = {
  resources: ResourcesSection,
  updates: UpdatesSection,
  messages: MessagesSection,
};

/**
 * /dashboard/content: staff manage what the public Resources and Updates pages show, and read
 * (and erase) the messages visitors sent. The tab is in the address (?tab=updates), so a
 * reload or a shared link opens the same list.
 */
export function ContentAdminPage() {
  const { t } = useTranslation('content-admin');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = CONTENT_TABS.find((kind) => kind === asked) ?? 'resources';
  const Section = SECTIONS[tab];

  return (
    <div className="page content-admin">
      <PageHeading title={t('title')}>
        <p>{t('lead')}</p>
      </PageHeading>
      <ContentTabs
        selected={tab}
        onSelect={(kind) => setParams(kind === 'resources' ? {} : { tab: kind }, { replace: true })}
      />
      <div role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(tab)} className="content-admin__panel">
        <Section />
      </div>
    </div>
  );
}
