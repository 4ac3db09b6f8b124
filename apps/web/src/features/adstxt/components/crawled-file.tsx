import { useMemo } from 'react';
import { Text } from '@mantine/core';
import type { AdsTxtProblemItem } from '@pc/contracts';
import classes from './ads-txt-code.module.css';

export const splitLines = (content: string) =>
  content
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\n$/, '')
    .split('\n');

/** Groups problems by line; the worst severity decides the line's highlight. */
export function problemsByLine(problems: readonly AdsTxtProblemItem[]): Map<number, AdsTxtProblemItem[]> {
  const map = new Map<number, AdsTxtProblemItem[]>();
  for (const p of problems) map.set(p.line, [...(map.get(p.line) ?? []), p]);
  return map;
}

const severityOf = (ps: AdsTxtProblemItem[] | undefined) =>
  !ps ? null : ps.some((p) => p.severity === 'error') ? ('error' as const) : ('warning' as const);

/**
 * A file with line numbers; lines with problems are highlighted (error red, warning yellow) and
 * the reason is written under the line with its severity in words, so colour is never the only cue.
 */
export function AdsTxtFileView({ content, problems, label }: { content: string; problems: readonly AdsTxtProblemItem[]; label: string }) {
  const lines = useMemo(() => splitLines(content), [content]);
  const byLine = useMemo(() => problemsByLine(problems), [problems]);
  const fileProblems = byLine.get(0) ?? [];

  return (
    <>
      {fileProblems.map((p) => (
        <Text key={p.code} size="sm" c={p.severity === 'error' ? 'red.9' : undefined} fw={600} mb="xs">
          {p.severity === 'error' ? 'Error' : 'Warning'} (whole file): {p.reason}
        </Text>
      ))}
      <ol className={classes.file} aria-label={label}>
        {lines.map((text, i) => {
          const n = i + 1;
          const ps = byLine.get(n);
          const sev = severityOf(ps);
          return (
            <li key={n} className={`${classes.line} ${sev ? classes[sev] : ''}`} data-line={n} data-severity={sev ?? undefined}>
              <span className={classes.number} aria-hidden="true">
                {n}
              </span>
              <span className={classes.marker} aria-hidden="true">
                {sev === 'error' ? '✕' : sev === 'warning' ? '!' : ''}
              </span>
              <span>
                <span className="visually-hidden">Line {n}: </span>
                {text || ' '}
              </span>
              {ps?.map((p, k) => (
                <span key={k} className={`${classes.reason} ${p.severity === 'error' ? classes.reasonError : classes.reasonWarning}`}>
                  {p.severity === 'error' ? 'Error' : 'Warning'}: {p.reason}
                </span>
              ))}
            </li>
          );
        })}
      </ol>
    </>
  );
}
