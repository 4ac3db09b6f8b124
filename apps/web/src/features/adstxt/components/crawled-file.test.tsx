import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdsTxtFileView } from './crawled-file';
import { renderWithProviders } from '../../../../test/render-with-providers';

const content = ['# comment', 'google.com, pub-1, DIRECT', 'indexexchange.com 185912 RESELLER', 'google.com, pub-1, DIRECT', ''].join(
  '\r\n',
);

describe('crawled file view', () => {
  it('numbers the lines and highlights each problem line with its severity and reason in words', () => {
    renderWithProviders(
      <AdsTxtFileView
        label="served file"
        content={content}
        problems={[
          { line: 3, severity: 'error', code: 'malformed_record', reason: 'A record needs at least three comma-separated fields.' },
          { line: 4, severity: 'warning', code: 'duplicate_line', reason: 'This line repeats line 2.' },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'served file' });
    const items = list.querySelectorAll('li');
    // CRLF and the trailing newline do not produce extra lines.
    expect(items).toHaveLength(4);
    const [first, second, third, fourth] = [...items];
    expect(first).not.toHaveAttribute('data-severity');
    expect(second).not.toHaveAttribute('data-severity');
    expect(third).toHaveAttribute('data-severity', 'error');
    expect(third).toHaveTextContent('Line 3: indexexchange.com 185912 RESELLER');
    expect(third).toHaveTextContent('Error: A record needs at least three comma-separated fields.');
    expect(fourth).toHaveAttribute('data-severity', 'warning');
    expect(fourth).toHaveTextContent('Warning: This line repeats line 2.');
  });

  it('an error outweighs a warning on the same line, and whole-file problems show above', () => {
    renderWithProviders(
      <AdsTxtFileView
        label="f"
        content="a.com, 1, SOMETIMES"
        problems={[
          { line: 0, severity: 'warning', code: 'empty_file', reason: 'File-level note.' },
          { line: 1, severity: 'warning', code: 'x', reason: 'w' },
          { line: 1, severity: 'error', code: 'bad_relationship', reason: 'Use DIRECT or RESELLER.' },
        ]}
      />,
    );
    expect(screen.getByRole('list', { name: 'f' }).querySelector('li')).toHaveAttribute('data-severity', 'error');
    expect(screen.getByText('Warning (whole file): File-level note.')).toBeInTheDocument();
  });
});
