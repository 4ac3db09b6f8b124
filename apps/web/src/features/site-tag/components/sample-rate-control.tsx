import { useState } from 'react';
import { Button, Group, NumberInput, Popover, Stack, Text } from '@mantine/core';
import { TagSampleRateSchema, type TaggedSite } from '@pc/contracts';
import { errorMessage } from '../../../lib/api-error';
import { addToast } from '../../../lib/toast';
import { setTagSampleRate } from '../api/site-tag-api';
import { sampleRateLabel } from './sample-rate';

/**
 * Staff only (the card shows it to internal users; the API refuses everyone else): change a
 * site's sample rate, one page load in N (1-1000). `save` is the API call, replaceable in tests.
 */
export function SampleRateControl({
  site,
  onSaved,
  save = setTagSampleRate,
}: {
  site: TaggedSite;
  onSaved: () => void;
  save?: (siteId: string, oneIn: number) => Promise<unknown>;
}) {
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<string | number>(site.sampleOneIn);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const parsed = TagSampleRateSchema.safeParse({ sampleOneIn: typeof value === 'number' ? value : Number.NaN });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a whole number from 1 to 1000.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await save(site.id, parsed.data.sampleOneIn);
      addToast('success', `${site.name} now records ${sampleRateLabel(parsed.data.sampleOneIn)} of page loads.`);
      setOpened(false);
      onSaved();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withArrow position="bottom-end">
      <Popover.Target>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => setOpened((o) => !o)}
          aria-label={`Change the sample rate of ${site.name}`}
        >
          Change
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="xs" w={240}>
            <NumberInput
              label="Record one page load in"
              description="1 records every page load; figures of a sampled site are estimates."
              min={1}
              max={1000}
              allowDecimal={false}
              value={value}
              onChange={setValue}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button size="xs" type="submit" loading={busy}>
                Save
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              Staff only. The change is audited; served tags pick it up within a few minutes.
            </Text>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
