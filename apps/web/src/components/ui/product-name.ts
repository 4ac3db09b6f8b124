import { createContext, useContext } from 'react';

/** The product name from /api/config; defaults so components render outside the app too (tests). */
export const ProductNameContext = createContext('Partners Center');

export function useProductName(): string {
  return useContext(ProductNameContext);
}
