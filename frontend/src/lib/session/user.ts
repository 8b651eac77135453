/** The signed-in administrator as the server describes them (SPEC §3 User). */
export interface User {
  id?: number;
  username: string;
  email?: string;
  name?: string;
  role?: string;
  phone?: string;
  preferred_language?: string;
  date_of_birth?: string | null;
  occupation?: string;
  organization?: string;
  experience_years?: number | null;
  preferred_communication_language?: string;
  skills?: string;
  areas_of_interest?: string[] | string;
  certifications?: string;
}

/** A pair of JWTs: `access` goes in the Authorization header, `refresh` buys a new pair. */
export interface TokenPair {
  access: string;
  refresh: string;
}
