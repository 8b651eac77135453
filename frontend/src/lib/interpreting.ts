/**
 * The directory's and the requests' vocabularies, as the server writes them
 * (services/interpreting/reference.py): labels come from the `interpreting` catalogue's `vocab`.
 */

export const SIGN_LANGUAGES = ['Rwandan Sign Language', 'International Sign', 'American Sign Language'] as const;
export const SPOKEN_LANGUAGES = ['Kinyarwanda', 'English', 'French', 'Kiswahili'] as const;
export const LANGUAGES = [...SIGN_LANGUAGES, ...SPOKEN_LANGUAGES] as const;

export const SETTINGS = [
  'medical',
  'legal and police',
  'education',
  'conference',
  'media',
  'religious',
  'DeafBlind / tactile',
  'video remote',
] as const;

export const CERTIFICATION_LEVELS = ['Trainee', 'Practising', 'Certified', 'Certified trainer'] as const;

/** Rwanda's 30 districts by province (district names are not translated). */
export const DISTRICTS_BY_PROVINCE = {
  'Kigali City': ['Gasabo', 'Kicukiro', 'Nyarugenge'],
  Northern: ['Burera', 'Gakenke', 'Gicumbi', 'Musanze', 'Rulindo'],
  Southern: ['Gisagara', 'Huye', 'Kamonyi', 'Muhanga', 'Nyamagabe', 'Nyanza', 'Nyaruguru', 'Ruhango'],
  Eastern: ['Bugesera', 'Gatsibo', 'Kayonza', 'Kirehe', 'Ngoma', 'Nyagatare', 'Rwamagana'],
  Western: ['Karongi', 'Ngororero', 'Nyabihu', 'Nyamasheke', 'Rubavu', 'Rusizi', 'Rutsiro'],
} as const;

export const DISTRICTS: readonly string[] = Object.values(DISTRICTS_BY_PROVINCE).flat();

export type Language = (typeof LANGUAGES)[number];
export type Setting = (typeof SETTINGS)[number];
export type CertificationLevel = (typeof CERTIFICATION_LEVELS)[number];

type Translate = (key: string) => string;

/** The label of a language, setting or level in the page's language (`t` of the `interpreting` catalogue). */
export const languageLabel = (t: Translate, value: string) => t(`vocab.language.${value}`);
export const settingLabel = (t: Translate, value: string) => t(`vocab.setting.${value}`);
export const levelLabel = (t: Translate, value: string) => t(`vocab.level.${value}`);
