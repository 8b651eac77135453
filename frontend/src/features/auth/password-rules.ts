/** SPEC §9: the shortest password the forms accept (the server enforces its own validators too). */
export const MIN_PASSWORD_LENGTH = 8;
