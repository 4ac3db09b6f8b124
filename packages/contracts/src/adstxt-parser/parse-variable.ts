import type { AdsTxtProblem, AdsTxtVariableName, AdsTxtVariables } from './ads-txt-types';
import { duplicateOwnerDomain, emptyVariable, invalidDomain, unknownVariable } from './problems';
import { isValidDomainName, trimSlice } from './text-scan';

/** Where OWNERDOMAIN was first declared, so a repeat can point back to it. */
export interface VariableState {
  ownerDomainLine: number;
}

const KNOWN_NAMES: ReadonlySet<string> = new Set<AdsTxtVariableName>([
  'CONTACT',
  'SUBDOMAIN',
  'INVENTORYPARTNERDOMAIN',
  'OWNERDOMAIN',
  'MANAGERDOMAIN',
]);

export const emptyVariables = (): AdsTxtVariables => ({
  contact: [],
  subdomain: [],
  inventoryPartnerDomain: [],
  managerDomain: [],
  entries: [],
});

/**
 * Handles one `NAME=value` line (content already stripped of its comment). Variable names are
 * matched case-insensitively because real files use `contact=` as often as `CONTACT=`.
 */
export function parseVariableLine(
  text: string,
  start: number,
  eqPos: number,
  end: number,
  line: number,
  raw: string,
  variables: AdsTxtVariables,
  problems: AdsTxtProblem[],
  state: VariableState,
): void {
  const name = trimSlice(text, start, eqPos).toUpperCase();
  if (!KNOWN_NAMES.has(name)) {
    problems.push(unknownVariable(line, name));
    return;
  }
  const known = name as AdsTxtVariableName;
  const value = trimSlice(text, eqPos + 1, end);
  if (value === '') {
    problems.push(emptyVariable(line, known));
    return;
  }
  if (known === 'CONTACT') {
    variables.contact.push(value);
    variables.entries.push({ line, raw, name: known, value });
    return;
  }
  // MANAGERDOMAIN may carry a country code after a comma (`manager.com,US`); only the domain part
  // is a host name.
  const comma = known === 'MANAGERDOMAIN' ? value.indexOf(',') : -1;
  const domainPart = (comma === -1 ? value : value.slice(0, comma).trim()).toLowerCase();
  if (!isValidDomainName(domainPart)) {
    problems.push(invalidDomain(line, domainPart, known));
    return;
  }
  const normalised =
    comma === -1
      ? domainPart
      : `${domainPart},${value
          .slice(comma + 1)
          .trim()
          .toUpperCase()}`;
  switch (known) {
    case 'SUBDOMAIN':
      variables.subdomain.push(normalised);
      break;
    case 'INVENTORYPARTNERDOMAIN':
      variables.inventoryPartnerDomain.push(normalised);
      break;
    case 'MANAGERDOMAIN':
      variables.managerDomain.push(normalised);
      break;
    case 'OWNERDOMAIN':
      // The spec allows one OWNERDOMAIN; keep the first so a stray later line cannot silently
      // change who the file says owns the site.
      if (variables.ownerDomain !== undefined) {
        problems.push(duplicateOwnerDomain(line, state.ownerDomainLine, variables.ownerDomain));
        return;
      }
      variables.ownerDomain = normalised;
      state.ownerDomainLine = line;
      break;
  }
  variables.entries.push({ line, raw, name: known, value: normalised });
}
