import { useMemo, useState } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { saveReportSettings } from '../api/saved-reports';

/** Every IANA zone the browser knows (UTC first). */
function zones(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...all.filter((z) => z !== 'UTC')];
}

/**
 * The publisher's reporting time zone: which calendar day "today" and the
 * presets mean, and when scheduled reports go out. It is the publisher's, not the browser's.
 */
export function TimeZoneControl({ publisherId, timeZone, onSaved }: { publisherId: string; timeZone: string; onSaved?: () => void }) {
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const data = useMemo(() => (editing ? zones() : []), [editing]);
  if (!editing)
    return (
      <Button size="compact-xs" variant="subtle" onClick={() => setEditing(true)}>
        Change time zone
      </Button>
    );
  return (
    <Group gap={4}>
      <Select
        size="xs"
        w={220}
        searchable
        aria-label="Reporting time zone"
        data={data}
        defaultValue={timeZone}
        disabled={saving}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        onChange={async (v) => {
          if (!v || v === timeZone) return;
          setSaving(true);
          try {
            await saveReportSettings(publisherId, { timeZone: v });
            toast.success(`Report days now follow ${v} for everyone on this publisher.`);
            setEditing(false);
            onSaved?.();
          } catch (e) {
            toast.error(`The time zone could not be saved: ${errorMessage(e)}`);
          } finally {
            setSaving(false);
          }
        }}
      />
      <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setEditing(false)}>
        Cancel
      </Button>
    </Group>
  );
}
