import { Link } from 'react-router-dom';

import { useTranslation } from '../../../lib/use-translation';

/** A page that could not load (SPEC §8): what failed, announced, and the Back to Events button. */
export function LoadFailure({ message, backTo }: { message: string; backTo: string }) {
  const { t } = useTranslation('registrations-admin');
  return (
    <div role="alert" className="registrations-admin__failure">
      <p className="notice notice--error">{message}</p>
      <Link to={backTo} className="button button--secondary">
        {t('backToEvents')}
      </Link>
    </div>
  );
}
