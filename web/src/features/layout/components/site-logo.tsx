// The shop's mark and name, linking home.
import { t } from '@lingui/core/macro';
import { Link } from 'react-router-dom';
import { paths } from '@web/app/paths';
import { LeafIcon } from '@web/components/ui/icons';

export function SiteLogo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to={paths.home} className="site-logo" onClick={onNavigate} aria-label={t`Isoko home`}>
      <span className="site-logo-mark" aria-hidden="true">
        <LeafIcon size={20} />
      </span>
      <span className="site-logo-name">Isoko</span>
    </Link>
  );
}
