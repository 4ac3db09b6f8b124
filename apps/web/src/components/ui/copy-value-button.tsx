import { Button, CopyButton, type ButtonProps } from '@mantine/core';

/**
 * "Copy" that says "Copied" once it has put `value` on the clipboard. `label` names what it copies
 * for a screen reader ("Copy the TXT record"), since a list of snippets has many buttons called Copy.
 */
export function CopyValueButton({
  value,
  label,
  size = 'compact-xs',
  variant = 'subtle',
}: {
  value: string;
  label: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button size={size} variant={variant} onClick={copy} aria-label={label}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      )}
    </CopyButton>
  );
}
