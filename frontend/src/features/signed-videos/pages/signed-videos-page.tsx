import { PageHeading } from '../../../components/page-heading';
import type { SignedPage } from '../../../lib/signed-videos';
import { useTranslation } from '../../../lib/use-translation';
import { SignedVideoManager } from '../signed-video-manager';

/** The site pages that can have a signed version, in the order of the site's menu. */
const SIGNED_PAGES: readonly SignedPage[] = ['home', 'about', 'services', 'membership'];

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
