import { InvitationDataSchema, type BulkInviteResult } from '@pc/contracts';
import { HttpError, badRequest } from '../../lib/http-error';
import type { InvitationsService } from './invitations.service';

const MAX_ROWS = 2000;

/** Splits one CSV line, honouring double quotes ("a,b" and "" inside quotes). */
export function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      cur += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (c === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else {
      cur += c;
    }
  }
  out.push(cur);
  return out.map((s) => s.trim());
}

const ids = (cell: string | undefined) => (cell ?? '').split(/[;\s|]+/).filter(Boolean);

/**
 * Bulk invite for onboarding a large publisher: a CSV with a header naming at least `email` and
 * `publisherIds` (optionally `mediaOwnerIds`; ids separated by ";" or spaces). Each row becomes
 * one invitation (and one e-mail) through the same rules as a single invite; a bad row is
 * reported with its line number and does not stop the others. Admin access is never given in bulk.
 */
export async function bulkInvite(invitations: InvitationsService, actor: string, csv: string): Promise<BulkInviteResult> {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? '').map((h) => h.toLowerCase());
  const col = (name: string) => header.indexOf(name.toLowerCase());
  if (col('email') < 0 || col('publisherIds') < 0)
    throw badRequest('The first line must name the columns: email,publisherIds[,mediaOwnerIds].', {
      csv: 'Missing header email,publisherIds.',
    });
  const body = lines
    .slice(1)
    .map((l, i) => ({ line: i + 2, cells: splitCsvLine(l) }))
    .filter((r) => r.cells.some(Boolean));
  if (body.length > MAX_ROWS) throw badRequest(`At most ${MAX_ROWS} rows per file.`, { csv: `At most ${MAX_ROWS} rows.` });
  const result: BulkInviteResult = { created: 0, rows: [] };
  for (const { line, cells } of body) {
    const email = cells[col('email')] ?? '';
    const parsed = InvitationDataSchema.safeParse({
      email,
      publisherIds: ids(cells[col('publisherIds')]),
      mediaOwnerIds: col('mediaOwnerIds') >= 0 ? ids(cells[col('mediaOwnerIds')]) : [],
      adminAccess: false,
    });
    if (!parsed.success) {
      result.rows.push({ line, email, ok: false, message: parsed.error.issues.map((i) => i.message).join(' ') });
      continue;
    }
    try {
      await invitations.create(actor, parsed.data);
      result.created++;
      result.rows.push({ line, email, ok: true });
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
      result.rows.push({ line, email, ok: false, message: err.message });
    }
  }
  return result;
}
