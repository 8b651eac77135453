import advocacy from '../../../assets/site/services/advocacy.svg?no-inline';
import certification from '../../../assets/site/services/certification.svg?no-inline';
import community from '../../../assets/site/services/community.svg?no-inline';
import deafEmpowerment from '../../../assets/site/services/deaf-empowerment.svg?no-inline';
import ethics from '../../../assets/site/services/ethics.svg?no-inline';
import interpreterServices from '../../../assets/site/services/interpreter-services.svg?no-inline';
import policy from '../../../assets/site/services/policy.svg?no-inline';
import professionalDevelopment from '../../../assets/site/services/professional-development.svg?no-inline';
import publicAwareness from '../../../assets/site/services/public-awareness.svg?no-inline';
import research from '../../../assets/site/services/research.svg?no-inline';
import signLanguageAwareness from '../../../assets/site/services/sign-language-awareness.svg?no-inline';
import translation from '../../../assets/site/services/translation.svg?no-inline';

/**
 * The twelve services of SPEC §1, in its order, each with its picture; the texts are under
 * `services.items.<id>` in the `site` catalogue.
 */
export const SERVICES = [
  { id: 'professional-development', picture: professionalDevelopment },
  { id: 'interpreter-services', picture: interpreterServices },
  { id: 'certification', picture: certification },
  { id: 'deaf-empowerment', picture: deafEmpowerment },
  { id: 'advocacy', picture: advocacy },
  { id: 'community', picture: community },
  { id: 'public-awareness', picture: publicAwareness },
  { id: 'research', picture: research },
  { id: 'ethics', picture: ethics },
  { id: 'policy', picture: policy },
  { id: 'sign-language-awareness', picture: signLanguageAwareness },
  { id: 'translation', picture: translation },
] as const;

export type Service = (typeof SERVICES)[number];
