import { useState } from 'react';

import { PageHeading } from '../../../components/page-heading';
import { useTranslation } from '../../../lib/use-translation';
import { WatchSignedVideo } from '../../signed-videos/watch-signed-video';
import type { MembershipAnswer } from '../public-api';
import { MembershipSuccess } from '../wizard/membership-success';
import { MembershipWizard } from '../wizard/membership-wizard';
import '../wizard/membership-wizard.css';

/** /membership: a person applies to join the association (SPEC §2, five steps); staff approve later. */
export function MembershipPage() {
  const { t } = useTranslation(['membership', 'common']);
  const [answer, setAnswer] = useState<MembershipAnswer | null>(null);
  return (
    <section className="page page--narrow membership-page">
      <PageHeading title={t('common:pages.membership')}>
        {!answer && <p>{t('intro')}</p>}
        <WatchSignedVideo target="page:membership" />
      </PageHeading>
      <div className="card">
        {answer ? <MembershipSuccess message={answer.message} /> : <MembershipWizard onSubmitted={setAnswer} />}
      </div>
    </section>
  );
}
