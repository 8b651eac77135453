import afsli from '../../../assets/site/partners/afsli.svg?no-inline';
import ncpd from '../../../assets/site/partners/ncpd.svg?no-inline';
import nudor from '../../../assets/site/partners/nudor.svg?no-inline';
import rnadw from '../../../assets/site/partners/rnadw.svg?no-inline';
import rnud from '../../../assets/site/partners/rnud.svg?no-inline';
import ropdb from '../../../assets/site/partners/ropdb.svg?no-inline';
import uphls from '../../../assets/site/partners/uphls.svg?no-inline';
import wasli from '../../../assets/site/partners/wasli.svg?no-inline';

/**
 * The eight partners of SPEC §1, in its order: acronym (also the key of their name and
 * description under `partners.<acronym>` in the `site` catalogue), logo and website.
 */
export const PARTNERS = [
  { acronym: 'AFSLI', logo: afsli, website: 'https://www.afsli.org/' },
  { acronym: 'RNUD', logo: rnud, website: 'https://www.rnud.org.rw/' },
  { acronym: 'WASLI', logo: wasli, website: 'https://wasli.org/' },
  { acronym: 'NUDOR', logo: nudor, website: 'https://www.nudor.org/' },
  { acronym: 'UPHLS', logo: uphls, website: 'https://www.uphls.org/' },
  { acronym: 'NCPD', logo: ncpd, website: 'https://www.ncpd.gov.rw/' },
  { acronym: 'ROPDB', logo: ropdb, website: 'https://www.ropdb.org/' },
  { acronym: 'RNADW', logo: rnadw, website: 'https://www.rnadw.org/' },
] as const;
