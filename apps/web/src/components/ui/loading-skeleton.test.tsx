import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Skeleton } from '@mantine/core';
import { rolelessLabels } from '../../../test/aria';
import { renderWithProviders } from '../../../test/render-with-providers';
import { LoadingCard } from './loading-card';
import { LoadingSkeleton } from './loading-skeleton';

describe('LoadingSkeleton', () => {
  it('is one busy status named by what is loading, with its bars', () => {
    const { container } = renderWithProviders(<LoadingSkeleton label="Loading payments" h={40} rows={2} />);
    const status = screen.getByRole('status', { name: 'Loading payments' });
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status.querySelectorAll('.mantine-Skeleton-root')).toHaveLength(2);
    expect(rolelessLabels(container)).toEqual([]);
  });

  it('holds a layout of its own when given one', () => {
    renderWithProviders(
      <LoadingSkeleton label="Loading the domain">
        <Skeleton h={32} w="40%" />
      </LoadingSkeleton>,
    );
    expect(screen.getByRole('status', { name: 'Loading the domain' }).querySelectorAll('.mantine-Skeleton-root')).toHaveLength(1);
  });

  it('is what LoadingCard shows in its card', () => {
    const { container } = renderWithProviders(<LoadingCard label="Loading incidents" rows={4} />);
    expect(screen.getByRole('status', { name: 'Loading incidents' }).querySelectorAll('.mantine-Skeleton-root')).toHaveLength(4);
    expect(rolelessLabels(container)).toEqual([]);
  });
});
