import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import type { PublicConfig } from '@pc/contracts';
import { theme } from './theme';
import { ConfigContext } from '../lib/config-context';
import { ProductNameContext } from '../components/ui/product-name';
import { Toaster } from '../components/ui/toaster';

export function BaseProviders({ children, productName = 'Partners Center' }: { children: ReactNode; productName?: string }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <ProductNameContext.Provider value={productName}>
        {children}
        <Toaster />
      </ProductNameContext.Provider>
    </MantineProvider>
  );
}

export function AppProviders({ config, children }: { config: PublicConfig; children: ReactNode }) {
  return (
    <BaseProviders productName={config.productName}>
      <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>
    </BaseProviders>
  );
}
