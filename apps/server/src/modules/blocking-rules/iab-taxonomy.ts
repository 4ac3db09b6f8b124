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

let cache: { list: IabCategory[]; byId: Map<string, IabCategory> } | null = null;

function load() {
  if (cache) return cache;
  const lines = readFileSync(FILE, 'utf8').split('\n');
  const list: IabCategory[] = [];
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
  }
  cache = { list, byId: new Map(list.map((c) => [c.id, c])) };
  return cache;
}

export const iabCategories = (): IabCategory[] => load().list;
export const iabCategory = (id: string): IabCategory | undefined => load().byId.get(id);
