import { memo, useRef, type ChangeEvent, type RefObject } from 'react';
import { Text } from '@mantine/core';
import classes from './ads-txt-editor.module.css';

type Severity = 'error' | 'warning';

const Gutter = memo(function Gutter({ count, marks }: { count: number; marks: ReadonlyMap<number, Severity> }) {
  const items = [];
  for (let n = 1; n <= count; n++) {
    const sev = marks.get(n);
    items.push(
      <span
        key={n}
        className={`${classes.gutterLine} ${sev === 'error' ? classes.gutterError : sev === 'warning' ? classes.gutterWarning : ''}`}
        data-line={n}
        data-severity={sev}
      >
        {sev === 'error' ? '✕ ' : sev === 'warning' ? '! ' : ''}
        {n}
      </span>,
    );
  }
  return items;
});

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Line -> worst severity, to mark lines in the gutter. */
  marks: ReadonlyMap<number, Severity>;
  describedBy?: string;
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
}

/** A plain textarea with a line-number gutter that scrolls along with it (no editor library). */
export function CodeEditor({ id, label, value, onChange, marks, describedBy, textareaRef }: Props) {
  const gutter = useRef<HTMLDivElement>(null);
  const lineCount = value.split('\n').length;
  return (
    <div>
      <Text component="label" htmlFor={id} size="sm" fw={500} display="block" mb={4}>
        {label}
      </Text>
      <div className={classes.frame}>
        <div className={classes.gutter} ref={gutter} aria-hidden="true">
          <Gutter count={lineCount} marks={marks} />
        </div>
        <textarea
          id={id}
          ref={textareaRef}
          className={classes.textarea}
          value={value}
          wrap="off"
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          aria-describedby={describedBy}
          onChange={(e: ChangeEvent<HTMLTextAreaElement>) => onChange(e.target.value)}
          onScroll={(e) => {
            if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
          }}
        />
      </div>
    </div>
  );
}

/** Selects line `n` (1-based) in the textarea, so a problem in the list can be jumped to. */
export function selectLine(el: HTMLTextAreaElement, n: number): void {
  const lines = el.value.split('\n');
  let start = 0;
  for (let i = 0; i < n - 1 && i < lines.length; i++) start += (lines[i]?.length ?? 0) + 1;
  const end = start + (lines[n - 1]?.length ?? 0);
  el.focus();
  el.setSelectionRange(start, end);
  const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 20;
  el.scrollTop = Math.max(0, (n - 3) * lineHeight);
}
