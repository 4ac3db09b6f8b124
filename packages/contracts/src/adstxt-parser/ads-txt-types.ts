/** The two seller relationships IAB ads.txt 1.1 defines (field #3). */
export type AdsTxtRelationship = 'DIRECT' | 'RESELLER';

/** One authorized-seller record (a data line). */
export interface AdsTxtRecord {
  /** 1-based line number in the source text. */
  line: number;
  /** The line as written (no line ending), kept so the UI can show exactly what the publisher wrote. */
  raw: string;
  /** Advertising system domain, lower-cased (domains are case-insensitive). */
  domain: string;
  /** Seller account id as written (trimmed); the spec does not define its case rules. */
  accountId: string;
  relationship: AdsTxtRelationship;
  /** Certification authority id (field #4, e.g. a TAG id), when present. */
  certificationAuthorityId?: string;
  /** Everything after the first `;` (IAB extension fields), trimmed, when present. */
  extension?: string;
}

/** The variable names IAB ads.txt 1.1 defines, upper-cased. */
export type AdsTxtVariableName = 'CONTACT' | 'SUBDOMAIN' | 'INVENTORYPARTNERDOMAIN' | 'OWNERDOMAIN' | 'MANAGERDOMAIN';

/** One `NAME=value` declaration. */
export interface AdsTxtVariableEntry {
  line: number;
  raw: string;
  name: AdsTxtVariableName;
  value: string;
}

/**
 * Variables grouped by meaning. Domain-valued variables are lower-cased. OWNERDOMAIN is single
 * (the first declaration wins); the others may legitimately repeat.
 */
export interface AdsTxtVariables {
  contact: string[];
  subdomain: string[];
  inventoryPartnerDomain: string[];
  ownerDomain?: string;
  /** Raw MANAGERDOMAIN values: `domain` or `domain,CC` (country code), domain part lower-cased. */
  managerDomain: string[];
  /** Every declaration in file order, for editors and diffs. */
  entries: AdsTxtVariableEntry[];
}

export type AdsTxtProblemSeverity = 'error' | 'warning';

export type AdsTxtProblemCode =
  | 'malformed_record'
  | 'bad_relationship'
  | 'invalid_domain'
  | 'glued_records'
  | 'trailing_comma'
  | 'account_id_spaces'
  | 'certification_id_text'
  | 'unicode_space'
  | 'duplicate_line'
  | 'possible_duplicate'
  | 'direct_reseller_conflict'
  | 'empty_file'
  | 'placeholder_with_records'
  | 'unknown_variable'
  | 'empty_variable'
  | 'duplicate_ownerdomain';

/** A line-level finding. `line` is 1-based; 0 means the file as a whole (e.g. an empty file). */
export interface AdsTxtProblem {
  line: number;
  severity: AdsTxtProblemSeverity;
  code: AdsTxtProblemCode;
  /** Plain-language explanation a publisher can act on. */
  reason: string;
}

export interface ParsedAdsTxt {
  records: AdsTxtRecord[];
  variables: AdsTxtVariables;
  /** Sorted by line, then in detection order. */
  problems: AdsTxtProblem[];
}

/** The record the IAB spec prescribes for "no seller is authorized". */
export const PLACEHOLDER_RECORD_LINE = 'placeholder.example.com, placeholder, DIRECT, placeholder';
export const PLACEHOLDER_DOMAIN = 'placeholder.example.com';
