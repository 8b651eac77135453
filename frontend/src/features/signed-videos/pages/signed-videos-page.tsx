import { PageHeading } from '../../../components/page-heading';
import { SIGNED_PAGES } from '../../../lib/signed-videos';
import { useTranslation } from '../../../lib/use-translation';
import { SignedVideoManager } from '../signed-video-manager';

/** /dashboard/signed-videos: the Rwandan Sign Language videos of the four site pages. */
export function SignedVideosPage() {
  const { t } = useTranslation('signed-videos');
  return (
    <div className="page">
      <PageHeading title={t('page.title')}>
        <p>{t('page.lead')}</p>
      </PageHeading>
      {SIGNED_PAGES.map((name) => (
        <SignedVideoManager key={name} target={`page:${name}`} title={t(`page.pages.${name}`)} />
      ))}
    </div>
  );
}
