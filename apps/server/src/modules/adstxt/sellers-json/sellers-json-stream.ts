import { JSONParser } from '@streamparser/json';
import type { SellersJsonFileIssue } from '@pc/contracts';

/** What sellers.json 1.0 says about one seller, as far as the ads.txt cross-check needs it. */
export interface SellerEntry {
  sellerId: string;
  sellerType: 'PUBLISHER' | 'INTERMEDIARY' | 'BOTH' | null;
  domain: string | null;
  name: string | null;
  confidential: boolean;
}

/** A departure from the IAB sellers.json 1.0 spec, counted per kind with the first example. */
export type SellersJsonIssue = SellersJsonFileIssue;

export interface SellersJsonSummary {
  /** Every seller listed (valid or not). */
  sellerCount: number;
  /** The wanted ids that were found; ids absent here are not in the file. */
  found: Map<string, SellerEntry>;
  issues: SellersJsonIssue[];
  version: string | null;
}

const SELLER_TYPES = new Set(['PUBLISHER', 'INTERMEDIARY', 'BOTH']);
/** The keys IAB sellers.json 1.0 defines; anything else (bar `ext`, the spec's extension object) is reported. */
const FILE_KEYS = new Set(['version', 'contact_email', 'contact_address', 'sellers', 'identifiers', 'ext']);
const SELLER_KEYS = new Set(['seller_id', 'is_confidential', 'seller_type', 'is_passthrough', 'name', 'domain', 'comment', 'ext']);

/**
 * 52 bits of a seller id (two 32-bit FNV-1a hashes with different offsets): duplicates are found
 * over millions of sellers in a set of numbers, not of strings. With a million ids the chance that
 * two different ids share a value is about 1 in 10,000.
 */
function idHash(id: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193) >>> 0;
  }
  return (b & 0xfffff) * 0x100000000 + a;
}

/**
 * A streaming reader of one sellers.json file. Real files reach hundreds of megabytes, so it keeps
 * only the sellers whose ids are wanted (the account ids of ads.txt records for that advertising
 * system), counters and one number per seller id (to find ids listed twice): memory stays bounded
 * by the wanted set and about 50 bytes a seller, not by the file.
 */
export class SellersJsonStream {
  // `$.*` emits each top-level key once its value ends (for `sellers`, an array already emptied of
  // the sellers emitted one by one), so unknown top-level keys are seen without holding the file.
  private readonly parser = new JSONParser({ paths: ['$.sellers.*', '$.*'], keepStack: false });
  private readonly seenIds = new Set<number>();
  private readonly found = new Map<string, SellerEntry>();
  private readonly issues = new Map<SellersJsonIssue['code'], SellersJsonIssue>();
  private sellerCount = 0;
  private version: string | null = null;

  constructor(private readonly wanted: ReadonlySet<string>) {
    this.parser.onValue = ({ value, key, stack }) => {
      // stack.length 1: a top-level key ($.version); 2: one element of $.sellers. Emitted sellers
      // are dropped from the parent (keepStack false), which is what keeps memory flat.
      if (stack.length === 1) this.topLevel(String(key), value);
      else if (stack.length === 2) this.seller(value);
    };
  }

  write(chunk: Buffer): void {
    this.parser.write(chunk);
  }

  /** Ends the stream; throws when the JSON is malformed or cut short. */
  end(): SellersJsonSummary {
    if (!this.parser.isEnded) this.parser.end();
    if (this.sellerCount === 0) this.issue('no_sellers', 'The file lists no sellers.');
    if (this.version !== null && this.version !== '1.0') this.issue('bad_version', `version "${this.version}"`);
    return { sellerCount: this.sellerCount, found: this.found, issues: [...this.issues.values()], version: this.version };
  }

  private topLevel(key: string, value: unknown): void {
    if (key === 'version') this.version = typeof value === 'string' ? value : String(value);
    else if (!FILE_KEYS.has(key)) this.issue('unknown_key', `"${key}" at the top level`);
  }

  private seller(value: unknown): void {
    this.sellerCount++;
    if (typeof value !== 'object' || value === null) return this.issue('missing_seller_id', 'a seller entry that is not an object');
    const s = value as Record<string, unknown>;
    // Ids are strings per the spec; numbers are common in the wild and mean the same seller.
    const id = typeof s.seller_id === 'string' || typeof s.seller_id === 'number' ? String(s.seller_id).trim() : '';
    if (id === '') return this.issue('missing_seller_id', JSON.stringify(value).slice(0, 120));
    const hash = idHash(id);
    if (this.seenIds.has(hash)) this.issue('duplicate_seller_id', `seller ${id}`);
    else this.seenIds.add(hash);
    for (const key of Object.keys(s)) if (!SELLER_KEYS.has(key)) this.issue('unknown_key', `"${key}" on seller ${id}`);
    const type = typeof s.seller_type === 'string' ? s.seller_type.trim().toUpperCase() : '';
    const confidential = s.is_confidential === 1 || s.is_confidential === true || s.is_confidential === '1';
    if (!SELLER_TYPES.has(type)) this.issue('bad_seller_type', `seller ${id}: seller_type ${JSON.stringify(s.seller_type ?? null)}`);
    const name = typeof s.name === 'string' && s.name.trim() !== '' ? s.name.trim() : null;
    const domain = typeof s.domain === 'string' && s.domain.trim() !== '' ? s.domain.trim().toLowerCase() : null;
    if (!confidential && name === null) this.issue('missing_name', `seller ${id}`);
    // A domain may be absent for sellers without a web presence (the spec allows it), so only PUBLISHERs are flagged.
    if (!confidential && domain === null && type === 'PUBLISHER') this.issue('missing_domain', `seller ${id}`);
    // A seller listed twice is checked against its first entry (the duplicate is reported above).
    if (!this.wanted.has(id) || this.found.has(id)) return;
    this.found.set(id, {
      sellerId: id,
      sellerType: SELLER_TYPES.has(type) ? (type as SellerEntry['sellerType']) : null,
      domain,
      name,
      confidential,
    });
  }

  private issue(code: SellersJsonIssue['code'], example: string): void {
    const existing = this.issues.get(code);
    if (existing) existing.count++;
    else this.issues.set(code, { code, count: 1, example });
  }
}
