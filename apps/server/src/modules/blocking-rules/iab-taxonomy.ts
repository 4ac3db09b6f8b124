import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IabCategory } from '@pc/contracts';

/**
 * IAB Tech Lab Content Taxonomy 3.1, the official machine-readable TSV as published in the IAB
 * Tech Lab "Taxonomies" repository, shipped unmodified (line endings aside) next to this file.
 * No npm package carries the current content taxonomy (the registry only has consent-framework
 * and OpenRTB type packages), so the official file is the maintained list; updating it is a file
 * swap. Columns: Unique ID, Parent, Name, Tier 1..4.
 */
const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'iab-content-taxonomy-3.1.tsv');

let cache: { list: IabCategory[]; byId: Map<string, IabCategory>; parentOf: Map<string, string> } | null = null;

function load() {
  if (cache) return cache;
  const lines = readFileSync(FILE, 'utf8').split('\n');
  const list: IabCategory[] = [];
  const parentOf = new Map<string, string>();
  for (const line of lines.slice(2)) {
    const cols = line.split('\t');
    const id = cols[0]?.trim();
    const name = cols[2]?.trim();
    if (!id || !name || !/^[A-Za-z0-9]+$/.test(id)) continue;
    const tiers = cols
      .slice(3, 7)
      .map((t) => t.trim())
      .filter(Boolean);
    list.push({ id, name, path: tiers.join(' > ') || name });
    const parent = cols[1]?.trim();
    if (parent) parentOf.set(id, parent);
  }
  cache = { list, byId: new Map(list.map((c) => [c.id, c])), parentOf };
  return cache;
}

export const iabCategories = (): IabCategory[] => load().list;
export const iabCategory = (id: string): IabCategory | undefined => load().byId.get(id);

/** The category's ancestors, nearest first (blocking a category blocks everything inside it). */
export function iabAncestors(id: string): string[] {
  const { parentOf } = load();
  const out: string[] = [];
  for (let p = parentOf.get(id); p && !out.includes(p); p = parentOf.get(p)) out.push(p);
  return out;
}
