/**
 * Remembers, per seller (advertising system + exact account id), the first line it was listed as
 * DIRECT and as RESELLER, and finds account ids that differ only in letter case (they hash alike,
 * so they sit on the same probe chain). A purpose-built open-addressing table over typed arrays: a
 * 20,000-line file has ~20,000 distinct sellers, and a Map of strings (plus the key strings it
 * needs) was the largest cost in the parser's profile.
 */
export class SellerTable {
  /** slot -> entry index + 1 (0 = empty). Capacity is a power of two, kept at most half full. */
  private slots: Int32Array;
  private domainIds: Int32Array;
  /** firstLines[2e] = first DIRECT line, firstLines[2e + 1] = first RESELLER line (0 = none). */
  private firstLines: Int32Array;
  private accounts: string[] = [];
  private count = 0;

  /** Sizing up front from an estimate avoids rehashing while a large file is parsed. */
  constructor(expectedSellers = 64) {
    let capacity = 64;
    while (capacity < expectedSellers) capacity *= 2;
    this.slots = new Int32Array(capacity * 2);
    this.domainIds = new Int32Array(capacity);
    this.firstLines = new Int32Array(capacity * 2);
  }

  /**
   * Records that `line` lists the seller with the given relationship and returns the first line
   * the same seller was listed with the same relationship (0 if none), with the other one, and the
   * first line of an account id that differs only in letter case (0 if none).
   */
  see(domainId: number, accountId: string, direct: boolean, line: number): { same: number; other: number; caseVariant: number } {
    const { entry, variant } = this.find(domainId, accountId);
    const sameIndex = entry * 2 + (direct ? 0 : 1);
    const otherIndex = entry * 2 + (direct ? 1 : 0);
    const same = this.firstLines[sameIndex] ?? 0;
    if (same === 0) this.firstLines[sameIndex] = line;
    return { same, other: this.firstLines[otherIndex] ?? 0, caseVariant: variant === -1 ? 0 : this.firstLineOf(variant) };
  }

  private firstLineOf(entry: number): number {
    const d = this.firstLines[entry * 2] ?? 0;
    const r = this.firstLines[entry * 2 + 1] ?? 0;
    return d === 0 ? r : r === 0 ? d : Math.min(d, r);
  }

  /** Entry index for the seller (created when new), and an entry differing only in case (-1 if none). */
  private find(domainId: number, accountId: string): { entry: number; variant: number } {
    const mask = this.slots.length - 1;
    let slot = hashSeller(domainId, accountId) & mask;
    let variant = -1;
    for (;;) {
      const stored = this.slots[slot] ?? 0;
      if (stored === 0) break;
      const entry = stored - 1;
      if (this.domainIds[entry] === domainId) {
        const account = this.accounts[entry] ?? '';
        if (account === accountId) return { entry, variant };
        if (variant === -1 && sameIgnoringAsciiCase(account, accountId)) variant = entry;
      }
      slot = (slot + 1) & mask;
    }
    const entry = this.count++;
    this.slots[slot] = entry + 1;
    this.accounts.push(accountId);
    if (entry >= this.domainIds.length) {
      this.domainIds = grow(this.domainIds);
      this.firstLines = grow(this.firstLines);
    }
    this.domainIds[entry] = domainId;
    if (this.count * 2 > this.slots.length) this.rehash();
    return { entry, variant };
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let entry = 0; entry < this.count; entry++) {
      let slot = hashSeller(this.domainIds[entry] ?? 0, this.accounts[entry] ?? '') & mask;
      while ((slots[slot] ?? 0) !== 0) slot = (slot + 1) & mask;
      slots[slot] = entry + 1;
    }
    this.slots = slots;
  }
}

function grow(array: Int32Array): Int32Array {
  const grown = new Int32Array(array.length * 2);
  grown.set(array);
  return grown;
}

/** FNV-1a over the account id with ASCII letters folded to lower case, seeded by the domain. */
function hashSeller(domainId: number, accountId: string): number {
  let h = (0x811c9dc5 ^ Math.imul(domainId + 1, 0x9e3779b1)) | 0;
  for (let i = 0; i < accountId.length; i++) {
    let code = accountId.charCodeAt(i);
    if (code >= 65 && code <= 90) code += 32;
    h = Math.imul(h ^ code, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Account ids compare case-insensitively for ASCII letters, which is what they are made of in
 * practice; other characters must match exactly.
 */
function sameIgnoringAsciiCase(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 65 && x <= 90) x += 32;
    if (y >= 65 && y <= 90) y += 32;
    if (x !== y) return false;
  }
  return true;
}
