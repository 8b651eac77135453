/**
 * SPEC §7: three fixed sample documents (two reports or letters and a certificate) always follow
 * the server's resources. They are our own small PDFs in public/documents/, so they open offline.
 * Their words are in the `resources` texts under `samples.<key>`.
 */
export const SAMPLE_RESOURCES = [
  { key: 'annualReport', file: '/documents/sample-annual-report.pdf' },
  { key: 'partnershipLetter', file: '/documents/sample-partnership-letter.pdf' },
  { key: 'certificate', file: '/documents/sample-interpreter-certificate.pdf' },
] as const;

export const SAMPLE_FILE_TYPE = 'application/pdf';
