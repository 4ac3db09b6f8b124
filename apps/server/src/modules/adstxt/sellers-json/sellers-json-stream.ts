import { JSONParser } from '@streamparser/json';

/** What sellers.json 1.0 says about one seller, as far as the ads.txt cross-check needs it. */
export interface SellerEntry {
  sellerId: string;
  sellerType: 'PUBLISHER' | 'INTERMEDIARY' | 'BOTH' | null;
  domain: string | null;
  name: string | null;
  confidential: boolean;
}

/** A departure from the IAB sellers.json 1.0 spec, counted per kind with the first example. */
export interface SellersJsonIssue {
  code: 'missing_seller_id' | 'bad_seller_type' | 'missing_name' | 'missing_domain' | 'bad_version' | 'no_sellers';
  count: number;
  example: string;
}

export interface SellersJsonSummary {
  /** Every seller listed (valid or not). */
  sellerCount: number;
  /** The wanted ids that were found; ids absent here are not in the file. */
  found: Map<string, SellerEntry>;
  issues: SellersJsonIssue[];
  version: string | null;
}

const SELLER_TYPES = new Set(['PUBLISHER', 'INTERMEDIARY', 'BOTH']);

/**
 * A streaming reader of one sellers.json file. Real files reach hundreds of megabytes, so it keeps
 * only the sellers whose ids are wanted (the account ids of ads.txt records for that advertising
 * system) plus counters: memory stays bounded by the wanted set, not by the file.
 */
export class SellersJsonStream {
  private readonly parser = new JSONParser({ paths: ['$.sellers.*', '$.version'], keepStack: false });
  private readonly found = new Map<string, SellerEntry>();
  private readonly issues = new Map<SellersJsonIssue['code'], SellersJsonIssue>();
  private sellerCount = 0;
  private version: string | null = null;

  constructor(private readonly wanted: ReadonlySet<string>) {
    this.parser.onValue = ({ value, key, stack }) => {
      // stack.length 1: a top-level key ($.version); 2: one element of $.sellers. Emitted sellers
      // are dropped from the parent (keepStack false), which is what keeps memory flat.
      if (stack.length === 1 && key === 'version') this.version = typeof value === 'string' ? value : String(value);
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

  private seller(value: unknown): void {
    this.sellerCount++;
    if (typeof value !== 'object' || value === null) return this.issue('missing_seller_id', 'a seller entry that is not an object');
    const s = value as Record<string, unknown>;
    // Ids are strings per the spec; numbers are common in the wild and mean the same seller.
    const id = typeof s.seller_id === 'string' || typeof s.seller_id === 'number' ? String(s.seller_id).trim() : '';
    if (id === '') return this.issue('missing_seller_id', JSON.stringify(value).slice(0, 120));
    const type = typeof s.seller_type === 'string' ? s.seller_type.trim().toUpperCase() : '';
    const confidential = s.is_confidential === 1 || s.is_confidential === true || s.is_confidential === '1';
    if (!SELLER_TYPES.has(type)) this.issue('bad_seller_type', `seller ${id}: seller_type ${JSON.stringify(s.seller_type ?? null)}`);
    const name = typeof s.name === 'string' && s.name.trim() !== '' ? s.name.trim() : null;
    const domain = typeof s.domain === 'string' && s.domain.trim() !== '' ? s.domain.trim().toLowerCase() : null;
    if (!confidential && name === null) this.issue('missing_name', `seller ${id}`);
    // A domain may be absent for sellers without a web presence (the spec allows it), so only PUBLISHERs are flagged.
    if (!confidential && domain === null && type === 'PUBLISHER') this.issue('missing_domain', `seller ${id}`);
    if (!this.wanted.has(id)) return;
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
