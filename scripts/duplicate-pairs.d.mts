export const PRODUCT_ROOTS: string[];
export function duplicatePairs(roots?: string[], root?: string): Promise<string[]>;
